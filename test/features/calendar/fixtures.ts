/** Court dates for the calendar tests: fixed, so the feed and its goldens are deterministic. */
import type { CalendarDate } from "../../../src/features/calendar/ical/event.ts";

export const NOW = Date.UTC(2026, 10, 23, 22, 0, 0);
export const SITE = "https://dockets.example.com/";

export function courtDate(over: Partial<CalendarDate> = {}): CalendarDate {
  return {
    court: "New York Southern District Court",
    docket: "1:23-cv-01234",
    caseTitle: "Acme v. Widget",
    key: "deadline:expert-reports",
    kind: "deadline",
    title: "Expert Reports due",
    date: "2026-12-08",
    source: { entryNumber: "42", entryDate: "2026-11-02", entryIndex: 41 },
    confidence: 0.95,
    status: "scheduled",
    history: [],
    sequence: 0,
    ...over,
  };
}

export const HEARING = courtDate({
  key: "hearing:motion-to-dismiss",
  kind: "hearing",
  title: "Hearing on Motion to Dismiss",
  date: "2026-12-15",
  time: "10:00",
  place: "Courtroom 12A, 500 Pearl Street",
  judge: "Judge Jane Roe",
  source: { entryNumber: "45", entryDate: "2026-11-10", entryIndex: 44 },
});
