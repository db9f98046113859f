/**
 * Sign-off and snooze on what the outbox really posts (issue 12): a docket push becomes a case
 * root and a headline broadcast from its thread; Docketed ✓ and Assign on that headline are
 * stored and shown in place; the Snooze menu on that root mutes the case under the key delivery
 * checks, so the next order stays in the thread; unmuting lets the channel see the next one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
const COURT = "Delaware District Court";
const DOCKET = "1:26-cv-00042";

async function push(entries: { number: string; contents: string }[]): Promise<void> {
  const body = {
    push_type: "docket", client_matter: "ACME-001", court: COURT, docket: DOCKET,
    info: { title: "Crashco Inc. v. Durable LLC", date_filed: "1/2/2026" },
    docket_report: entries.map((e) => ({ date: "11/20/2026", ...e })), parties: [],
  };
  await h.store.storePush({ body: JSON.stringify(body), receivedAt: Date.now(), pushType: "docket", clientMatter: "ACME-001" });
  h.bot.outbox?.notify();
}

const channelMessages = () => h.slack.state.messages(ACME_CHANNEL);
const hasAction = (m: { blocks?: unknown[] }, id: string) => JSON.stringify(m.blocks ?? []).includes(`"action_id":"${id}"`);

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

describe("on the outbox's own messages", () => {
  let headlineTs: string;
  let rootTs: string;

  it("Docketed ✓ and Assign on a delivered headline are stored and shown in place", async () => {
    await push([{ number: "101", contents: "ORDER granting motion to dismiss" }]);
    const headline = await h.slack.waitFor(() => channelMessages().find((m) => hasAction(m, "filing_docketed")), { timeoutMs: 10_000, what: "the headline" });
    headlineTs = headline.ts;
    rootTs = (await h.store.getCaseThread({ teamId: TEAM, channelId: ACME_CHANNEL, court: COURT, docket: DOCKET }))!.rootTs;

    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed" });
    await h.slack.waitFor(() => JSON.stringify(h.slack.state.message(ACME_CHANNEL, headlineTs)?.blocks ?? []).includes(`✓ Docketed by <@${MEMBER}>`), { what: "Docketed shown" });
    // Clicked before the outbox noted which message carries the filing (after the thread reply): it
    // is named by the headline's own blocks.
    const id = Number(/"block_id":"filing:(\d+)"/.exec(JSON.stringify(headline.blocks))![1]);
    const filing = await h.store.getFiling(id, { matters: ["ACME-001"] });
    expect(filing).toMatchObject({ entryNumber: "101", docketedBy: MEMBER });

    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_assign", blockId: `filing_assign:${filing!.id}`, value: ADMIN });
    await h.slack.waitFor(() => JSON.stringify(h.slack.state.message(ACME_CHANNEL, headlineTs)?.blocks ?? []).includes(`Assigned to <@${ADMIN}>`), { what: "Assign shown" });
    // Still the headline it was, with its sign-off: identity line and entry kept.
    const json = JSON.stringify(h.slack.state.message(ACME_CHANNEL, headlineTs)?.blocks);
    expect(json).toContain("Crashco Inc. v. Durable LLC");
    expect(json).toContain("✓ Docketed by");
  });

  it("Snooze on the delivered root mutes the case for delivery, which never hides an order (issue 22 item 3); unmuting", async () => {
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: rootTs, actionId: "case_snooze", value: "unmuted" });
    await h.slack.waitFor(() => h.slack.state.thread(ACME_CHANNEL, rootTs).find((m) => m.text.startsWith("Muted until unmuted")), { what: "the note" });
    expect(await h.store.activeSnooze({ teamId: TEAM, channelId: ACME_CHANNEL, court: COURT, docket: DOCKET })).toMatchObject({ mode: "unmuted" });

    const headlines = () => channelMessages().filter((m) => hasAction(m, "filing_docketed")).length;
    const before = headlines();
    await push([{ number: "102", contents: "ORDER setting trial date" }]);
    await h.slack.waitFor(() => headlines() > before || undefined, { timeoutMs: 10_000, what: "the order's headline while muted" });
    expect(headlines()).toBe(before + 1);

    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: rootTs, actionId: "case_snooze", value: "off" });
    await h.slack.waitFor(() => h.slack.state.thread(ACME_CHANNEL, rootTs).find((m) => m.text.startsWith("Unmuted by")), { what: "the unmute note" });
    await push([{ number: "103", contents: "ORDER on motion in limine" }]);
    await h.slack.waitFor(() => headlines() > before + 1 || undefined, { timeoutMs: 10_000, what: "a new headline" });
  });
});
