/**
 * FRCP 6(a) and 6(d) counting (identical FRAP 26(a), Fed. R. Bankr. P. 9006(a)), one row per
 * case. Each row names the rule text it applies; days of the week and holidays are the calendar's
 * (5 U.S.C. 6103; the executive orders of src/court/rules/closures.ts; the states' statutes).
 * Rows marked "clerk" reproduce a date a clerk stated on a real docket (../shared/fixtures).
 */
import { describe, expect, it } from "vitest";
import { countPeriod, type ServiceMethod } from "../../../src/court/rules/count.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";

const calendar = createHolidayCalendar();

type Row = [why: string, from: string, days: number, direction: "after" | "before", state: string | undefined, service: ServiceMethod, expected: string];

const ROWS: Row[] = [
  // 6(a)(1)(A)-(C): exclude the trigger day, count every day, include the last day.
  ["6(a)(1): 14 days from Fri 3/1/2024 is Fri 3/15", "2024-03-01", 14, "after", "NY", "electronic", "2024-03-15"],
  ["6(a)(1)(B): intermediate Saturday and Sunday are counted", "2024-01-05", 7, "after", "NY", "electronic", "2024-01-12"],
  ["6(a)(1)(C): last day a Saturday runs to Monday", "2024-03-02", 14, "after", "NY", "electronic", "2024-03-18"],
  ["6(a)(1)(C): last day a Sunday runs to Monday", "2024-03-03", 14, "after", "NY", "electronic", "2024-03-18"],
  // 6(a)(6)(A): statutory holidays.
  ["6(a)(6)(A): Martin Luther King Jr. Day 1/15/2024", "2024-01-01", 14, "after", "NY", "electronic", "2024-01-16"],
  ["6(a)(6)(A): Washington's Birthday 2/19/2024", "2024-02-05", 14, "after", "NY", "electronic", "2024-02-20"],
  ["6(a)(6)(A): Memorial Day 5/27/2024", "2024-05-06", 21, "after", "NY", "electronic", "2024-05-28"],
  ["6(a)(6)(A): Labor Day 9/2/2024", "2024-08-19", 14, "after", "NY", "electronic", "2024-09-03"],
  ["6(a)(6)(A): Columbus Day 10/14/2024", "2024-09-30", 14, "after", "NY", "electronic", "2024-10-15"],
  ["6(a)(6)(A): Thanksgiving 11/28/2024 (NY: the Friday after is no holiday)", "2024-11-14", 14, "after", "NY", "electronic", "2024-11-29"],
  // Observed days, 5 U.S.C. 6103(b): Saturday -> Friday, Sunday -> Monday.
  ["6103(b): Saturday July 4, 2020 observed Friday 7/3, then the weekend", "2020-06-19", 14, "after", "NY", "electronic", "2020-07-06"],
  ["6103(b): Sunday July 4, 2021 observed Monday 7/5", "2021-06-20", 15, "after", "NY", "electronic", "2021-07-06"],
  ["6103(b): Saturday Veterans Day 11/11/2023 observed Friday 11/10", "2023-10-27", 14, "after", "NY", "electronic", "2023-11-13"],
  ["6103(b): Sunday Christmas 12/25/2022 observed Monday 12/26", "2022-12-12", 14, "after", "NY", "electronic", "2022-12-27"],
  // Juneteenth: a legal holiday from the Act of June 17, 2021 (Pub. L. 117-17).
  ["Juneteenth 2020 was not yet a legal holiday", "2020-06-05", 14, "after", "NY", "electronic", "2020-06-19"],
  ["Juneteenth 2021 (Saturday) observed Friday 6/18/2021", "2021-06-04", 14, "after", "NY", "electronic", "2021-06-21"],
  ["Juneteenth 2022 (Sunday) observed Monday 6/20/2022", "2022-06-06", 14, "after", "NY", "electronic", "2022-06-21"],
  ["Juneteenth 2023 on Monday 6/19", "2023-06-05", 14, "after", "NY", "electronic", "2023-06-20"],
  // Year ends.
  ["Year end: Tue 12/31/2024 is an ordinary day", "2024-12-17", 14, "after", "NY", "electronic", "2024-12-31"],
  ["Year end: New Year's Day 1/1/2025 runs to Thu 1/2", "2024-12-18", 14, "after", "NY", "electronic", "2025-01-02"],
  ["Saturday New Year's 1/1/2022 observed Friday 12/31/2021, then the weekend", "2021-12-17", 14, "after", "NY", "electronic", "2022-01-03"],
  ["Sunday New Year's 1/1/2023 observed Monday 1/2/2023", "2022-12-19", 14, "after", "NY", "electronic", "2023-01-03"],
  // 6(a)(6)(B): days the President closed the government (EO table).
  ["6(a)(6)(B): EO 13853, 12/5/2018 (mourning, President G. H. W. Bush)", "2018-11-21", 14, "after", "NY", "electronic", "2018-12-06"],
  ["6(a)(6)(B): EO 13854, Mon 12/24/2018, then Christmas", "2018-12-10", 14, "after", "NY", "electronic", "2018-12-26"],
  ["6(a)(6)(B): EO 13900, Tue 12/24/2019, then Christmas", "2019-12-10", 14, "after", "NY", "electronic", "2019-12-26"],
  ["6(a)(6)(B): EO 13965, Thu 12/24/2020, Christmas, the weekend", "2020-12-10", 14, "after", "NY", "electronic", "2020-12-28"],
  ["6(a)(6)(B): EO 14129, Tue 12/24/2024, then Christmas", "2024-12-10", 14, "after", "NY", "electronic", "2024-12-26"],
  ["6(a)(6)(B): EO 14133, Thu 1/9/2025 (mourning, President Carter)", "2024-12-19", 21, "after", "NY", "electronic", "2025-01-10"],
  ["6(a)(6)(B): EO of 12/18/2025: 12/24, Christmas, 12/26, the weekend", "2025-12-10", 14, "after", "NY", "electronic", "2025-12-29"],
  ["6(a)(6)(B): EO of 12/18/2025: Fri 12/26/2025", "2025-12-12", 14, "after", "NY", "electronic", "2025-12-29"],
  ["No order closed Fri 12/23/2022: an ordinary day", "2022-12-09", 14, "after", "NY", "electronic", "2022-12-23"],
  // 6(a)(6)(C): state holidays, forward periods only.
  ["6(a)(6)(C): Lincoln's Birthday 2/12/2025 in N.Y. (Gen. Constr. Law § 24)", "2025-01-29", 14, "after", "NY", "electronic", "2025-02-13"],
  ["6(a)(6)(C): Delaware keeps no Lincoln's Birthday", "2025-01-29", 14, "after", "DE", "electronic", "2025-02-12"],
  ["6(a)(6)(C): Cesar Chavez Day 3/31/2025 in California (Gov't Code § 6700)", "2025-03-17", 14, "after", "CA", "electronic", "2025-04-01"],
  ["6(a)(6)(C): Cesar Chavez Day is no New York holiday", "2025-03-17", 14, "after", "NY", "electronic", "2025-03-31"],
  ["6(a)(6)(C): the day after Thanksgiving 11/29/2024 in California, then the weekend", "2024-11-14", 14, "after", "CA", "electronic", "2024-12-02"],
  ["6(a)(6)(C): Good Friday 3/29/2024 in Delaware (Del. Code tit. 1 § 501)", "2024-03-15", 14, "after", "DE", "electronic", "2024-04-01"],
  ["6(a)(6)(C): Good Friday is no New York holiday", "2024-03-15", 14, "after", "NY", "electronic", "2024-03-29"],
  ["6(a)(6)(C): general Election Day 11/5/2024 in Delaware", "2024-10-22", 14, "after", "DE", "electronic", "2024-11-06"],
  ["6(a)(6)(C): Election Day 11/7/2023 in New York (every general election)", "2023-10-24", 14, "after", "NY", "electronic", "2023-11-08"],
  ["6(a)(6)(C): Delaware's Election Day is in even years only", "2023-10-24", 14, "after", "DE", "electronic", "2023-11-07"],
  ["6(a)(6)(C): no state named, no state holiday", "2025-01-29", 14, "after", undefined, "electronic", "2025-02-12"],
  // 6(a)(5): backward periods roll to the previous open day; state holidays do not count.
  ["6(a)(5): 21 days before Mon 3/25/2024 is Mon 3/4", "2024-03-25", 21, "before", "CA", "none", "2024-03-04"],
  ["6(a)(5): 10 days before Tue 3/26/2024 is Sat 3/16: back to Fri 3/15", "2024-03-26", 10, "before", "CA", "none", "2024-03-15"],
  ["6(a)(5): 21 days before 6/17/2024 is Memorial Day: back to Fri 5/24", "2024-06-17", 21, "before", "CA", "none", "2024-05-24"],
  ["6(a)(5)+(6)(C): backward, Cesar Chavez Day 3/31/2025 is not skipped", "2025-04-21", 21, "before", "CA", "none", "2025-03-31"],
  ["6(a)(5)+(6)(C): backward, Lincoln's Birthday 2/12/2025 is not skipped", "2025-03-05", 21, "before", "NY", "none", "2025-02-12"],
  ["6(a)(5)+(6)(B): backward, the 12/24/2024 closure is skipped", "2025-01-07", 14, "before", "NY", "none", "2024-12-23"],
  // 6(d): 3 days after the 6(a) period ends, for mail, the clerk, other consented means only.
  ["6(d): service by mail adds 3 days after Fri 3/15/2024: Mon 3/18", "2024-03-01", 14, "after", "NY", "mail", "2024-03-18"],
  ["6(d) (2016): electronic service adds nothing", "2024-03-01", 14, "after", "NY", "electronic", "2024-03-15"],
  ["6(d): leaving with the clerk (5(b)(2)(D)) adds 3 days", "2024-03-01", 14, "after", "NY", "clerk", "2024-03-18"],
  ["6(d): other consented means (5(b)(2)(F)) adds 3 days", "2024-03-01", 14, "after", "NY", "consented-other", "2024-03-18"],
  ["6(d), 2016 note: the third day a Saturday runs to Monday", "2024-03-06", 14, "after", "NY", "mail", "2024-03-25"],
  ["6(d), 2016 note: 3 days added after the rolled end (Mon 3/18), not the Saturday", "2024-03-02", 14, "after", "NY", "mail", "2024-03-21"],
  ["6(d): the third day Memorial Day 5/27/2024 runs to 5/28", "2024-05-10", 14, "after", "NY", "mail", "2024-05-28"],
  // Periods of the rule book, against clerks' stated dates.
  ["12(a)(1)(A)(i), clerk: served 3/13/2023, answer due 4/3/2023", "2023-03-13", 21, "after", "DE", "personal", "2023-04-03"],
  ["12(a)(1)(A)(ii), clerk: waiver sent 1/15/2021, answer due 3/16/2021", "2021-01-15", 60, "after", "NY", "none", "2021-03-16"],
  ["FRAP 4(a)(1)(A): 30 days from 6/21/2024 is Sun 7/21: Mon 7/22", "2024-06-21", 30, "after", "NY", "none", "2024-07-22"],
];

