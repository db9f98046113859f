/** PostgreSQL's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";
import { toPgStoreError } from "./errors.ts";

export const postgresDialect: Dialect = {
  name: "postgres",
  // A list is bound as an array (node-postgres sends a JS array as an array literal).
  inList: (column, param = "list") => `(:${param}::text[] IS NULL OR ${column} = ANY(:${param}::text[]))`,
  listParam: (values) => (values === undefined ? null : [...values]),
  inIntList: (column, param = "list") => `(:${param}::bigint[] IS NULL OR ${column} = ANY(:${param}::bigint[]))`,
  forUpdate: (of) => (of === undefined ? " FOR UPDATE" : ` FOR UPDATE OF ${of}`),
  // postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE
  forShareOf: (alias) => `FOR SHARE OF ${alias}`,
  skipLocked: "FOR UPDATE SKIP LOCKED",
  indexedBy: () => "",
  // The database's collation may order text by language rules; "C" orders bytes.
  bytewise: (expr) => `${expr} COLLATE "C"`,
  jsonArrayAgg: (expr) => `json_agg(${expr})::text`,
  // text cannot hold NUL (court/case-key.ts joins court and docket with one): NUL is stored as
  // `\0` and backslash as `\\`, an escaping that keeps distinct values distinct.
  storableText: (value) => value.replaceAll("\\", "\\\\").replaceAll("\u0000", "\\0"),
  storeError: toPgStoreError,
};
