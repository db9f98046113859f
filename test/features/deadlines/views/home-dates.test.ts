import { describe, expect, it } from "vitest";
import { renderHome } from "../../../../src/features/home/views/home.ts";
import type { DateOfItem } from "../../../../src/features/deadlines/views/date-item.ts";
import { HOME_DATES_MAX, homeCourtDateBlocks } from "../../../../src/features/deadlines/views/home-dates.ts";
import { expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://www.courtlistener.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };
const date = (id: number, over: Partial<DateOfItem> = {}): DateOfItem => ({
  id, key: `deadline:d${id}`, ...ACME, kind: "deadline", title: "Expert Reports", date: "2026-12-08", status: "scheduled",
  source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: -1 }, history: [], ...over,
});
const dates = [date(1, { kind: "conference", title: "Status Conference", date: "2026-12-01", time: "10:00", place: "Courtroom 15A" }), date(2)];
const home = (courtDates: ReturnType<typeof homeCourtDateBlocks>) =>
  renderHome({ recent: [], matters: [{ clientMatter: "ACME-001", channelIds: ["C0ACME"] }], channelsKnown: true, qaEnabled: true, trackers: [], courtDates }, { siteUrl });

describe("App Home: next court dates", () => {
  it("lists the next dates read-only, and says so when there are none; nothing without matters", () => {
    const blocks = homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates, hasMatters: true }, { siteUrl });
    const json = JSON.stringify(blocks);
    expect(json).toContain("*Status Conference* · Tue 12/1/2026 · 10:00 AM ET · Courtroom 15A · _in 8 days_");
    expect(json).toContain("*Expert Reports due*");
    expect(json).not.toContain("court_date_calendared");
    expectValidView(home(blocks) as never);
    expect(JSON.stringify(homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates: [], hasMatters: true }, { siteUrl }))).toContain("Nothing on your matters' dockets");
    expect(homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates, hasMatters: false }, { siteUrl })).toEqual([]);
    const many = homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates: Array.from({ length: 20 }, (_, i) => date(i + 1)), hasMatters: true }, { siteUrl });
    expect(JSON.stringify(many)).toContain(`…and ${20 - HOME_DATES_MAX} more dates.`);
  });

  it("defuses hostile text", () => {
    const blocks = homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates: [date(1, { title: "<!channel>", caseTitle: "<@U1> v. <!everyone>", place: "<!here> <https://evil.example|x>" })], hasMatters: true }, { siteUrl });
    expectValidView(home(blocks) as never);
    const json = JSON.stringify(blocks);
    for (const bad of ["<!channel>", "<@U1>", "evil.example", "<!here>"]) expect(json).not.toContain(bad);
  });

  it("golden", async () => {
    const view = home(homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates, hasMatters: true }, { siteUrl }));
    expectValidView(view as never);
    await expectGoldens(view, "./__goldens__/home-court-dates");
  });
});
