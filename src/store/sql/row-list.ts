/**
 * A list of rows bound as the parameters of ONE statement, so that a set-based write (a batch of
 * pushes, their deliveries) is one statement, and one round trip to PostgreSQL, in SQL both
 * databases speak: the rows are a VALUES list named by a CTE,
 *   WITH v(seq, a, b) AS (VALUES (CAST(:seq_0 AS INTEGER), :a_0, :b_0), …) INSERT … SELECT … FROM v
 * `seq` (the row's place in the list) comes first, so that a statement can keep the list's order
 * (`ORDER BY v.seq`: ids are assigned in that order).
 *
 * A statement is compiled once per length, and lengths are powers of two up to `max` (1, 2, 4 …
 * 256): a shorter list is padded with rows of NULLs, which the statement skips with
 * `WHERE v.seq IS NOT NULL`. node:sqlite keeps every statement the store prepares, and one per
 * length up to 256 would hold some 45 MB. A longer list goes in several statements, in order.
 *
 * PostgreSQL types a VALUES column from the parameters, which node-postgres sends untyped (text):
 * a column that is not text names its type (`types`) and is CAST in every row.
 */
import { statement, type Params, type Statement } from "./statement.ts";

export interface RowList<R> {
  /** One statement per `max` rows, with its parameters (`shared` ones too, e.g. `now`), in the rows' order. */
  bind(rows: readonly R[], shared?: Params): { st: Statement; params: Params }[];
}

export function rowList<R extends Record<string, unknown>>(spec: {
  /** The columns of `v` after `seq`, in order: the keys of a row. */
  columns: readonly (keyof R & string)[];
  /** The SQL type of each column that is not text, e.g. `{ id: "BIGINT" }`. */
  types?: Partial<Record<keyof R & string, string>>;
  /** The statement, given its `WITH v(seq, …) AS (VALUES …)` clause. */
  sql: (withValues: string) => string;
  /** Rows per statement at most (default 256): bound parameters stay well under both databases' limits. */
  max?: number;
}): RowList<R> {
  const max = spec.max ?? 256;
  const typed = (name: string, type: string | undefined, i: number) => (type === undefined ? `:${name}_${i}` : `CAST(:${name}_${i} AS ${type})`);
  const row = (i: number) =>
    `(${[typed("seq", "INTEGER", i), ...spec.columns.map((c) => typed(c, spec.types?.[c], i))].join(", ")})`;
  const compiled = new Map<number, Statement>();
  // Row i's parameter names (seq_i, then each column's), made once: a batch binds thousands.
  const names: string[][] = [];
  const namesOf = (i: number): string[] => (names[i] ??= [`seq_${i}`, ...spec.columns.map((c) => `${c}_${i}`)]);
  const statementFor = (length: number): Statement => {
    let st = compiled.get(length);
    if (st === undefined) {
      const values = Array.from({ length }, (_, i) => row(i)).join(",\n");
      st = statement(spec.sql(`WITH v(seq, ${spec.columns.join(", ")}) AS (VALUES ${values})`));
      compiled.set(length, st);
    }
    return st;
  };

  return {
    bind(rows, shared = {}) {
      const out: { st: Statement; params: Params }[] = [];
      for (let start = 0; start < rows.length; start += max) {
        const chunk = rows.slice(start, start + max);
        const length = Math.min(max, 2 ** Math.ceil(Math.log2(chunk.length)));
        const params: Record<string, unknown> = { ...shared };
        for (let i = 0; i < length; i++) {
          const r = chunk[i];
          const names = namesOf(i);
          // Padding binds NULLs explicitly: a statement may keep its last values bound otherwise.
          params[names[0]!] = r === undefined ? null : start + i;
          for (let c = 0; c < spec.columns.length; c++) params[names[c + 1]!] = r === undefined ? null : r[spec.columns[c]!];
        }
        out.push({ st: statementFor(length), params });
      }
      return out;
    },
  };
}
