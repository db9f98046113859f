/**
 * Days the President closed the executive departments by executive order: "legal holidays" under
 * FRCP 6(a)(6)(B) ("any day declared a holiday by the President"; identical FRAP 26(a)(6)(B),
 * Fed. R. Bankr. P. 9006(a)(6)(B)). Each order puts its day "within the scope of Executive Order
 * 11582 ... and of 5 U.S.C. 5546 and 6103(b)", the holiday statutes, and the federal courts closed.
 *
 * Only orders checked against their text are listed (a day listed wrongly would push a computed
 * deadline past the real one; a day missed only makes it earlier). Half-day closures (EO 13523,
 * Dec. 24, 2009 afternoon) are not whole days and are left out.
 */
import type { IsoDay } from "./iso-day.ts";

export interface Closure {
  day: IsoDay;
  why: string;
  /** The order, with its Federal Register citation where checked. */
  citation: string;
}

export const EXECUTIVE_CLOSURES: readonly Closure[] = [
  // National day of mourning for President George H. W. Bush. The order's number (13853) is as
  // recalled; its day is certain (the federal courts were closed).
  { day: "2018-12-05", why: "national day of mourning for President George H. W. Bush", citation: "Exec. Order No. 13853 (Dec. 1, 2018)" },
  { day: "2018-12-24", why: "the day before Christmas Day", citation: "Exec. Order No. 13854, 83 Fed. Reg. 65481 (Dec. 18, 2018)" },
  { day: "2019-12-24", why: "the day before Christmas Day", citation: "Exec. Order No. 13900, 84 Fed. Reg. 69983 (Dec. 17, 2019)" },
  { day: "2020-12-24", why: "the day before Christmas Day", citation: "Exec. Order No. 13965, 85 Fed. Reg. 81337 (Dec. 11, 2020)" },
  { day: "2024-12-24", why: "the day before Christmas Day", citation: "Exec. Order No. 14129, 89 Fed. Reg. 104857 (Dec. 18, 2024)" },
  { day: "2025-01-09", why: "national day of mourning for President Jimmy Carter", citation: "Exec. Order No. 14133, 90 Fed. Reg. 187 (Dec. 30, 2024)" },
  // One order closed both days. Its number and Federal Register page were not available to check
  // here; the text (whitehouse.gov, Dec. 18, 2025) was.
  { day: "2025-12-24", why: "the day before Christmas Day", citation: "Executive Order of Dec. 18, 2025 (closing Dec. 24 and Dec. 26, 2025)" },
  { day: "2025-12-26", why: "the day after Christmas Day", citation: "Executive Order of Dec. 18, 2025 (closing Dec. 24 and Dec. 26, 2025)" },
];

/** The closure on `day`, if the President closed the government that day. */
export function closureOn(day: IsoDay, table: readonly Closure[] = EXECUTIVE_CLOSURES): Closure | undefined {
  return table.find((c) => c.day === day);
}
