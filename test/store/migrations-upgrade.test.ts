/**
 * Migrations as data (issue 21 item 2). The SQL files hold what the TS migrations of commit 21b365d
 * held, byte for byte; a database that code built (a SQLite file, a PostgreSQL schema) has the
 * schema the files build, and opens with the new store in place: at the last version the TS code
 * knew nothing is applied, at an older one only the missing migrations are, and either way every
 * row written before reads back. The old code is kept as fixtures (test/fixtures/store/old-*).
 */
import { DatabaseSync } from "node:sqlite";
import { Writable } from "node:stream";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { caseKey } from "../../src/court/case-key.ts";
import { createLogger } from "../../src/logger.ts";
import { migratePg, PG_MIGRATIONS } from "../../src/store/postgres/migrate.ts";
import { migrate, MIGRATIONS } from "../../src/store/sqlite/migrate.ts";
import { migratePg as oldMigratePg } from "../fixtures/store/old-migrate-postgres.ts";
import { migrate as oldMigrate } from "../fixtures/store/old-migrate-sqlite.ts";
import { PG_MIGRATIONS as OLD_PG } from "../fixtures/store/old-migrations-postgres.ts";
import { MIGRATIONS as OLD_SQLITE } from "../fixtures/store/old-migrations-sqlite.ts";
import { describeStores, TEST_DATABASE_URL, type StoreKind } from "./contract/stores.ts";
import { filing } from "./filing-input.ts";
import { C_A } from "./helpers.ts";

const fields = (m: { version: number; name: string; sql: string }) => ({ version: m.version, name: m.name, sql: m.sql });

describe("migration files", () => {
  it("hold the versions, names and SQL of the TS migrations they replace, byte for byte", () => {
    expect(MIGRATIONS.slice(0, OLD_SQLITE.length)).toEqual(OLD_SQLITE.map(fields));
    expect(PG_MIGRATIONS.slice(0, OLD_PG.length)).toEqual(OLD_PG.map(fields));
  });
});

