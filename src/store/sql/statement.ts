/**
 * The store's one SQL interface, spoken by every area whatever the database (DEVELOPERS.md, Store).
 * SQL is written once with `:name` parameters; each driver binds them its own way, from texts
 * compiled once here: node-postgres only knows `$1, $2 …` (a name used twice is one parameter);
 * node:sqlite gets a `?` for each use, bound in order, as binding by name costs time quadratic in
 * the parameter count (each name is found by a scan of the statement's names:
 * sqlite3_bind_parameter_index), 75 ms for a 256-row list (row-list.ts) against 0.4 ms in order.
 * `::type` casts are left alone (the lookbehind skips the second colon), though areas avoid them:
 * casts are PostgreSQL's, and a dialect-specific clause belongs to the Dialect (context.ts).
 */

export interface Statement {
  /** The SQL as written, with `:name` parameters. */
  readonly sql: string;
  /** The same SQL with `$n` parameters (what node-postgres sends), `$n` binding `names[n - 1]`. */
  readonly text: string;
  readonly names: readonly string[];
  /** The same SQL with `?` for each use of a parameter (what node:sqlite prepares), binding `uses` in order. */
  readonly positional: string;
  readonly uses: readonly string[];
}

export type Row = Readonly<Record<string, unknown>>;
export type Params = Readonly<Record<string, unknown>>;

const NAMED = /(?<!:):([a-z_][a-z0-9_]*)/gi;

/**
 * The values of `names` (a statement's `names` or `uses`), in order, for a driver to bind. A
 * forgotten parameter is a bug in the store, not a NULL: it fails loudly, on both databases.
 */
export function parameterValues(names: readonly string[], params: Params | undefined): unknown[] {
  return names.map((name) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`SQL parameter :${name} is missing`);
    return v;
  });
}

/** Compiles a statement once, at module load or area creation. */
export function statement(sql: string): Statement {
  const names: string[] = [];
  const text = sql.replace(NAMED, (_, name: string) => {
    let i = names.indexOf(name);
    if (i < 0) i = names.push(name) - 1;
    return `$${i + 1}`;
  });
  const uses: string[] = [];
  const positional = sql.replace(NAMED, (_, name: string) => (uses.push(name), "?"));
  // Only `text` and `names` are enumerable: a Statement compares (and prints) as the `$n` text
  // node-postgres sends.
  const st = { text, names } as { text: string; names: string[] };
  for (const [key, value] of Object.entries({ sql, positional, uses })) Object.defineProperty(st, key, { value, enumerable: false });
  return st as unknown as Statement;
}

/**
 * What a statement runs on: the store's connection (each statement commits on its own) or a
 * transaction's (ctx.tx hands one to its callback). Every call is async, as PostgreSQL's are; the
 * SQLite driver answers synchronously inside a resolved promise.
 */
export interface Db {
  all(st: Statement, params?: Params): Promise<Row[]>;
  get(st: Statement, params?: Params): Promise<Row | undefined>;
  /** Rows changed (an UPDATE, DELETE or INSERT's count). */
  run(st: Statement, params?: Params): Promise<number>;
  /** Statements without parameters (DDL, PRAGMA, SAVEPOINT). */
  exec(sql: string): Promise<void>;
}
