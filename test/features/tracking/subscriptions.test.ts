/**
 * Several matters tracking one case (issue 13, Tests), end to end over real HTTP: the Slack
 * stand-in, the bot, the docket emulator and its pushes. Two channels, two matters, one case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePickMatter } from "../../../src/features/tracking/views/tracking-values.ts";
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

/** Runs a command whose result replaces its working line; resolves with the final post. */
async function run(text: string, user: string, channel: string) {
  const from = mark(h);
  const d = await command(h, text, user, channel);
  if (!ackBody(d).text.startsWith(":hourglass")) return { from, text: ackBody(d).text, outcome: "ack", body: ackBody(d) };
  const post = await waitForResponse(h, from, (p) => p.outcome !== "deleted" && !bodyOf(p).text?.startsWith(":hourglass"), `the result of ${text}`);
  return { from, text: bodyOf(post).text ?? "", outcome: post.outcome, body: bodyOf(post) };
}

/** Clicks `actionId` on the user's latest ephemeral in the channel; resolves with the first post matching `final`. */
async function click(user: string, channel: string, actionId: string, final: (text: string, outcome: string) => boolean) {
  const e = lastEphemeral(h, user, channel)!;
  const from = mark(h);
  await h.slack.sendBlockAction({ user, actionId, ephemeral: e.message_ts });
  const post = await waitForResponse(h, from, (p) => p.outcome !== "deleted" && final(bodyOf(p).text ?? "", p.outcome), `the result of ${actionId}`);
  return { from, text: bodyOf(post).text ?? "", outcome: post.outcome, body: bodyOf(post), ts: post.ts };
}

/**
 * A docket push as the service sends it, tagged with whatever matter the service's tracker carries,
 * taken in as the intake does (the harness's bot has no push route), then the outbox is woken.
 */
let entry = 200;
async function push(): Promise<number> {
  const before = (await h.store.listDeliveries({ limit: 1000 })).length;
  const tag = (await tracker())?.client_matter ?? "";
  entry += 1;
  const body = {
    push_type: "docket", client_matter: tag, court: FLAGSHIP.court, docket: FLAGSHIP.docket,
    info: { title: "Acme Widgets, Inc. v. Globex Corporation" },
    docket_report: [{ number: String(entry), date: "11/20/2026", contents: `ORDER number ${entry}` }], parties: [],
  };
  await h.store.storePush({ body: JSON.stringify(body), receivedAt: Date.now(), pushType: "docket", clientMatter: tag });
  h.bot.outbox?.notify();
  return before;
}
const posted = (channel: string) => h.slack.state.messages(channel).filter((m) => textOf(m).includes(`ORDER number ${entry}`));
const deliveriesSince = async (before: number) =>
  (await h.store.listDeliveries({ limit: 1000 })).slice(before).map((d) => `${d.channelId}:${d.clientMatter}`).sort();

