/** SQLite's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";

export const sqliteDialect: Dialect = {
  name: "sqlite",
  // A list is bound as a JSON array text (json_each: sqlite.org/json1.html#jeach).
  inList: (column, param = "list") => `(:${param} IS NULL OR ${column} IN (SELECT value FROM json_each(:${param})))`,
  listParam: (values) => (values === undefined ? null : JSON.stringify(values)),
  inIntList: (column, param = "list") => `(:${param} IS NULL OR ${column} IN (SELECT value FROM json_each(:${param})))`,
  // BINARY, SQLite's default collation, compares bytes (sqlite.org/datatype3.html#collation).
  bytewise: (expr) => expr,
  forUpdate: "",
};
