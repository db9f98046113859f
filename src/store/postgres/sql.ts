/**
 * Named parameters for node-postgres, which only knows positional `$1, $2 …`: the store's SQL keeps
 * the `:name` style of the SQLite store, so one area reads the same in both dialects. A name used
 * twice is one parameter. `::type` casts are left alone (the lookbehind skips the second colon).
 */
import type { Pool, PoolClient, QueryResultRow } from "pg";

export interface Statement {
  readonly text: string;
  readonly names: readonly string[];
}

export type Row = QueryResultRow;
export type Params = Readonly<Record<string, unknown>>;

const NAMED = /(?<!:):([a-z_][a-z0-9_]*)/gi;

/** Compiles `:name` placeholders to `$n` once, at the area's creation. */
export function statement(sql: string): Statement {
  const names: string[] = [];
  const text = sql.replace(NAMED, (_, name: string) => {
    let i = names.indexOf(name);
    if (i < 0) i = names.push(name) - 1;
    return `$${i + 1}`;
  });
  return { text, names };
}

/** What a statement runs on: the pool (one autocommitted statement) or a transaction's client. */
export interface Db {
  all(st: Statement, params?: Params): Promise<Row[]>;
  get(st: Statement, params?: Params): Promise<Row | undefined>;
  /** Rows changed (an UPDATE, DELETE or INSERT's count). */
  run(st: Statement, params?: Params): Promise<number>;
  /** Statements without parameters (BEGIN, SAVEPOINT, DDL). */
  exec(sql: string): Promise<void>;
}

function values(st: Statement, params: Params): unknown[] {
  return st.names.map((name) => {
    const v = params[name];
    // A forgotten parameter is a bug in the store, not a NULL: fail loudly.
    if (v === undefined) throw new Error(`SQL parameter :${name} is missing`);
    return v;
  });
}

export function dbOf(on: Pool | PoolClient): Db {
  const query = (st: Statement, params: Params = {}) => on.query(st.text, values(st, params));
  return {
    all: async (st, params) => (await query(st, params)).rows,
    get: async (st, params) => (await query(st, params)).rows[0],
    run: async (st, params) => (await query(st, params)).rowCount ?? 0,
    exec: async (sql) => {
      await on.query(sql);
    },
  };
}
