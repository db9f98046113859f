/** PostgreSQL's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";
import { toPgStoreError } from "./errors.ts";

export const postgresDialect: Dialect = {
  name: "postgres",
  // A list is bound as an array (node-postgres sends a JS array as an array literal).
  inList: (column, param = "list") => `(:${param}::text[] IS NULL OR ${column} = ANY(:${param}::text[]))`,
  listParam: (values) => (values === undefined ? null : [...values]),
  inIntList: (column, param = "list") => `(:${param}::bigint[] IS NULL OR ${column} = ANY(:${param}::bigint[]))`,
  intListParam: (values) => (values === undefined ? null : [...values]),
  byteOrder: `COLLATE "C"`,
  // postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE
  forShareOf: (alias) => `FOR SHARE OF ${alias}`,
  skipLocked: "FOR UPDATE SKIP LOCKED",
  storeError: toPgStoreError,
};
