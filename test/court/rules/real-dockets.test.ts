/**
 * The rules engine over every real docket in ../shared/fixtures/real-dockets (issue 23, item 5,
 * "measured"): wherever a clerk wrote both a service (or waiver request) date and the answer date
 * it gives ("served on 3/13/2023, answer due 4/3/2023"), the computed answer date must equal the
 * clerk's; and the share of motion entries that get a computed response date is reported. The
 * folder lives outside the repo; without it the suite skips, saying why.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CourtDateEntryInput } from "../../../src/court/deadlines/court-date.ts";
import { entryDateOf, entryTextOf } from "../../../src/court/deadlines/entry-fields.ts";
import { findDates } from "../../../src/court/deadlines/date-phrases.ts";
import { computeDeadlines, LOCAL_MOTION_RULES } from "../../../src/court/rules/index.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";
import { classifyEntryText } from "../../../src/court/significance.ts";
import { REAL_DOCKETS_DIR, REAL_DOCKETS_SKIPPED, realDocketFiles } from "../../helpers/real-dockets.ts";

const files = realDocketFiles();
const deps = { calendar: createHolidayCalendar() };

interface Docket { court: string; docket: string; entries: CourtDateEntryInput[] }

function load(file: string): Docket {
  const body = JSON.parse(readFileSync(join(REAL_DOCKETS_DIR, file), "utf8")) as { info?: { court?: unknown; docket?: unknown }; docket_report?: unknown };
  const info = body.info ?? {};
  return {
    court: typeof info.court === "string" ? info.court : "",
    docket: typeof info.docket === "string" ? info.docket : "",
    entries: Array.isArray(body.docket_report) ? (body.docket_report as CourtDateEntryInput[]) : [],
  };
}

// A clerk's statement: a service or waiver-request date, then the answer date it gives.
const CLERK = /\b(?:served|sent|mail|service)\s+on\s+(\S+?)[.,;]?\s+answer\s+due\s+(?:on\s+|by\s+|:\s*)?(\S+?)[.;,]?(?=\s|$)/gi;

describe.skipIf(files.length === 0)(`rules engine over the real dockets ${files.length === 0 ? REAL_DOCKETS_SKIPPED : ""}`, () => {
  it("computes the clerk's answer date wherever the clerk states it with a service date", () => {
    let stated = 0;
    let equal = 0;
    let beforeRule = 0;
    const misses: string[] = [];
    for (const file of files) {
      const d = load(file);
      d.entries.forEach((entry) => {
        const text = entryTextOf(entry);
        const clerk = [...text.matchAll(CLERK)].map((m) => findDates(m[2]!)[0]?.date).filter((x): x is string => !!x);
        if (clerk.length === 0) return;
        stated += clerk.length;
        const r = computeDeadlines([entry], { court: d.court, docket: d.docket }, deps);
        const answers = r.deadlines.filter((c) => c.label === "Answer due");
        beforeRule += r.uncomputed.filter((u) => u.label === "Answer due").length;
        clerk.forEach((date, i) => {
          if (answers[i]?.date === date) equal++;
          else if (answers[i]) misses.push(`${file} ${entryDateOf(entry)}: clerk ${date}, computed ${answers[i]!.date}`);
        });
      });
    }
    console.log(`[rules] clerk-stated answer dates with a service date: ${equal} equal of ${stated} (${beforeRule} before the 2009 periods, not computed; ${misses.length} differ)`);
    expect(misses).toEqual([]);
    expect(stated).toBeGreaterThan(0);
    expect(equal + beforeRule).toBe(stated);
  });

  it("reports the share of motion entries that get a computed response date", () => {
    let motions = 0;
    let dated = 0;
    let inModelled = 0;
    let datedInModelled = 0;
    for (const file of files) {
      const d = load(file);
      d.entries.forEach((entry) => {
        if (classifyEntryText(entryTextOf(entry))?.kind !== "Motion") return;
        motions++;
        const modelled = d.court in LOCAL_MOTION_RULES;
        if (modelled) inModelled++;
        const r = computeDeadlines([entry], { court: d.court, docket: d.docket }, deps);
        if (r.deadlines.some((c) => /^(?:Opposition|Answering brief) due$/.test(c.label))) {
          dated++;
          if (modelled) datedInModelled++;
        }
      });
    }
    const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);
    console.log(`[rules] motion entries with a computed response date: ${dated} of ${motions} (${pct(dated, motions)}); in the districts with a local rule modelled: ${datedInModelled} of ${inModelled} (${pct(datedInModelled, inModelled)})`);
    expect(motions).toBeGreaterThan(0);
  });
});
