/**
 * Which matters still follow a case, for reads of court dates by matter (issue 16): a matter whose
 * every docketbot subscription to the case has ended untracked it, and its dates stop being listed
 * and reminded for it (as routing.ts stops its pushes). A matter that never subscribed through
 * docketbot (a tracker made outside it, a push tagged with it) still follows what was pushed to it.
 * Cases are matched by court/case-key.ts, in memory, as subscriptions store court and docket as written.
 */
import type { DatabaseSync } from "node:sqlite";
import { caseKey } from "../../court/case-key.ts";
import type { CourtDateRecord } from "../court-date-records.ts";
import { text, type Row } from "./context.ts";
import { toCourtDate } from "./court-dates-row.ts";

export type FollowedFilter = (rows: readonly Row[], matters: string | null) => CourtDateRecord[];

export function createFollowedFilter(db: DatabaseSync): FollowedFilter {
  const subs = db.prepare(`
    SELECT client_matter, court, docket, ended_at FROM track_subscriptions
     WHERE q IS NULL AND (:matters IS NULL OR client_matter IN (SELECT value FROM json_each(:matters)))`);
  return (rows, matters) => {
    if (rows.length === 0) return [];
    const active = new Set<string>();
    const ended = new Set<string>();
    for (const s of subs.all({ matters })) {
      const key = `${text(s, "client_matter")}\u0000${caseKey({ court: text(s, "court"), docket: text(s, "docket") })}`;
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
}
