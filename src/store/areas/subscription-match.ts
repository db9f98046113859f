/**
 * A subscription's (or audit event's) target as stored (a search's query, or court and docket as
 * written), and which stored subscriptions are to the same case or search. Cases are compared by
 * court/case-key.ts (nysd and S.D.N.Y., 1:23-cv-1234 and 1:23-cv-01234 are one case), in memory,
 * since that key is never persisted; a search by its trimmed query.
 */
import { caseKey } from "../../court/case-key.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { optText } from "../sql/rows.ts";
import type { Row } from "../sql/statement.ts";

export function targetOfRow(row: Row): SubscriptionTarget {
  const q = optText(row, "q");
  if (q !== undefined) return { q };
  return { court: optText(row, "court") ?? "", docket: optText(row, "docket") ?? "" };
}

/** One string per case or search: two targets are the same exactly when their keys are equal. */
export function targetKey(t: SubscriptionTarget): string {
  return "q" in t ? `q:${t.q.trim()}` : `case:${caseKey(t)}`;
}

export function sameTarget(a: SubscriptionTarget, b: SubscriptionTarget): boolean {
  if ("q" in a || "q" in b) return "q" in a && "q" in b && a.q.trim() === b.q.trim();
  return caseKey(a) === caseKey(b);
}

/** SQL parameters of a target: the query trimmed, or court and docket as written. */
export function targetParams(t: SubscriptionTarget): { court: string | null; docket: string | null; q: string | null } {
  return "q" in t ? { court: null, docket: null, q: t.q.trim() } : { court: t.court, docket: t.docket, q: null };
}
