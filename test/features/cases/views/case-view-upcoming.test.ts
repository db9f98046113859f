/** The case card's "Upcoming" (issue 16, item 3): the next 3 dates on the first page, when they fit. */
import { describe, expect, it } from "vitest";
import type { CourtDate } from "../../../../src/court/deadlines/court-date.ts";
import { casePageSize, renderCaseView } from "../../../../src/features/cases/views/case-view.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { acmeDocket } from "./acme-docket.ts";
import { siteUrl } from "./cases-fixtures.ts";

const d = (over: Partial<CourtDate>): CourtDate => ({
  key: "deadline:expert-reports", kind: "deadline", title: "Expert Reports", date: "2026-12-08",
  source: { entryNumber: "60", entryDate: "2026-11-10", entryIndex: 0 }, confidence: 0.95, status: "scheduled", history: [], ...over,
});
const dates = [
  d({ key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-12-01", time: "10:00", place: "Courtroom 15A" }),
  d({}),
  d({ key: "deadline:rebuttal", title: "Rebuttal Expert Reports", date: "2027-01-19" }),
  d({ key: "trial:jury", kind: "trial", title: "Jury Trial", date: "2027-06-01", time: "09:30" }),
];
const upcoming = { today: "2026-11-23", dates };

describe("case view: Upcoming", () => {
  it("shows the next three dates on the first page, never on older pages, and paging does not move", () => {
    const m = acmeDocket();
    const first = renderCaseView(m, { siteUrl, page: 0, ref: "7f3a", upcoming });
    expectValidMessage(first);
    const json = JSON.stringify(first.blocks);
    expect(json).toContain("*Upcoming*");
    expect(json).toContain("*Status Conference* · Tue 12/1/2026 · 10:00 AM ET · Courtroom 15A · _in 8 days_ · #60 filed 11/10/2026");
    expect(json).toContain("*Expert Reports due* · Tue 12/8/2026");
    expect(json).not.toContain("Jury Trial");
    const older = renderCaseView(m, { siteUrl, page: 1, ref: "7f3a", upcoming });
    expect(JSON.stringify(older.blocks)).not.toContain("Upcoming");
    expect(casePageSize(m)).toBe(casePageSize(acmeDocket()));
  });

  it("defuses hostile text", () => {
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", upcoming: { today: "2026-11-23", dates: [d({ title: "<!channel> <@U1> due", place: "<https://evil.example|x>" })] } });
    expectValidMessage(v);
    const json = JSON.stringify(v);
    for (const bad of ["<!channel>", "<@U1>", "evil.example"]) expect(json).not.toContain(bad);
  });

  it("golden", async () => {
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", clientMatter: "ACME-001", upcoming });
    expectValidMessage(v);
    await expectGoldens(v, "./__goldens__/case-view-upcoming");
  });
});
