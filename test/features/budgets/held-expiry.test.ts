/**
 * Held fee actions expire (a week, never past the end of the month they were asked in): the pass
 * tells the requester and the admins once, and a late approval cannot run it or spend next month.
 */
import type { WebClient } from "@slack/web-api";
import nock from "nock";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createFeeActions, heldUntil } from "../../../src/features/budgets/fee-actions.ts";
import { createHeldFeeExpiry } from "../../../src/features/budgets/held-expiry.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const DAY = 86_400_000;
let store: SqliteStore | undefined;
afterEach(async () => store?.close());

function fakeSlack() {
  const posts: { channel: string; text: string }[] = [];
  const updates: { channel: string; ts: string; text: string }[] = [];
  const client = {
    chat: {
      postMessage: async (a: { channel: string; text: string }) => (posts.push(a), { ok: true, ts: `${posts.length}.0`, channel: a.channel }),
      update: async (a: { channel: string; ts: string; text: string }) => (updates.push(a), { ok: true }),
    },
  };
  return { posts, updates, client: client as unknown as WebClient };
}

describe("held fee actions expire", () => {
  it("a week after it was asked, or at the end of its month, whichever is first", () => {
    expect(heldUntil(Date.UTC(2026, 10, 3, 12))).toBe(Date.UTC(2026, 10, 10, 12));
    expect(heldUntil(Date.UTC(2026, 10, 28, 12))).toBe(Date.UTC(2026, 11, 1));
  });

  it("the pass expires it and tells its requester and the admins once; a late approval runs nothing", async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 28, 12));
    const logger = pino({ level: "silent" });
    store = await openSqliteStore({ path: ":memory:", clock });
    const admins = new Set(["U0ADMIN"]);
    const actions = createFeeActions({ store, clock, logger, admins });
    const slack = fakeSlack();
    let ran = 0;
    actions.register("ask", async () => void ran++);
    const held = await actions.holdForApproval(slack.client, {
      teamId: "T1", clientMatter: "ACME-001", requestedBy: "U0MEMBER", channelId: "C0ACME", kind: "ask",
      what: "This question", summary: "Who is the judge?", data: {}, expected: 0.09,
    }, { spent: 1, cap: 1 });
    expect(held.expiresAt).toBe(Date.UTC(2026, 11, 1));
    const expiry = createHeldFeeExpiry({ store, clock, logger, admins, client: slack.client });
    expect(await expiry.runDue()).toEqual([]);
    slack.posts.length = 0;

    // Into December: November's approval can no longer spend.
    await clock.advance(Date.UTC(2026, 11, 1, 9) - clock.now());
    expect(await actions.release(slack.client, held.id, { as: "approve", userId: "U0ADMIN" })).toMatchObject({ ok: false, reason: "gone" });
    expect(ran).toBe(0);
    const expired = await expiry.runDue();
    expect(expired.map((a) => [a.id, a.status])).toEqual([[held.id, "expired"]]);
    expect(slack.posts.map((p) => p.channel)).toEqual(["U0MEMBER", "U0ADMIN"]);
    expect(slack.posts[0]!.text).toBe(
      "This question (Who is the judge?) for *ACME-001*, asked by <@U0MEMBER>, expired before anyone cleared it: it never ran and nothing was charged. " +
        "A fee waits a week at most, and never past the end of the month it was asked in; ask again if it's still needed.",
    );
    expect(await expiry.runDue()).toEqual([]);
    expect(slack.posts).toHaveLength(2);
    expect(await store.nextFeeActionExpiry()).toBeUndefined();
  });

  it("replaces each expired action's card: a posted one by chat.update, an ephemeral one through its response_url while it works", async () => {
    // Ten minutes before the month ends: held until then, so a card shown through a response_url
    // (good for 30 minutes) can still be replaced when it expires.
    const clock = new FakeClock(Date.UTC(2026, 10, 30, 23, 50));
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
    store = await openSqliteStore({ path: ":memory:", clock });
    const admins = new Set(["U0ADMIN"]);
    const actions = createFeeActions({ store, clock, logger, admins });
    const slack = fakeSlack();
    const input = { teamId: "T1", clientMatter: "ACME-001", requestedBy: "U0MEMBER", channelId: "C0ACME", kind: "ask", summary: "Who?", data: {}, expected: 0.09 };
    const posted = await actions.holdForApproval(slack.client, { ...input, what: "This question" }, { spent: 1, cap: 1 });
    const shown = await actions.holdForApproval(slack.client, { ...input, what: "This PACER search" }, { spent: 1, cap: 1 });
    const foreign = await actions.holdForApproval(slack.client, { ...input, what: "Refresh from court" }, { spent: 1, cap: 1 });
    const stale = await actions.holdForApproval(slack.client, { ...input, what: "Getting a document from the court" }, { spent: 1, cap: 1 });
    await store.setFeeActionCard(posted.id, { channel: "C0ACME", ts: "1700000000.000100" });
    await store.setFeeActionCard(shown.id, { responseUrl: "https://hooks.slack.com/actions/T1/1/secret", until: clock.now() + 29 * 60_000 });
    await store.setFeeActionCard(foreign.id, { responseUrl: "https://evil.example/actions/T1/2/secret", until: clock.now() + 29 * 60_000 });
    // Its URL stops working before the action expires: not posted to (nock would refuse it).
    await store.setFeeActionCard(stale.id, { responseUrl: "https://hooks.slack.com/actions/T1/3/secret", until: clock.now() + 5 * 60_000 });
    const hook = nock("https://hooks.slack.com")
      .post("/actions/T1/1/secret", (body: { replace_original?: boolean; text?: string }) =>
        body.replace_original === true && body.text === ":hourglass: This PACER search expired before anyone cleared it; nothing was charged. Ask again if it's still needed.")
      .reply(200, { ok: true });
    try {
      await clock.advance(10 * 60_000);
      const expiry = createHeldFeeExpiry({ store, clock, logger, admins, client: slack.client });
      expect((await expiry.runDue()).map((a) => a.id)).toEqual([posted.id, shown.id, foreign.id, stale.id]);
      expect(slack.updates.map((u) => [u.channel, u.ts, u.text])).toEqual([
        ["C0ACME", "1700000000.000100", ":hourglass: This question expired before anyone cleared it; nothing was charged. Ask again if it's still needed."],
      ]);
      expect(hook.isDone()).toBe(true);
      // A stored URL on any other host is never posted to: logged, and the pass goes on.
      expect(warnings.join("\n")).toContain("not a Slack response_url host: evil.example");
      expect(warnings.join("\n")).not.toContain("secret");
      expect(warnings.filter((w) => w.includes("could not replace"))).toHaveLength(1);
    } finally {
      nock.cleanAll();
    }
  });
});
