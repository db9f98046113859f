/**
 * The stored date an incoming date says again under another key (court/deadlines/same-date.ts):
 * court-dates.ts merges it there instead of inserting a second row of one date, so one hearing set
 * by two identical orders is one row (one Mark calendared, one reminder run, one VEVENT whose UID,
 * made from the row's key, stays), its source the latest entry. Read once per write of a case's
 * dates, only the rows on the incoming dates' days.
 *
 * Rows of one date already stored twice (written before this rule) are repaired when the case's
 * dates are next written: the oldest row stays (its UID, sign-offs and reminder runs with it) and
 * the later ones are marked superseded by it, so they leave the lists, reminders and feeds (a
 * subscribed calendar drops an event the feed no longer holds, RFC 5545 §3.6: the UID is the event).
 */
import type { CourtDate } from "../../court/deadlines/court-date.ts";
import { duplicates, sameDateAs } from "../../court/deadlines/same-date.ts";
import type { CourtDateRecord } from "../court-date-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement, type Db } from "../sql/statement.ts";
import { toCourtDate } from "./court-date-row.ts";

type Row = CourtDateRecord & { superseded: boolean };

/** The case's stored dates on some days, as a write changes them. */
export interface DateTwins {
  /** The stored row `d` says again (a standing one first), if one is identified. */
  of(d: CourtDate): { id: number; key: string } | undefined;
  /** A row written: inserted, or updated to `d` (its key stays the row's). */
  wrote(id: number, key: string, d: CourtDate): void;
}

export function createDateTwins(ctx: StoreContext) {
  const onDays = statement(`
    SELECT c.*, CAST(NULL AS TEXT) AS matters FROM court_dates c
     WHERE case_key = :case AND ${ctx.dialect.inList("c.date", "days")} ORDER BY id`);
  const supersede = statement(`UPDATE court_dates SET superseded_by = :by, updated_at = :now WHERE id = :id`);

  return {
    /**
     * Reads the case's rows on the days of `dates`, supersedes the later of any two standing
     * duplicates (the ids it changed are returned), and answers `of` for the write that follows.
     */
    async load(db: Db, caseK: string, dates: readonly CourtDate[], now: number): Promise<{ twins: DateTwins; changed: number[] }> {
      const days = [...new Set(dates.map((d) => d.date))];
      const rows: Row[] = (await db.all(onDays, { case: caseK, days: ctx.dialect.listParam(days) })).map((r) => ({ ...toCourtDate(r), superseded: r.superseded_by != null }));
      const changed: number[] = [];
      const standing = (r: Row) => !r.superseded && r.status !== "cancelled";
      for (const r of rows) {
        if (!standing(r)) continue;
        const first = rows.find((o) => o !== r && o.id < r.id && standing(o) && duplicates(o, r));
        if (!first) continue;
        await db.run(supersede, { by: first.key, now, id: r.id });
        r.superseded = true;
        changed.push(r.id);
      }
      const twins: DateTwins = {
        of: (d) => {
          // None standing: a cancelled or superseded one (a rule's date the court's date withdrew
          // is still that date, and a new count of it stays withdrawn).
          const hit = sameDateAs(rows, d, standing);
          return hit && { id: hit.id, key: hit.key };
        },
        wrote: (id, key, d) => {
          const at = rows.findIndex((r) => r.id === id);
          const base = at >= 0 ? rows[at]! : undefined;
          const row: Row = { ...(base ?? { court: "", docket: "", matters: [], sequence: 0, createdAt: now, updatedAt: now, superseded: false }), ...d, id, key };
          if (at >= 0) rows[at] = row;
          else rows.push(row);
        },
      };
      return { twins, changed };
    },
  };
}
