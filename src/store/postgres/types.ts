/**
 * The pool's type parsers. node-postgres hands int8 (bigint) back as a string, since it may exceed
 * a JS number; ours never do (ids, ms since the epoch, micro-dollars, counts), so they are parsed
 * to numbers here, per pool rather than with pg's global setTypeParser (no module singletons), and a
 * value beyond Number.MAX_SAFE_INTEGER fails instead of silently rounding.
 */
import pg from "pg";
import type { CustomTypesConfig } from "pg";

const INT8_OID = 20;

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`bigint ${value} is beyond a safe JS integer`);
  return n;
}

export const storeTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === INT8_OID && format !== "binary") return parseInt8;
    return pg.types.getTypeParser(oid, format ?? "text");
  }) as CustomTypesConfig["getTypeParser"],
};
