/**
 * PostgreSQL for the bench's PostgreSQL rows (issue 17 item 5): the server BENCH_DATABASE_URL names
 * (else TEST_DATABASE_URL, else the local default), probed once; each measured run gets a schema of
 * its own, created here and dropped afterwards, and the bots reach it through DATABASE_URL with the
 * schema in libpq's `options` (search_path), as a deployment sharing a database would. Commits are
 * durable as in production (synchronous_commit as the server has it: no test shortcut).
 * Without a reachable server the rows are skipped, and say so.
 */
import pg from "pg";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

export type Postgres =
  | { available: true; url: string; version: string; settings: { fsync: string; synchronousCommit: string } }
  | { available: false; url: string; reason: string };

/** The URL without a password, for the table and the log. */
export const displayUrl = (url: string): string => {
  const u = URL.parse(url);
  if (!u) return "(invalid URL)";
  if (u.password) u.password = "***";
  return u.toString();
};

export async function probePostgres(url = process.env.BENCH_DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || DEFAULT_BENCH_DATABASE_URL): Promise<Postgres> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
    const fsync = (await client.query<{ fsync: string }>("SHOW fsync")).rows[0]?.fsync ?? "?";
    const synchronousCommit = (await client.query<{ synchronous_commit: string }>("SHOW synchronous_commit")).rows[0]?.synchronous_commit ?? "?";
    return { available: true, url, version, settings: { fsync, synchronousCommit } };
  } catch (e) {
    return { available: false, url, reason: e instanceof Error ? e.message : String(e) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface BenchSchema {
  readonly name: string;
  /** DATABASE_URL for a bot child: the server's URL with `options=-c search_path=<name>`. */
  readonly url: string;
  drop(): Promise<void>;
}

let seq = 0;

/** A new, empty schema on the server (its tables are made by the first store that opens it). */
export async function createSchema(baseUrl: string, label: string): Promise<BenchSchema> {
  const name = `bench_${process.pid}_${label}_${++seq}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(baseUrl);
  const given = u.searchParams.get("options");
  u.searchParams.set("options", `${given ? `${given} ` : ""}-c search_path=${name}`);
  return {
    name,
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
