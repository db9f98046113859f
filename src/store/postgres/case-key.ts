/**
 * court/case-key.ts's caseKey as PostgreSQL stores it (court_dates.case_key). caseKey joins court
 * and docket with a NUL, which PostgreSQL's text cannot hold (SQLite's can): NUL is stored as `\0`
 * and backslash as `\\`, an escaping that keeps distinct keys distinct. The key is only ever
 * compared, never read back, so nothing decodes it.
 */
import { caseKey } from "../../court/case-key.ts";

export const storedCaseKey = (ref: { court: string; docket: string }): string =>
  caseKey(ref).replaceAll("\\", "\\\\").replaceAll("\u0000", "\\0");
