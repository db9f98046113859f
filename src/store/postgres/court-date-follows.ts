/**
 * Which matters still follow a case, for reads of court dates by matter (issue 16), as
 * ../sqlite/court-date-follows.ts: a matter whose every docketbot subscription to the case has
 * ended untracked it, and its dates stop being listed and reminded for it; a matter that never
 * subscribed through docketbot still follows what was pushed to it. Cases are matched in memory
 * by court/case-key.ts, in the escaped form court_dates.case_key holds here (storedCaseKey).
 */
import { toCourtDate } from "../sqlite/court-dates.ts";
import type { CourtDateRecord } from "../court-date-records.ts";
import { storedCaseKey } from "./case-key.ts";
import { text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";

export type FollowedFilter = (db: Db, rows: readonly Row[], matters: readonly string[] | null) => Promise<CourtDateRecord[]>;

const subs = statement(`
  SELECT client_matter, court, docket, ended_at FROM track_subscriptions
   WHERE q IS NULL AND (:matters::text[] IS NULL OR client_matter = ANY(:matters::text[]))`);

export const followedOnly: FollowedFilter = async (db, rows, matters) => {
  if (rows.length === 0) return [];
  const active = new Set<string>();
  const ended = new Set<string>();
  for (const s of await db.all(subs, { matters: matters === null ? null : [...matters] })) {
    const key = `${text(s, "client_matter")}\u0000${storedCaseKey({ court: text(s, "court"), docket: text(s, "docket") })}`;
    (s.ended_at == null ? active : ended).add(key);
  }
  const out: CourtDateRecord[] = [];
  for (const row of rows) {
    const r = toCourtDate(row);
    const c = text(row, "case_key");
    const followed = r.matters.filter((m) => active.has(`${m}\u0000${c}`) || !ended.has(`${m}\u0000${c}`));
    if (followed.length > 0) out.push({ ...r, matters: followed });
  }
  return out;
};
