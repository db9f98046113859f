/** SQLite's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";
import { toStoreError } from "../errors.ts";

// A list is bound as a JSON array text (json_each: sqlite.org/json1.html#jeach).
const jsonList = (column: string, param: string) => `(:${param} IS NULL OR ${column} IN (SELECT value FROM json_each(:${param})))`;

// A list is bound as a JSON array text (json_each: sqlite.org/json1.html#jeach).
const inList = (column: string, param = "list") => `(:${param} IS NULL OR ${column} IN (SELECT value FROM json_each(:${param})))`;

export const sqliteDialect: Dialect = {
  name: "sqlite",
  inList,
  listParam: (values) => (values === undefined ? null : JSON.stringify(values)),
  inIntList: inList,
  // One connection, one writer: a transaction's reads cannot be changed under it, and BEGIN
  // IMMEDIATE already excludes every other writer.
  forUpdate: () => "",
  forShareOf: () => "",
  skipLocked: "",
  indexedBy: (index) => `INDEXED BY ${index}`,
  // SQLite's default collation, BINARY, compares bytes (sqlite.org/datatype3.html#collation).
  bytewise: (expr) => expr,
  jsonArrayAgg: (expr) => `json_group_array(${expr})`,
  storableText: (value) => value,
  storeError: toStoreError,
};
