/**
 * Undo of an untrack, end to end: what arrived while the matter's subscription was off reaches
 * the channel on Undo, and the "Stopped tracking" message stays, amended with who undid it and when.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, bodyOf, command, expectValidPayloads, lastEphemeral, mark, textOf, waitForResponse } from "./helpers.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => {
  await h?.close();
});

const tracker = async () => (await h.bot.docket.listTrackers({ limit: 50 })).data.dockets.find((t) => t.docket === FLAGSHIP.docket);

async function run(text: string, user: string, channel: string) {
  const from = mark(h);
  const d = await command(h, text, user, channel);
  if (!ackBody(d).text.startsWith(":hourglass")) return;
  await waitForResponse(h, from, (p) => p.outcome !== "deleted" && !bodyOf(p).text?.startsWith(":hourglass"), `the result of ${text}`);
}

/** A docket push as the service sends it, tagged with the tracker's matter, taken in as the intake does. */
async function push(n: number): Promise<string> {
  const tag = (await tracker())?.client_matter ?? "";
  const contents = `ORDER number ${n}`;
  const body = {
    push_type: "docket", client_matter: tag, court: FLAGSHIP.court, docket: FLAGSHIP.docket,
    info: { title: "Acme Widgets, Inc. v. Globex Corporation" },
    docket_report: [{ number: String(n), date: "11/20/2026", contents }], parties: [],
  };
  await h.store.storePush({ body: JSON.stringify(body), receivedAt: Date.now(), pushType: "docket", clientMatter: tag });
  h.bot.outbox?.notify();
  return contents;
}
const posted = (channel: string, contents: string) => h.slack.state.messages(channel).filter((m) => textOf(m).includes(contents));

describe("Undo of an untrack", () => {
  it("delivers what arrived while the subscription was off, and keeps the stop message, amended", async () => {
    await run("track nysd 1:23-cv-01234 daily", MEMBER, ACME_CHANNEL);
    await run("track nysd 1:23-cv-01234 daily", MEMBER, IP_CHANNEL);

    await command(h, "untrack nysd 1:23-cv-01234", ADMIN, ACME_CHANNEL);
    const confirm = lastEphemeral(h, ADMIN, ACME_CHANNEL)!;
    let from = mark(h);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "untrack_case:confirm", ephemeral: confirm.message_ts });
    const stop = await waitForResponse(h, from, (p) => p.outcome === "in_channel", "the stop");
    expect(bodyOf(stop).text).toMatch(/^Stopped tracking/);

    // A filing arrives meanwhile: the other matter's channel gets it, this one does not.
    const meanwhile = await push(901);
    await h.slack.waitFor(() => posted(IP_CHANNEL, meanwhile)[0], { what: "the filing in #ip" });
    expect(posted(ACME_CHANNEL, meanwhile)).toEqual([]);

    from = mark(h);
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: stop.ts!, actionId: "track_matter:undo0" });
    const again = await waitForResponse(h, from, (p) => p.outcome === "in_channel", "the undo");
    expect(bodyOf(again).text).toMatch(/for ACME-001, checked daily(?: · [^\n]*? found: [^\n]*?)?\. 1 alert that arrived while it was stopped is being posted to this matter's channels now\.$/);
    expect((await h.store.subscriptionsOf(TEAM, ["ACME-001"])).map((x) => x.frequency)).toEqual(["daily"]);

    // The filing that came meanwhile reaches this channel.
    await h.slack.waitFor(() => posted(ACME_CHANNEL, meanwhile)[0], { what: "the missed filing in #acme" });

    // The stop message is still there, its Undo gone, saying who undid it and when.
    await waitForResponse(h, from, (p) => p.outcome === "replaced" && p.ts === stop.ts, "the amended stop message");
    const amended = h.slack.state.message(ACME_CHANNEL, stop.ts!)!;
    expect(amended.text).toMatch(/^Stopped tracking .* Undone\.$/);
    expect(textOf(amended)).toContain(`Undone by <@${MEMBER}> <!date^`);
    expect(textOf(amended)).not.toContain("track_matter:undo0");
    expectValidPayloads(h);
  });
});
