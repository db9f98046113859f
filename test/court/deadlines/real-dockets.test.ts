/**
 * extractCourtDates and extractMentions over every real docket in ../shared/fixtures/real-dockets
 * (DEVELOPERS.md, Testing): whatever the file's shape (some are not dockets, some have no
 * entries), nothing throws, and what comes out is well formed: valid ISO dates and times, keys of
 * the contract's form, and a source entry whose own text states the date. How often the dates are
 * right is measured against hand labels in measure.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COURT_DATE_KINDS, type CourtDateEntryInput } from "../../../src/court/deadlines/court-date.ts";
import { extractCourtDates, extractMentions } from "../../../src/court/deadlines/extract.ts";
import { entryPlainText } from "../../../src/court/entry-text.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";
import { parseServiceDate, toPacerDate } from "../../../src/court/dates.ts";
import { REAL_DOCKETS_DIR, REAL_DOCKETS_SKIPPED, realDocketFiles } from "../../helpers/real-dockets.ts";

const files = realDocketFiles();
const calendar = createHolidayCalendar();
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Ways an entry may write `iso`: 1/5/2007, 01/05/2007, 1/5/07, January 5, 2007, Jan. 5, 2007. */
function writtenForms(iso: string, yearless = false): RegExp {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, "0");
  const name = MONTHS[m - 1]!;
  const numeric = yearless ? `0?${m}/0?${d}` : `0?${m}/0?${d}/(?:${y}|${pad(y % 100)})`;
  const named = `${name.slice(0, 3)}[a-z]*\\.?\\s+0?${d}(?:st|nd|rd|th)?${yearless ? "" : `,?\\s+${y}`}`;
  return new RegExp(`(?<![\\d/])(?:${numeric})(?![\\d/])|${named}`, "i");
}

function entriesOf(file: string): unknown[] {
  try {
    const body = JSON.parse(readFileSync(join(REAL_DOCKETS_DIR, file), "utf8")) as { docket_report?: unknown };
    return Array.isArray(body.docket_report) ? body.docket_report : [];
  } catch {
    return [];
  }
}

const validIso = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && toPacerDate(parseServiceDate(s)!) === s;

describe.skipIf(files.length === 0)(
  files.length > 0 ? "court dates of every real docket" : `court dates of real dockets ${REAL_DOCKETS_SKIPPED}`,
  () => {
    it("reads each file, whatever its shape, into well-formed dates", () => {
      let mentions = 0;
      for (const file of files) {
        const entries = entriesOf(file) as CourtDateEntryInput[];
        const dates = extractCourtDates(entries, { calendar });
        for (let i = 0; i < entries.length; i++) {
          const e = entries[i];
          if (!e || typeof e !== "object") continue;
          const text = entryPlainText(e.contents, 20_000);
          for (const m of extractMentions(e, i, { calendar })) {
            mentions++;
            const where = `${file}#${i} ${m.date}`;
            expect(validIso(m.date), where).toBe(true);
            if (m.time !== undefined) expect(m.time, where).toMatch(/^(?:[01]\d|2[0-3]):[0-5]\d$/);
            expect(COURT_DATE_KINDS, where).toContain(m.kind);
            expect(m.key, where).toMatch(new RegExp(`^${m.kind}:[a-z0-9-]+$`));
            expect(m.confidence, where).toBeGreaterThan(0);
            expect(m.confidence, where).toBeLessThanOrEqual(1);
            expect(m.title.length, where).toBeGreaterThan(0);
            expect(m.source.entryIndex, where).toBe(i);
            // The source entry states the date in some written form; a period's date is counted
            // from the entry (issue 23, item 4) and says so; a date without a year says so.
            if (m.computed) expect(m.computed.note, where).toMatch(/^computed from /);
            else if (m.evidence?.some((e) => e.startsWith("no year written"))) expect(text, where).toMatch(writtenForms(m.date, true));
            else expect(text, where).toMatch(writtenForms(m.date));
          }
        }
        const keys = dates.map((d) => d.key);
        expect(new Set(keys).size, file).toBe(keys.length);
        for (let k = 1; k < dates.length; k++) {
          const [a, b] = [dates[k - 1]!, dates[k]!];
          expect(a.date < b.date || (a.date === b.date && (a.time ?? "") <= (b.time ?? "")), file).toBe(true);
        }
        for (const d of dates) {
          expect(["scheduled", "moved", "cancelled"], file).toContain(d.status);
          expect(d.confidence, file).toBeGreaterThanOrEqual(0.5);
          for (const h of d.history) expect(validIso(h.date), file).toBe(true);
          if (d.status === "moved") expect(d.history.length, file).toBeGreaterThan(0);
          const source = entries[d.source.entryIndex];
          expect(source, `${file} ${d.key}`).toBeDefined();
        }
      }
      // The real dockets set hundreds of dates; none found would mean the reader is broken.
      expect(mentions).toBeGreaterThan(300);
    });
  },
);
