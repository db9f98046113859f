import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { sha256Hex } from "../../src/store/areas/push-bodies.ts";
import { describeStores } from "./contract/stores.ts";
import { C_A, docketPush, open, pushInput, tempDir } from "./helpers.ts";

describeStores("durability", ({ open, fresh, sql }) => {
  it("what one store wrote is there after close and reopen", async () => {
    const at = fresh();
    const first = await open({ at });
    await first.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const stored = await first.store.storePush(pushInput("ACME-001", 1));
    await first.store.recordUsage({ clientMatter: "ACME-001", endpoint: "getdocket", feeKind: "none", mayHaveIncurredFees: false, outcome: "ok" });
    await first.store.close();

    const second = await open({ at });
    expect(await second.store.getPush(stored.id)).toMatchObject({ id: stored.id, routing: "routed" });
    expect(await second.store.listDeliveries({ channel: C_A })).toHaveLength(1);
    expect((await second.store.usageMonthToDate(["ACME-001"]))[0]?.calls).toBe(1);
    // The same body after the restart is still a duplicate (the service retries for hours).
    expect(await second.store.storePush(pushInput("ACME-001", 1))).toMatchObject({ id: stored.id, duplicate: true });
    await second.store.close();
  });

  it("storePush resolves only after the batch's transaction has committed: another connection sees it", async () => {
    const at = fresh();
    const order: string[] = [];
    const { store } = await open({ at, onTransaction: (e) => order.push(`commit:${e.label}`) });
    const body = docketPush("ACME-001", 7);
    const seen = await store.storePush({ body, receivedAt: 1, clientMatter: "ACME-001" }).then((r) => {
      order.push("resolved");
      return sql(at, `SELECT id, body, body_sha256 FROM pushes WHERE id = ${r.id}`);
    });
    expect(order).toEqual(["commit:storePush", "resolved"]);
    expect(seen).toEqual([{ id: expect.any(Number), body, body_sha256: sha256Hex(body) }]);
    await store.close();
  });

  it("close() commits the pushes still waiting for their batch, then closes", async () => {
    const at = fresh();
    const { store } = await open({ at, pushBatch: { maxWaitMs: 60_000 } });
    const pending = [store.storePush(pushInput("M", 1)), store.storePush(pushInput("M", 2))];
    await store.close();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.duplicate)).toEqual([false, false]);
    expect(await sql(at, "SELECT COUNT(*) AS n FROM pushes")).toEqual([{ n: 2 }]);
  });

  it("after close every call fails with store_closed and health says so", async () => {
    const { store } = await open();
    await store.close();
    await store.close(); // idempotent
    for (const call of [() => store.storePush(pushInput("M", 1)), () => store.mattersOfChannel(C_A)]) {
      const err = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isStoreError(err) && err.code).toBe(StoreErrorCode.Closed);
    }
    expect(await store.health()).toEqual({ ok: false, detail: "the store is closed" });
  });

  it("health() proves the database writable with a heartbeat write", async () => {
    const at = fresh();
    const { store, clock, transactions } = await open({ at });
    expect(await store.health()).toMatchObject({ ok: true });
    await clock.advance(5000);
    expect(await store.health()).toMatchObject({ ok: true });
    expect(transactions.filter((t) => t.label === "health")).toHaveLength(2);
    expect(await sql(at, "SELECT beat_at, beats FROM heartbeat")).toEqual([{ beat_at: clock.now(), beats: 2 }]);
    await store.close();
  });

  it("takes the app's pino logger and logs the migrations it applied, once", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: "info", destination });
    const at = fresh();
    await (await open({ at, logger })).store.close();
    await (await open({ at, logger })).store.close();
    const migrated = lines.map((l) => JSON.parse(l) as { msg: string; to?: number }).filter((l) => l.msg === "database schema migrated");
    expect(migrated).toHaveLength(1);
    expect(migrated[0]?.to).toBeGreaterThan(0);
  });
});

describe("durability on SQLite: WAL and the file lock", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp.cleanup());

  it("a committed push is visible to a second connection while the first is still open (WAL)", async () => {
    const path = tmp.file();
    const { store } = await open({ path });
    const body = docketPush("ACME-001", 7);
    const { id } = await store.storePush({ body, receivedAt: 1, clientMatter: "ACME-001" });

    // As a process that crashed now would leave it: the store is never closed, the WAL not checkpointed.
    expect(existsSync(`${path}-wal`)).toBe(true);
    const other = new DatabaseSync(path, { readOnly: true });
    const row = other.prepare("SELECT id, body, body_sha256 FROM pushes WHERE id = ?").get(id);
    expect(row).toEqual({ id, body, body_sha256: sha256Hex(body) });
    other.close();
    await store.close();
  });

  it("health() fails, with the reason, when another connection holds the write lock", async () => {
    const path = tmp.file();
    const { store } = await open({ path, busyTimeoutMs: 50 });
    const locker = new DatabaseSync(path);
    locker.exec("BEGIN IMMEDIATE");
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(/busy/);
    // A push that cannot get the lock fails with a code the intake route can answer 503 on
    // (the service then retries); it is not half-stored.
    const err = await store.storePush(pushInput("M", 1)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.Busy);
    locker.exec("ROLLBACK");
    locker.close();
    expect((await store.health()).ok).toBe(true);
    expect(await store.storePush(pushInput("M", 1))).toMatchObject({ duplicate: false });
    await store.close();
  });
});
