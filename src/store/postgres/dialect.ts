/** PostgreSQL's clauses of the store's Dialect (../sql/context.ts). */
import type { Dialect } from "../sql/context.ts";

export const postgresDialect: Dialect = {
  name: "postgres",
  // A list is bound as text[] (node-postgres sends a JS array as an array literal).
  inList: (column, param = "list") => `(:${param}::text[] IS NULL OR ${column} = ANY(:${param}::text[]))`,
  listParam: (values) => (values === undefined ? null : [...values]),
  inIntList: (column, param = "list") => `(:${param}::bigint[] IS NULL OR ${column} = ANY(:${param}::bigint[]))`,
  bytewise: (expr) => `${expr} COLLATE "C"`,
  forUpdate: "FOR UPDATE",
};
