/**
 * Budgets hold against fee actions clicked at once: 50 PACER Run clicks through the real Bolt app
 * over HTTP, the sandbox's docket emulator as the witness of what ran. Each click reserves its
 * price with the cap check (fee-gate.ts), so no more run than the cap has room for; the rest wait
 * for an admin's approval.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EphemeralMessage } from "../../../sandbox/slack/types.ts";
import { ACME_CHANNEL, ADMIN, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, command } from "../tracking/helpers.ts";

let h: BotHarness;
const pacerCalls = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("searchpacer"));

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

async function card(i: number): Promise<EphemeralMessage> {
  const delivery = await h.slack.sendCommand({ text: `pacer Concurrent${i} court:nysd`, user: MEMBER, channel: ACME_CHANNEL });
  expect(delivery.status).toBe(200);
  return h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
}

describe("concurrent fee actions against a budget", () => {
  it("50 PACER Run clicks at once against a $1.00 cap run five ($0.20 each); the other 45 wait for an admin", async () => {
    expect(ackBody(await command(h, "budget set ACME-001 $1.00", ADMIN, ACME_CHANNEL)).text).toContain("monthly budget is now $1.00");
    const cards: EphemeralMessage[] = [];
    for (let i = 0; i < 50; i++) cards.push(await card(i));
    const before = pacerCalls().length;

    const clicks = await Promise.all(cards.map((c) => h.slack.sendBlockAction({ user: MEMBER, actionId: "pacer_run", ephemeral: c.message_ts })));
    const settled = (d: (typeof clicks)[number]) =>
      h.slack.responses.filter((p) => p.url === d.responseUrl).some((p) => /PACER found|PACER: |waiting for an admin's approval/.test(JSON.stringify(p.body)));
    await h.slack.waitFor(() => (clicks.every(settled) ? true : undefined), { timeoutMs: 60_000, what: "every click's outcome" });

    expect(pacerCalls().length - before).toBe(5);
    expect(pacerCalls().slice(before).every((e) => e.client_matter === "ACME-001")).toBe(true);
    expect(await h.store.feeActionsAwaiting(["ACME-001"], 100)).toHaveLength(45);
    // What the ledger says was spent is within the cap, and no reservation is left holding room.
    const { start, end } = { start: Date.UTC(2000, 0, 1), end: Date.UTC(3000, 0, 1) };
    const rows = (await h.store.usageEntries({ matters: ["ACME-001"], start, end, limit: 1000 })).filter((e) => e.endpoint === "searchpacer");
    expect(rows).toHaveLength(5);
    const view = ackBody(await command(h, "budget", MEMBER, ACME_CHANNEL));
    expect(JSON.stringify(view)).toContain("*Spent this month*\\n$1.00 (100%)");
    expect(JSON.stringify(view)).toContain("*Waiting for approval*\\n45");
  }, 120_000);
});
