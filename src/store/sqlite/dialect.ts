/** SQLite's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";
import { toStoreError } from "../errors.ts";

// A list is bound as a JSON array text (json_each: sqlite.org/json1.html#jeach).
const jsonList = (column: string, param: string) => `(:${param} IS NULL OR ${column} IN (SELECT value FROM json_each(:${param})))`;

export const sqliteDialect: Dialect = {
  name: "sqlite",
  inList: (column, param = "list") => jsonList(column, param),
  listParam: (values) => (values === undefined ? null : JSON.stringify(values)),
  inIntList: (column, param = "list") => jsonList(column, param),
  intListParam: (values) => (values === undefined ? null : JSON.stringify(values)),
  byteOrder: "COLLATE BINARY",
  // One connection, one writer: the transaction's BEGIN IMMEDIATE already excludes every other.
  forShareOf: () => "",
  skipLocked: "",
  storeError: toStoreError,
};
