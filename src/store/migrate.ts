/**
 * Schema migrations as data, applied by one migrator for both databases (issue 21 item 2).
 *
 * The migrations are SQL files, one folder per dialect (migrations/sqlite/, migrations/postgres/,
 * see migrations/README.md): `NNNN-<slug>.sql`, numbered 1…N without gaps, migration N meaning the
 * same in both folders. Each file starts with `-- name: <name>` and may go on with `--` comment
 * lines; the SQL is everything after those header lines, run as one script.
 *
 * The migrator brings a database to the last migration: it refuses one a newer build migrated,
 * and applies each missing migration in its own transaction together with its version record, so a
 * failed one leaves neither tables nor version behind. What differs per database is a hook
 * (MigrationHook): where the version lives (SQLite's PRAGMA user_version, PostgreSQL's
 * schema_migrations) and how concurrent migrators are kept apart (../sqlite/migrate.ts,
 * ../postgres/migrate.ts). node:sqlite answers synchronously and node-postgres does not, so the
 * migrator is written once as a generator of the hook's answers and driven either synchronously
 * (migrateSync) or asynchronously (migrateAsync).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { StoreError, StoreErrorCode } from "./errors.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export interface MigrationReport {
  from: number;
  to: number;
  /** Names of the migrations this run applied, in order. */
  applied: string[];
}

// ---- The files -------------------------------------------------------------------------------

const FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;
const NAME = /^-- name: (.+)$/;

/** One migration file: its version from the file name, its name and SQL from the text. */
export function parseMigration(file: string, text: string): Migration {
  const number = FILE.exec(file)?.[1];
  if (number === undefined) throw new Error(`migration file ${file}: expected NNNN-<lower-case-slug>.sql`);
  let at = 0;
  const header: string[] = [];
  while (text.startsWith("--", at)) {
    const end = text.indexOf("\n", at);
    if (end < 0) throw new Error(`migration file ${file}: no SQL after its header`);
    header.push(text.slice(at, end));
    at = end + 1;
  }
  const name = NAME.exec(header[0] ?? "")?.[1];
  if (name === undefined) throw new Error(`migration file ${file}: its first line must be "-- name: <name>"`);
  const sql = text.slice(at);
  if (sql.trim() === "") throw new Error(`migration file ${file}: no SQL after its header`);
  return { version: Number(number), name, sql };
}

/** Reads a dialect's folder of migrations, in order (at start-up: the store opens after). */
export function loadMigrations(dialect: "sqlite" | "postgres"): Migration[] {
  const dir = fileURLToPath(new URL(`./migrations/${dialect}/`, import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith(".sql")).sort();
  const migrations = files.map((f) => parseMigration(f, readFileSync(join(dir, f), "utf8")));
  checkNumbering(migrations);
  return migrations;
}

/** Versions must run 1, 2, 3 … in order: a gap or a duplicate is a broken build. */
export function checkNumbering(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
}

// ---- The migrator ----------------------------------------------------------------------------

type Answer<T> = T | Promise<T>;

/** What the migrator asks of one database connection. */
export interface MigrationHook {
  /** The version the database is at: 0 when nothing was applied. */
  version(): Answer<number>;
  /** Opens one migration's transaction. */
  begin(): Answer<void>;
  exec(sql: string): Answer<void>;
  /** Records `m` as applied, inside its transaction. */
  record(m: Migration): Answer<void>;
  commit(): Answer<void>;
  rollback(): Answer<void>;
  /** The database at `version`, for the refusal: "the database is at schema version 16". */
  describe(version: number): string;
}

/** Yields the hook's answer to the driver, which hands back its value (or throws its failure). */
function* ask<T>(answer: Answer<T>): Generator<Answer<T>, T, unknown> {
  return (yield answer) as T;
}

function* migration(hook: MigrationHook, migrations: readonly Migration[]): Generator<unknown, MigrationReport, unknown> {
  checkNumbering(migrations);
  const latest = migrations.length;
  const from = yield* ask(hook.version());
  if (from > latest) {
    throw new StoreError(
      StoreErrorCode.NewerSchema,
      "open",
      `${hook.describe(from)}, newer than this build knows (${latest}); run a newer docketbot or restore a backup`,
    );
  }
  const applied: string[] = [];
  for (const m of migrations) {
    if (m.version <= from) continue;
    yield* ask(hook.begin());
    try {
      // Another migrator may have applied it between our first read and this transaction's lock.
      if ((yield* ask(hook.version())) >= m.version) {
        yield* ask(hook.rollback());
        continue;
      }
      yield* ask(hook.exec(m.sql));
      yield* ask(hook.record(m));
      yield* ask(hook.commit());
      applied.push(m.name);
    } catch (e) {
      yield* ask(hook.rollback());
      throw new StoreError(StoreErrorCode.Failed, "open", `migration ${m.version} (${m.name}) failed: ${String(e)}`, e);
    }
  }
  return { from, to: yield* ask(hook.version()), applied };
}

/** Runs the migrator on a hook that answers at once (node:sqlite). */
export function migrateSync(hook: MigrationHook, migrations: readonly Migration[]): MigrationReport {
  const steps = migration(hook, migrations);
  let step = steps.next();
  while (!step.done) {
    if (step.value instanceof Promise) throw new Error("a synchronous migration hook answered with a promise");
    step = steps.next(step.value);
  }
  return step.value;
}

/** Runs the migrator on a hook whose answers may be promises (node-postgres). */
export async function migrateAsync(hook: MigrationHook, migrations: readonly Migration[]): Promise<MigrationReport> {
  const steps = migration(hook, migrations);
  let step = steps.next();
  while (!step.done) {
    let value: unknown;
    try {
      value = await step.value;
    } catch (e) {
      step = steps.throw(e);
      continue;
    }
    step = steps.next(value);
  }
  return step.value;
}
