/**
 * The court's date wins over a rule's (issue 23 item 5, court/rules/merge.ts), also across writes:
 * a rule's own date (stored under its `computed:` key) and a date the court states for the same
 * purpose may arrive in different pushes. After each write of a case's dates, a rule's date that a
 * stated deadline of the same purpose, set by its trigger entry or a later one, now covers is
 * marked superseded (no longer listed, reminded or published), and the stated date carries the
 * rule's date and the difference, as merge.ts would have given it.
 */
import { rulePurposeMatches } from "../../court/rules/merge.ts";
import { daysBetween } from "../../court/rules/iso-day.ts";
import type { CourtDateRecord } from "../court-date-records.ts";
import { statement, type Db } from "../sql/statement.ts";
import { compareSources, ruleOnly } from "./court-date-merge.ts";
import { evidenceColumns, toCourtDate } from "./court-date-row.ts";

const live = statement(`
  SELECT c.*, CAST(NULL AS TEXT) AS matters FROM court_dates c
   WHERE case_key = :case AND superseded_by IS NULL AND kind = 'deadline' AND status <> 'cancelled' ORDER BY id`);
const supersede = statement(`UPDATE court_dates SET superseded_by = :by, updated_at = :now WHERE id = :id`);
const attach = statement(`UPDATE court_dates SET computed_from = :computedFrom, updated_at = :now WHERE id = :id`);

/** The stated date that covers `rule`, if any: same purpose, from its trigger entry or later, nearest. */
function coverOf(rule: CourtDateRecord, stated: readonly CourtDateRecord[]): CourtDateRecord | undefined {
  const trigger = rule.byRule!.trigger;
  const from = { entryDate: trigger.entryDate, entryNumber: trigger.entryNumber };
  return stated
    .filter((s) => rulePurposeMatches(rule.key, s.key) && compareSources(s.setBy ?? s.source, from) >= 0)
    .sort((a, b) => compareSources(a.setBy ?? a.source, b.setBy ?? b.source))[0];
}

export function createRuleSupersession() {
  return {
    /** Marks the case's covered rule dates superseded; the ids of the rows it changed. */
    async supersedeRuleDates(db: Db, caseK: string, now: number): Promise<number[]> {
      const rows = (await db.all(live, { case: caseK })).map(toCourtDate);
      const rules = rows.filter(ruleOnly);
      if (rules.length === 0) return [];
      const stated = rows.filter((r) => !ruleOnly(r) && !r.key.startsWith("computed:"));
      const changed: number[] = [];
      for (const rule of rules) {
        const cover = coverOf(rule, stated);
        if (!cover) continue;
        await db.run(supersede, { by: cover.key, now, id: rule.id });
        changed.push(rule.id);
        if (cover.byRule) continue;
        const diff = daysBetween(cover.date, rule.byRule!.date);
        cover.byRule = { ...rule.byRule!, courtStates: true, ...(diff !== 0 ? { differenceDays: diff } : {}) };
        await db.run(attach, { computedFrom: evidenceColumns(cover).computedFrom, now, id: cover.id });
      }
      return changed;
    },
  };
}
