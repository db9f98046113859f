/**
 * Held fee actions expire (a week, never past the end of the month they were asked in): the pass
 * tells the requester and the admins once, and a late approval cannot run it or spend next month.
 */
import type { WebClient } from "@slack/web-api";
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
  const client = { chat: { postMessage: async (a: { channel: string; text: string }) => (posts.push(a), { ok: true, ts: `${posts.length}.0`, channel: a.channel }) } };
  return { posts, client: client as unknown as WebClient };
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
});
