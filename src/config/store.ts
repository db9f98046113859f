/**
 * The store (issue 17 item 1): DATABASE_URL is `sqlite:PATH` (the default, ./data/docketbot.db)
 * or `postgres://…`, a PostgreSQL store behind the same Store interface. The PostgreSQL URL may
 * hold a password: it is never echoed, and only its host, port and database are described.
 */
import { z } from "zod";
import { mark, type Settings } from "./setting.ts";

export type DatabaseConfig =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

/** postgres:// or postgresql:// with a host and a database (libpq's URI form); never echoed: it may hold a password. */
function postgresProblem(value: string): string | undefined {
  const url = URL.parse(value);
  if (!url) return "is not a valid postgres:// URL";
  if (!url.hostname) return "has no host after postgres://";
  if (url.pathname.length <= 1) return "names no database (postgres://HOST:PORT/DATABASE)";
  return undefined;
}

const databaseUrl = z.string().transform((value, ctx): DatabaseConfig => {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    const problem = postgresProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return { kind: "postgres" as const, url: value };
  }
  const m = /^sqlite:(.*)$/i.exec(value);
  const path = m?.[1] ?? "";
  let problem: string | undefined;
  if (!m) problem = /^[a-z][\w+.-]*:/i.test(value) ? "names a database other than SQLite or PostgreSQL" : "does not start with sqlite: or postgres://";
  else if (path === "") problem = "has no path after sqlite:";
  else if (path.startsWith("//")) problem = "uses sqlite://; write sqlite:/absolute/path.db or sqlite:relative/path.db";
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return { kind: "sqlite" as const, path };
});

export const STORE_SETTINGS = {
  DATABASE_URL: {
    hint: "sqlite:PATH (e.g. sqlite:./data/docketbot.db or sqlite:/data/docketbot.db) or sqlite::memory:, or for PostgreSQL postgres://USER:PASSWORD@HOST:5432/DATABASE",
    schema: databaseUrl.default({ kind: "sqlite" as const, path: "./data/docketbot.db" }),
  },
} as const satisfies Settings;

/** The database without its password: host, port and database name are what an operator checks. */
export function describeDatabase(database: DatabaseConfig) {
  if (database.kind === "sqlite") return { kind: database.kind, path: database.path };
  const url = new URL(database.url);
  return {
    kind: database.kind,
    host: url.hostname,
    port: url.port || "5432",
    database: decodeURIComponent(url.pathname.slice(1)),
    user: url.username ? decodeURIComponent(url.username) : "[unset]",
    password: mark(url.password),
  };
}

/** The password in a postgres:// DATABASE_URL, as written and decoded (either may reach a log line). */
export function databaseSecrets(database: DatabaseConfig): string[] {
  if (database.kind !== "postgres") return [];
  const raw = new URL(database.url).password;
  return raw ? [raw, decodeURIComponent(raw)] : [];
}