/** Builds database `at` with the old code's migrator and migrations 1…upTo. */
async function buildOld(kind: StoreKind, at: string, upTo: number): Promise<void> {
  if (kind.name === "SQLite") {
    const db = new DatabaseSync(at);
    try {
      oldMigrate(db, OLD_SQLITE.slice(0, upTo));
    } finally {
      db.close();
    }
    return;
  }
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${at}` });
  try {
    await oldMigratePg(pool, { schema: at, now: () => 1, migrations: OLD_PG.slice(0, upTo) });
  } finally {
    await pool.end();
  }
}

/** Rows in tables of migrations 1-8, written as the old store wrote them (TRUE: 1 in SQLite, boolean in PostgreSQL). */
const OLD_ROWS = [
  `INSERT INTO matter_links (team_id, channel_id, client_matter, linked_by, linked_at) VALUES ('T0001', 'C0A', 'ACME-001', 'U1', 1000)`,
  `INSERT INTO qa_threads (team_id, channel_id, thread_ts, court, docket, client_matter, created_by, created_at)
     VALUES ('T0001', 'C0A', '1.1', 'nysd', '1:23-cv-1', 'ACME-001', 'U1', 2000)`,
  `INSERT INTO usage_ledger (at, team_id, user_id, channel_id, client_matter, endpoint, fee_kind, may_have_incurred_fees,
     price_micros, outcome, correlation_id) VALUES (3000, 'T0001', 'U1', 'C0A', 'ACME-001', 'docket', 'search', TRUE, 1500000, 'ok', 'ref-1')`,
  `INSERT INTO filings (team_id, channel_id, client_matter, court, docket, entry_key, entry_number, entry_date, level, kind,
     summary, shown, message_ts, created_at, docketed_by, docketed_at)
     VALUES ('T0001', 'C0A', 'ACME-001', 'S.D.N.Y.', '1:23-cv-01234', '7', '7', '2026-11-20', 'urgent', 'Order',
             'ORDER number 7', 'channel', '9.9', 4000, 'U2', 4500)`,
  `INSERT INTO alert_settings (team_id, channel_id, post_notable, post_routine, daily_at, weekly_on, time_zone, updated_by, updated_at)
     VALUES ('T0001', 'C0A', TRUE, FALSE, '08:30', 1, 'America/New_York', 'U1', 5000)`,
];

/** A court date as migration 11's store wrote it (no evidence columns yet), with the case key each database keeps. */
function oldCourtDateRows(kind: StoreKind): string[] {
  const [court, docket] = caseKey({ court: "nysd", docket: "1:23-cv-01234" }).split("\u0000") as [string, string];
  const key = kind.name === "SQLite" ? `'${court}' || char(0) || '${docket}'` : `'${court}\\0${docket}'`;
  return [
    `INSERT INTO court_dates (case_key, court, docket, case_title, date_key, kind, title, date, time, place, judge, status,
       source_number, source_date, confidence, history, sequence, created_at, updated_at)
       VALUES (${key}, 'New York Southern District Court', '1:23-cv-01234', NULL, 'conference:status', 'conference',
               'Status Conference', '2026-12-01', '10:00', NULL, NULL, 'scheduled', '40', '2026-11-02', 0.9, '[]', 0, 6000, 6000)`,
    `INSERT INTO court_date_matters (case_key, client_matter, since) VALUES (${key}, 'ACME-001', 6000)`,
  ];
}

function migratedLog() {
  const lines: { msg: string; applied?: string[] }[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
      done();
    },
  });
  const applied = () => lines.filter((l) => l.msg === "database schema migrated").flatMap((l) => l.applied ?? []);
  return { applied, logger: createLogger({ level: "info", destination }) };
}

/** What defines a schema, comparable between two databases of one kind. */
async function schemaOf(kind: StoreKind, at: string): Promise<unknown[]> {
  if (kind.name === "SQLite") return kind.sql(at, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name");
  return [
    await kind.sql(at, `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
      FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`),
    await kind.sql(at, `SELECT indexname, replace(indexdef, current_schema() || '.', '') AS def
      FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`),
    await kind.sql(at, `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`),
    await kind.sql(at, "SELECT version, name FROM schema_migrations ORDER BY version"),
  ];
}

describeStores("a database the TS migrations built", (kind) => {
  it("has the schema the migration files build", async () => {
    const old = kind.fresh();
    await buildOld(kind, old, OLD_SQLITE.length);
    const made = kind.fresh();
    if (kind.name === "SQLite") {
      const db = new DatabaseSync(made);
      migrate(db, MIGRATIONS.slice(0, OLD_SQLITE.length));
      db.close();
    } else {
      // The files' first N (the TS lists held N), as the SQLite branch does: later files add more.
      const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${made}` });
      try {
        await migratePg(pool, { schema: made, now: () => 0, migrations: PG_MIGRATIONS.slice(0, OLD_PG.length) });
      } finally {
        await pool.end();
      }
    }
    expect(await schemaOf(kind, made)).toEqual(await schemaOf(kind, old));
  });

  for (const upTo of [OLD_SQLITE.length, 8]) {
    it(`at version ${upTo} opens with the new store, applies only what is missing, and keeps its rows`, async () => {
      const at = kind.fresh();
      await buildOld(kind, at, upTo);
      for (const row of OLD_ROWS) await kind.sql(at, row);
      if (upTo >= 11) for (const row of oldCourtDateRows(kind)) await kind.sql(at, row);

      const log = migratedLog();
      const { store } = await kind.open({ at, logger: log.logger });
      expect(log.applied()).toEqual(MIGRATIONS.slice(upTo).map((m) => m.name));

      expect((await store.mattersOfChannel(C_A)).map((l) => [l.clientMatter, l.linkedBy, l.linkedAt])).toEqual([["ACME-001", "U1", 1000]]);
      expect(await store.getThread({ ...C_A, threadTs: "1.1" })).toMatchObject({ court: "nysd", docket: "1:23-cv-1", clientMatter: "ACME-001" });
      expect(await store.usageEntries({ matters: ["ACME-001"], start: 0, end: 10_000, limit: 10 })).toEqual([
        expect.objectContaining({ at: 3000, endpoint: "docket", mayHaveIncurredFees: true, price: 1.5, correlationId: "ref-1", pages: undefined }),
      ]);
      expect(await store.getFiling(1)).toMatchObject({
        entryKey: "7", level: "urgent", summary: "ORDER number 7", messageTs: "9.9", createdAt: 4000, docketedBy: "U2", docketedAt: 4500,
      });
      expect(await store.getAlertSettings(C_A)).toMatchObject({
        postNotable: true, postRoutine: false, dailyAt: "08:30", weeklyOn: 1, timeZone: "America/New_York", updatedAt: 5000,
      });

      if (upTo >= 11) {
        // Migration 19 upgrades court dates in place: an old row reads back with nothing the
        // extractor decided (it was not kept then), and takes a move with its evidence now.
        const [old] = await store.courtDatesOfMatters(["ACME-001"]);
        expect(old).toMatchObject({ key: "conference:status", date: "2026-12-01", status: "scheduled", history: [] });
        expect(old?.changedBy ?? old?.setBy ?? old?.byRule ?? old?.met).toBeUndefined();
        const by = { source: { entryNumber: "45", entryDate: "2026-11-20", entryIndex: 0 }, words: "is adjourned to" };
        await store.recordCourtDates({ court: "nysd", docket: "1:23-cv-01234", dates: [{ ...old!, date: "2026-12-15", source: by.source, changedBy: by }] });
        expect((await store.courtDatesOfMatters(["ACME-001"]))[0]).toMatchObject({ date: "2026-12-15", status: "moved", changedBy: { words: "is adjourned to" } });
      }

      // The ids go on from the old rows (AUTOINCREMENT, identity), and the newer tables work.
      expect((await store.recordFilings([filing(8)])).map((f) => f.id)).toEqual([2]);
      await store.setBudget({ clientMatter: "ACME-001", monthlyCap: 100, setBy: "U1", teamId: "T1" });
      expect((await store.budgetsOf(["ACME-001"])).map((b) => b.monthlyCap)).toEqual([100]);
      await store.close();
    });
  }
});
