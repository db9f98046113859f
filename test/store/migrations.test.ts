import { existsSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { migrate, userVersion } from "../../src/store/sqlite/migrate.ts";
import { MIGRATIONS, type Migration } from "../../src/store/sqlite/migrate.ts";
import { openSqliteStore, SYNCHRONOUS_FULL } from "../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../helpers/fake-clock.ts";
import { C_A, open, tempDir } from "./helpers.ts";

const TABLES = [
  "alert_settings", "audit_events", "budget_notices", "calendar_feeds", "case_snoozes", "case_threads", "channel_lanes", "court_date_actions", "court_date_matters",
  "court_date_reminder_settings", "court_date_reminders", "court_date_signoffs", "court_dates", "deliveries", "digest_runs", "fee_actions",
  "fee_reservations", "filing_actions", "filings", "heartbeat", "matter_budgets", "matter_links", "once_keys", "push_body_parts", "pushes", "qa_threads", "qa_turns", "rate_slots", "recent_cases", "shared_tokens", "track_subscriptions", "usage_ledger",
];

function tables(db: DatabaseSync): string[] {
  return db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((r) => String(r.name));
}

describe("migrations", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp.cleanup());

  it("versions are contiguous from 1 and the last one is the schema version", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("builds every table from an empty file and records user_version", async () => {
    const path = tmp.file();
    const { store } = await open({ path });
    expect(store.schemaVersion).toBe(MIGRATIONS.length);
    await store.close();
    const db = new DatabaseSync(path);
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(TABLES);
    db.close();
  });

  it("re-opening an up-to-date file applies nothing and keeps the data", async () => {
    const path = tmp.file();
    const first = await open({ path });
    await first.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await first.store.close();

    const db = new DatabaseSync(path);
    expect(migrate(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length, applied: [] });
    db.close();

    const second = await open({ path });
    expect(second.store.schemaVersion).toBe(MIGRATIONS.length);
    expect((await second.store.mattersOfChannel(C_A)).map((l) => l.clientMatter)).toEqual(["ACME-001"]);
    await second.store.close();
  });

  it("upgrades a file left at an older version, applying only the missing migrations", () => {
    const db = new DatabaseSync(tmp.file());
    expect(migrate(db, MIGRATIONS.slice(0, 2)).applied).toHaveLength(2);
    const report = migrate(db);
    expect(report).toMatchObject({ from: 2, to: MIGRATIONS.length });
    expect(report.applied).toEqual(MIGRATIONS.slice(2).map((m) => m.name));
    expect(tables(db)).toEqual(TABLES);
    db.close();
  });

  it("a failing migration rolls back its statements and its version bump", () => {
    const db = new DatabaseSync(tmp.file());
    const broken: Migration[] = [
      MIGRATIONS[0]!,
      { version: 2, name: "broken", sql: "CREATE TABLE half_done (x INTEGER); INSERT INTO nowhere VALUES (1);" },
    ];
    let error: unknown;
    try {
      migrate(db, broken);
    } catch (e) {
      error = e;
    }
    expect(isStoreError(error) && error.code).toBe(StoreErrorCode.Failed);
    expect(userVersion(db)).toBe(1);
    expect(tables(db)).not.toContain("half_done");
    expect(db.isTransaction).toBe(false);
    db.close();
  });

  it("brings a version-6 file forward: its Q&A threads keep working and read the docket", async () => {
    const path = tmp.file();
    const db = new DatabaseSync(path);
    migrate(db, MIGRATIONS.filter((m) => m.version <= 6));
    db.prepare(`INSERT INTO qa_threads (team_id, channel_id, thread_ts, court, docket, client_matter, created_by, created_at)
      VALUES ('T1', 'C1', '1.1', 'nysd', '1:23-cv-1', 'ACME-001', 'U1', 0)`).run();
    db.close();
    const { store } = await open({ path });
    const thread = await store.getThread({ teamId: "T1", channelId: "C1", threadTs: "1.1" });
    expect(thread).toMatchObject({ court: "nysd", docket: "1:23-cv-1", clientMatter: "ACME-001" });
    expect(thread?.target).toBeUndefined();
    await store.close();
  });

  it("refuses a database written by a newer build", async () => {
    const path = tmp.file();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    const err = await openSqliteStore({ path, clock: new FakeClock() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.NewerSchema);
  });

  it("refuses migrations out of order", () => {
    const db = new DatabaseSync(":memory:");
    expect(() => migrate(db, [{ ...MIGRATIONS[0]!, version: 2 }])).toThrow(/expected 1/);
    db.close();
  });
});

describe("connection settings", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp.cleanup());

  it("a file database runs in WAL with synchronous=FULL, foreign keys and a busy timeout", async () => {
    const { store } = await open({ path: tmp.file(), busyTimeoutMs: 3210 });
    expect(await store.pragmas()).toEqual({
      journalMode: "wal",
      synchronous: SYNCHRONOUS_FULL,
      foreignKeys: true,
      busyTimeoutMs: 3210,
      // One attempt blocks the event loop at most this long; the rest of the budget is retried off it.
      lockWaitMs: 25,
    });
    await store.close();
    // WAL is a property of the file: another connection sees it too.
    const db = new DatabaseSync(tmp.file());
    expect(db.prepare("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
    db.close();
  });

  it("creates the database's parent directory", async () => {
    const path = join(tmp.dir, "data", "nested", "docketbot.db");
    const { store } = await open({ path });
    await store.close();
    expect(existsSync(path)).toBe(true);
  });

  it("works in memory for tests", async () => {
    const { store } = await open();
    expect((await store.pragmas()).synchronous).toBe(SYNCHRONOUS_FULL);
    expect((await store.health()).ok).toBe(true);
    await store.close();
  });
});
