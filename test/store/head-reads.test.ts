/**
 * The outbox reads every channel's head on every wake (dueChannels, nextWakeAt, strandedChannels).
 * Their cost must not grow with the backlog: on SQLite (which runs them on the event loop) each
 * step over deliveries is an index SEARCH, one per channel with work, never a SCAN of every waiting
 * delivery (sqlite.org/eqp.html). And they find the right heads among many channels.
 */
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { headReads } from "../../src/store/areas/heads.ts";
import { sqliteDialect } from "../../src/store/sqlite/dialect.ts";
import { open, pushInput, tempDir, TEAM } from "./helpers.ts";

const reads = headReads(sqliteDialect);

describe("the outbox's head reads", () => {
  const dirs: { cleanup(): void }[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it("seek each channel's head in the open-deliveries index instead of scanning the backlog", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const { store } = await open({ path: dir.file() });
    await store.close();
    const db = new DatabaseSync(dir.file());
    try {
      for (const [name, st] of Object.entries(reads)) {
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${st.sql}`).all().map((r) => String(r.detail));
        const scans = plan.filter((d) => /^SCAN (deliveries|d|n)\b/.test(d));
        expect(scans, `${name}: ${plan.join(" | ")}`).toEqual([]);
        // From one head to the next channel of its team: a seek on both columns, not on team_id alone
        // (which reads the rest of the team's backlog, the whole backlog when one channel has it).
        expect(plan.some((d) => d.includes("deliveries_open_by_channel (team_id=? AND channel_id>?)")), name).toBe(true);
      }
    } finally {
      db.close();
    }
  });

  it("find the head of every channel with work, whatever the backlog behind it", async () => {
    const { store, clock } = await open();
    const channels = ["C03", "C01", "C02", "C04"].map((channelId) => ({ teamId: TEAM, channelId }));
    for (const c of channels) await store.linkMatter({ ...c, clientMatter: `M-${c.channelId}`, linkedBy: "U1" });
    await store.linkMatter({ teamId: "T0000", channelId: "C01", clientMatter: "M-C01", linkedBy: "U1" });
    for (let i = 0; i < 40; i++) await store.storePush(pushInput(`M-${channels[i % 3]!.channelId}`, i));
    // C02's head is in flight (not due, and stranded once no lane holds it); C03's waits a minute.
    const c02 = (await store.listDeliveries({ channel: channels[2]! }))[0]!;
    expect(await store.markInFlight(c02.id)).toBe(true);
    const c03 = (await store.listDeliveries({ channel: channels[0]! }))[0]!;
    await store.markRetry(c03.id, { nextAttemptAt: clock.now() + 60_000, error: "429" });
    const due = await store.dueChannels();
    expect(due.map((c) => `${c.teamId}/${c.channelId}`).sort()).toEqual(["T0000/C01", "T0001/C01"]);
    expect(await store.nextWakeAt()).toBe(clock.now());
    expect((await store.strandedChannels()).map((c) => c.channelId)).toEqual(["C02"]);
    await store.close();
  });
});