describe("countPeriod (FRCP 6(a), 6(d))", () => {
  it("has at least 40 rows", () => expect(ROWS.length).toBeGreaterThanOrEqual(40));
  it.each(ROWS)("%s", (_why, from, days, direction, state, service, expected) => {
    expect(countPeriod({ from, days, direction, service, ...(state ? { state } : {}) }, calendar).date).toBe(expected);
  });

  it("says which days it stepped over and why", () => {
    const r = countPeriod({ from: "2025-12-10", days: 14, direction: "after", state: "NY" }, calendar);
    expect(r.counted).toBe("2025-12-24");
    expect(r.skipped.map((s) => [s.day, s.why])).toEqual([
      ["2025-12-24", "Government closed: the day before Christmas Day"],
      ["2025-12-25", "Christmas Day"],
      ["2025-12-26", "Government closed: the day after Christmas Day"],
      ["2025-12-27", "Saturday"],
      ["2025-12-28", "Sunday"],
    ]);
  });

  it("refuses a negative or fractional period", () => {
    expect(() => countPeriod({ from: "2024-03-01", days: -1, direction: "after" }, calendar)).toThrow(RangeError);
    expect(() => countPeriod({ from: "2024-03-01", days: 1.5, direction: "after" }, calendar)).toThrow(RangeError);
  });
});
