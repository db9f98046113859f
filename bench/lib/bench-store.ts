/**
 * Which store a figure's bot runs on (issue 24: "the bench also measures the same figures on
 * PostgreSQL where they apply"): the embedded SQLite file, as `npm start` has it, or one PostgreSQL
 * replica on a schema of its own (bench/lib/postgres.ts), created before the bot starts and dropped
 * after it stops. Figures whose bot reads or writes its store under load take one.
 */
import { join } from "node:path";
import { createSchema } from "./postgres.ts";

export type BenchStore = { kind: "sqlite" } | { kind: "postgres"; baseUrl: string };

/** A figure measured again with the bot on PostgreSQL, or why it was not (no server answered the probe). */
export type OnPostgres<T> = { available: true; figure: T } | { available: false; url: string };

export const SQLITE_STORE: BenchStore = { kind: "sqlite" };

/** The label a row carries after its figure's name: "SQLite" or "PostgreSQL, 1 replica". */
export const storeLabel = (store: BenchStore): string => (store.kind === "sqlite" ? "SQLite" : "PostgreSQL, 1 replica");

export interface BenchDatabase {
  /** What botEnv takes: a SQLite file's path, or DATABASE_URL for the schema. */
  readonly database: string;
  drop(): Promise<void>;
}

/** `starting` (a bot on `db`), or `db` dropped when it fails: nothing is left of a run that never ran. */
export async function startedOn<T>(db: BenchDatabase, starting: Promise<T>): Promise<T> {
  try {
    return await starting;
  } catch (e) {
    await db.drop();
    throw e;
  }
}

/** A fresh, empty database for one run's bot: `name` is unique within the run (the file's or the schema's). */
export async function benchDatabase(store: BenchStore, scratch: string, name: string): Promise<BenchDatabase> {
  if (store.kind === "sqlite") return { database: join(scratch, `${name}.db`), drop: async () => undefined };
  const schema = await createSchema(store.baseUrl, name.replace(/\W/g, "_"));
  return { database: schema.url, drop: () => schema.drop() };
}
