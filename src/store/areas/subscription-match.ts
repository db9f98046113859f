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

/**
 * A row's target: a subscription's (court, docket, q) or, with prefix "target_", the case or search
 * a push names (written at intake, court/push-target.ts).
 */
export function targetOfRow(row: Row, prefix: "" | "target_" = ""): SubscriptionTarget {
  const q = optText(row, `${prefix}q`);
  if (q !== undefined) return { q };
  return { court: optText(row, `${prefix}court`) ?? "", docket: optText(row, `${prefix}docket`) ?? "" };
}

/** What a pushes row names (target_court, target_docket, target_q, kept at intake); undefined: none. */
export function pushTargetOfRow(row: Row): SubscriptionTarget | undefined {
  return optText(row, "target_q") === undefined && optText(row, "target_docket") === undefined ? undefined : targetOfRow(row, "target_");
}

/** One string per case or search: two targets are the same exactly when their keys are equal. */
export function targetKey(t: SubscriptionTarget): string {
  return "q" in t ? `q:${t.q.trim()}` : `case:${caseKey(t)}`;
}

export function sameTarget(a: SubscriptionTarget, b: SubscriptionTarget): boolean {
  if ("q" in a || "q" in b) return "q" in a && "q" in b && a.q.trim() === b.q.trim();
  return caseKey(a) === caseKey(b);
}

/** SQL parameters of a target: the query trimmed, or court and docket as written; all null for none (a push that names none). */
export function targetParams(t: SubscriptionTarget | undefined): { court: string | null; docket: string | null; q: string | null } {
  if (t === undefined) return { court: null, docket: null, q: null };
  return "q" in t ? { court: null, docket: null, q: t.q.trim() } : { court: t.court, docket: t.docket, q: null };
}
