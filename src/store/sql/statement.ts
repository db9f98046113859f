/**
 * The store's one SQL interface, spoken by every area whatever the database (DEVELOPERS.md, Store).
 * SQL is written once with `:name` parameters; each driver binds them its own way (node:sqlite
 * binds `:name` itself; node-postgres only knows `$1, $2 …`, so the text is compiled once here). A
 * name used twice is one parameter. `::type` casts are left alone (the lookbehind skips the second
 * colon), though areas avoid them: casts are PostgreSQL's, and a dialect-specific clause belongs to
 * the Dialect (context.ts).
 */

export interface Statement {
  /** The SQL as written, with `:name` parameters (what node:sqlite prepares). */
  readonly sql: string;
  /** The same SQL with `$n` parameters (what node-postgres sends). */
  readonly text: string;
  readonly names: readonly string[];
}

export type Row = Readonly<Record<string, unknown>>;
export type Params = Readonly<Record<string, unknown>>;

const NAMED = /(?<!:):([a-z_][a-z0-9_]*)/gi;

/** Compiles a statement once, at module load or area creation. */
export function statement(sql: string): Statement {
  const names: string[] = [];
  const text = sql.replace(NAMED, (_, name: string) => {
    let i = names.indexOf(name);
    if (i < 0) i = names.push(name) - 1;
    return `$${i + 1}`;
  });
  // `sql` is not enumerable: a Statement compares (and prints) as the `$n` text node-postgres sends.
  const st = { text, names } as { text: string; names: string[]; sql?: string };
  Object.defineProperty(st, "sql", { value: sql, enumerable: false });
  return st as Statement;
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
