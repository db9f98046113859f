/**
 * A subscription's (or audit event's) target as stored: a search's query, or court and docket as
 * written. Matching targets (sameTarget) is shared with the SQLite store (../sqlite/subscription-match.ts).
 */
import type { SubscriptionTarget } from "../subscription-records.ts";
import { optText } from "./rows.ts";
import type { Row } from "./sql.ts";

export function targetOfRow(row: Row): SubscriptionTarget {
  const q = optText(row, "q");
  if (q !== undefined) return { q };
  return { court: optText(row, "court") ?? "", docket: optText(row, "docket") ?? "" };
}