describe("two matters, one case", () => {
  it("both subscribe; the tracker is their union; neither channel hears of the other", async () => {
    const acme = await run("track nysd 1:23-cv-01234 daily", MEMBER, ACME_CHANNEL);
    expect(acme.outcome).toBe("in_channel");
    const ip = await run("track nysd 1:23-cv-01234 weekly", MEMBER, IP_CHANNEL);
    expect(ip.outcome).toBe("in_channel");
    expect(ip.text).toMatch(/for IP-007, checked weekly(?: · [^.]*? found: .*)?\.$/);
    expect(textOf(ip.body)).not.toMatch(/ACME|daily/);
    expect(await tracker()).toMatchObject({ enabled: true, frequency: "daily", client_matter: "ACME-001" });
    expectValidPayloads(h, acme.from);
  });

  it("one push reaches both channels, each under its own matter", async () => {
    const before = await push();
    expect(await deliveriesSince(before)).toEqual([`${ACME_CHANNEL}:ACME-001`, `${IP_CHANNEL}:IP-007`]);
    await h.slack.waitFor(() => (posted(ACME_CHANNEL).length > 0 && posted(IP_CHANNEL).length > 0 ? true : undefined), { what: "the alert in both channels" });
    // Each channel's alert names its own matter only.
    expect(posted(IP_CHANNEL).map(textOf).join("\n")).not.toContain("ACME-001");
    expect(posted(ACME_CHANNEL).map(textOf).join("\n")).not.toContain("IP-007");
  });

  it("lists each channel's own subscription, at its own frequency, and nothing of the other's", async () => {
    const ip = await run("tracking", MEMBER, IP_CHANNEL);
    expect(ip.text).toBe("This channel tracks 1 case for IP-007.");
    expect(textOf(ip.body)).toContain("weekly");
    expect(textOf(ip.body)).not.toMatch(/ACME|daily/);
    const acme = await run("tracking", MEMBER, ACME_CHANNEL);
    expect(acme.text).toBe("This channel tracks 1 case for ACME-001.");
    expect(textOf(acme.body)).not.toMatch(/IP-007/);
  });

  it("Home and usage show each channel's own matter only, though both follow the case", async () => {
    // MEMBER is in #litigation-acme only: their Home lists ACME-001's subscription, nothing of IP-007's.
    await h.slack.openAppHome(MEMBER);
    await h.slack.waitFor(() => (JSON.stringify(h.slack.state.homeView(MEMBER)?.blocks ?? []).includes("Checked daily") ? true : undefined), { what: "MEMBER's Home" });
    const home = textOf(h.slack.state.homeView(MEMBER)!);
    expect(home).toContain("ACME-001");
    expect(home).not.toMatch(/IP-007|weekly/i);
    const usage = ackBody(await command(h, "usage", MEMBER, ACME_CHANNEL));
    expect(textOf(usage)).not.toContain("IP-007");
  });

  it("a member cannot lower a frequency; an admin can; a member can raise it", async () => {
    const refused = await run("track nysd 1:23-cv-01234 monthly", MEMBER, ACME_CHANNEL);
    expect(refused.outcome).toBe("replaced");
    expect(refused.text).toBe("Only a docketbot admin can make ACME-001 check this less often (it is checked daily). Ask an admin, or pick the same or a more frequent one.");
    expect((await h.store.subscriptionsOf(TEAM, ["ACME-001"]))[0]?.frequency).toBe("daily");
    const raised = await run("track nysd 1:23-cv-01234 realtime", MEMBER, IP_CHANNEL);
    expect(raised.text).toMatch(/for IP-007, checked in real time(?: · [^.]*? found: .*)?\.$/);
    expect(await tracker()).toMatchObject({ frequency: "realtime", client_matter: "ACME-001" });
    const asked = await run("track nysd 1:23-cv-01234 weekly", ADMIN, IP_CHANNEL);
    expect(asked.text).toMatch(/less often for IP-007: weekly instead of in real time\?$/);
    expect(await tracker()).toMatchObject({ frequency: "realtime" }); // asked, not done
    const lowered = await click(ADMIN, IP_CHANNEL, "track_matter:lower", (_t, o) => o === "in_channel");
    expect(lowered.text).toMatch(/for IP-007, checked weekly(?: · [^.]*? found: .*)?\.$/);
    expect(await tracker()).toMatchObject({ frequency: "daily", client_matter: "ACME-001" });
  });

  it("bad input changes nothing: an unknown frequency, a forged matter button", async () => {
    const before = await h.store.subscriptionsOf(TEAM, ["ACME-001", "IP-007"]);
    const d = await command(h, "track nysd 1:23-cv-01234 hourly", MEMBER, IP_CHANNEL);
    expect(ackBody(d).text).toMatch(/^"hourly" is not a tracking frequency/);
    // A channel with two matters gets the pick-a-matter buttons; one is edited to name a matter the channel doesn't have.
    await h.linkMatter(IP_CHANNEL, "IP-008");
    await command(h, "track nysd 1:23-cv-01234 monthly", MEMBER, IP_CHANNEL);
    const pick = lastEphemeral(h, MEMBER, IP_CHANNEL)!;
    const from = mark(h);
    await h.slack.sendBlockAction({
      user: MEMBER, actionId: "track_matter:0", ephemeral: pick.message_ts,
      value: encodePickMatter({ target: { court: "nysd", docket: FLAGSHIP.docket }, frequency: "monthly", matter: "ACME-001" }),
    });
    await waitForResponse(h, from, (p) => /isn't linked to this channel/.test(bodyOf(p).text ?? ""), "the refusal");
    expect(await h.store.subscriptionsOf(TEAM, ["ACME-001", "IP-007"])).toEqual(before);
  });

  it("untrack in one channel keeps the other's alerts; the tracker moves to the remaining subscriber", async () => {
    const asked = await command(h, "untrack nysd 1:23-cv-01234", MEMBER, ACME_CHANNEL);
    expect(ackBody(asked).text).toBe("Stop tracking 1:23-cv-01234 · S.D.N.Y. for ACME-001?");
    expect(textOf(ackBody(asked))).toContain(`no longer be posted to <#${ACME_CHANNEL}>`);
    expect(textOf(ackBody(asked))).not.toContain("IP-007");
    const stop = await click(MEMBER, ACME_CHANNEL, "untrack_case:confirm", (_t, o) => o === "in_channel");
    expect(stop.text).toBe("Stopped tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001.");
    expect(await tracker()).toMatchObject({ enabled: true, frequency: "weekly", client_matter: "IP-007" });
    const before = await push();
    expect(await deliveriesSince(before)).toEqual([`${IP_CHANNEL}:IP-007`]);
    await h.slack.waitFor(() => (posted(IP_CHANNEL).length > 0 ? true : undefined), { what: "the alert in #ip" });
    expect(posted(ACME_CHANNEL)).toEqual([]);
  });

  it("stores an audit row for each action, behind each matter's wall", async () => {
    // Each matter's link (the harness links them) is in its trail too: tracking is what this checks.
    const acme = (await h.store.auditLog(TEAM, { matters: ["ACME-001"] })).filter((e) => e.action !== "link");
    expect(acme.map((e) => [e.action, e.userId, e.channelId]).reverse()).toEqual([
      ["track", MEMBER, ACME_CHANNEL],
      ["untrack", MEMBER, ACME_CHANNEL],
    ]);
    const ip = (await h.store.auditLog(TEAM, { matters: ["IP-007"] })).filter((e) => e.action !== "link");
    expect(ip.map((e) => [e.action, e.userId, e.detail]).reverse()).toEqual([
      ["track", MEMBER, "weekly"],
      ["frequency", MEMBER, "weekly → realtime"],
      ["frequency", ADMIN, "realtime → weekly"],
    ]);
    expect(ip.every((e) => e.clientMatter === "IP-007")).toBe(true);
    expect(lastEphemeral(h, MEMBER, ACME_CHANNEL)).toBeDefined();
  });

  it("lowering and untracking ask first and tell every channel that loses alerts; Undo restores", async () => {
    // ACME-001 in a second channel: #ip-portfolio now also carries it.
    await h.linkMatter(IP_CHANNEL, "ACME-001");
    await run("track nysd 1:23-cv-01234 daily", MEMBER, ACME_CHANNEL);
    const seen = h.slack.state.messages(IP_CHANNEL).length;
    await run("track nysd 1:23-cv-01234 weekly", ADMIN, ACME_CHANNEL);
    await click(ADMIN, ACME_CHANNEL, "track_matter:lower", (_t, o) => o === "in_channel");
    const told = await h.slack.waitFor(() => h.slack.state.messages(IP_CHANNEL).slice(seen).find((m) => m.text.includes("for ACME-001, checked weekly")), { what: "the lowered notice in #ip" });
    expect(textOf(told)).toContain("(was daily)");

    const before = h.slack.state.messages(IP_CHANNEL).length;
    await command(h, "untrack nysd 1:23-cv-01234", ADMIN, ACME_CHANNEL);
    expect(lastEphemeral(h, ADMIN, ACME_CHANNEL)?.text).toBe("Stop tracking 1:23-cv-01234 · S.D.N.Y. for ACME-001?");
    const stop = await click(ADMIN, ACME_CHANNEL, "untrack_case:confirm", (_t, o) => o === "in_channel");
    const elsewhere = await h.slack.waitFor(() => h.slack.state.messages(IP_CHANNEL).slice(before).find((m) => m.text.startsWith("Stopped tracking")), { what: "the stop notice in #ip" });
    expect(textOf(elsewhere)).toContain(`in <#${ACME_CHANNEL}>`);
    expect((await h.store.subscriptionsOf(TEAM, ["ACME-001"])).length).toBe(0);

    // Undo, from the channel's own announcement: ACME-001 tracks it again, weekly as before.
    const from = mark(h);
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: stop.ts!, actionId: "track_matter:undo0" });
    await waitForResponse(h, from, (p) => p.outcome === "in_channel" && /for ACME-001, checked weekly(?: · [^.]*? found: [^\n]*?)?\.[\s\S]*?(No alerts came in|\d+ alerts? .*arrived) while it was stopped/.test(bodyOf(p).text ?? ""), "the undo");
    expect((await h.store.subscriptionsOf(TEAM, ["ACME-001"])).map((x) => x.frequency)).toEqual(["weekly"]);
    expectValidPayloads(h);
  });

  it("/docket audit shows admins the channel's own matters only; export uploads a CSV; members are refused", async () => {
    const refused = await command(h, "audit", MEMBER, ACME_CHANNEL);
    expect(ackBody(refused).text).toBe("Only docketbot admins can see the audit trail. Ask one of them to run `/docket audit` here.");
    // Unlinking and linking from the command are audited too.
    await command(h, "matter unlink ACME-001", ADMIN, IP_CHANNEL);
    await h.slack.waitFor(async () => ((await h.store.auditLog(TEAM, { matters: ["ACME-001"] }))[0]?.action === "unlink" ? true : undefined), { what: "the unlink audit" });

    const acme = ackBody(await command(h, "audit", ADMIN, ACME_CHANNEL));
    expect(acme.text).toMatch(/^Audit trail for ACME-001: the latest \d+ actions\.$/);
    expect(textOf(acme)).toMatch(/unlinked the matter from <#C0IP>/);
    expect(textOf(acme)).toMatch(/stopped tracking 1:23-cv-01234/);
    expect(textOf(acme)).not.toContain("IP-007");
    const ip = ackBody(await command(h, "audit", ADMIN, IP_CHANNEL));
    expect(textOf(ip)).not.toContain("ACME-001");
    expect(textOf(ip)).toContain("IP-007");

    const d = await command(h, "audit export", ADMIN, ACME_CHANNEL);
    expect(ackBody(d).text).toMatch(/Preparing the audit trail/);
    const file = await h.slack.waitFor(() => h.slack.state.files().find((f) => f.name.startsWith("docketbot-audit-")), { what: "the CSV" });
    // The stand-in keeps the uploaded bytes (its state's file store; the view type doesn't list it).
    const store = (h.slack.state as unknown as { fileStore: { get(id: string): { bytes?: Buffer } | undefined } }).fileStore;
    const csv = store.get(file.id)!.bytes!.toString("utf8");
    expect(csv.split("\r\n")[0]).toMatch(/^"time_utc","action","user","matter"/);
    expect(csv).toContain('"untrack","U0ADMIN","ACME-001"');
    expect(csv).not.toContain("IP-007");
  });
});
