/**
 * Which matters still follow a case, for reads of court dates by matter (issue 16): a matter whose
 * every docketbot subscription to the case has ended untracked it, and its dates stop being listed
 * and reminded for it (as routing.ts stops its pushes). A matter that never subscribed through
 * docketbot (a tracker made outside it, a push tagged with it) still follows what was pushed to it.
 * Cases are matched by court/case-key.ts, in memory, as subscriptions store court and docket as
 * written, in the form court_dates.case_key holds (storedCaseKey).
 */
import type { CourtDateRecord } from "../court-date-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";
import { storedCaseKey, toCourtDate } from "./court-date-row.ts";

/** The rows' records with the matters that still follow each (a record none follows is left out); null: every matter. */
export type FollowedFilter = (rows: readonly Row[], matters: readonly string[] | null) => Promise<CourtDateRecord[]>;

export function createFollowedFilter(ctx: StoreContext): FollowedFilter {
  const subs = statement(`
    SELECT client_matter, court, docket, ended_at FROM track_subscriptions
     WHERE q IS NULL AND ${ctx.dialect.inList("client_matter", "matters")}`);
  return async (rows, matters) => {
    if (rows.length === 0) return [];
    const active = new Set<string>();
    const ended = new Set<string>();
    for (const s of await ctx.db.all(subs, { matters: ctx.dialect.listParam(matters ?? undefined) })) {
      const key = `${text(s, "client_matter")}\u0000${storedCaseKey(ctx, { court: text(s, "court"), docket: text(s, "docket") })}`;
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
