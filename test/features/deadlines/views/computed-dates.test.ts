/**
 * Issue 23 item 5: a rule's own date is shown as computed, never as the court's — its rule, its
 * trigger entry and "computed — verify" — in the deadlines list, a reminder, App Home, the case
 * card and the calendar feed; a court's date the rule would give another day shows both and the
 * difference; a met deadline names the filing; a date beside another of its name says both stand.
 */
import { describe, expect, it } from "vitest";
import type { CourtDate, CourtDateByRule } from "../../../../src/court/deadlines/court-date.ts";
import { renderCaseView } from "../../../../src/features/cases/views/case-view.ts";
import { eventDescription } from "../../../../src/features/calendar/ical/event.ts";
import type { DateOfItem, DeadlineItem } from "../../../../src/features/deadlines/views/date-item.ts";
import { renderDeadlines } from "../../../../src/features/deadlines/views/deadlines-list.ts";
import { homeCourtDateBlocks } from "../../../../src/features/deadlines/views/home-dates.ts";
import { renderReminder } from "../../../../src/features/deadlines/views/reminder.ts";
import { effectText, provenanceLines } from "../../../../src/slack/blockkit/court-date.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { acmeDocket } from "../../cases/views/acme-docket.ts";

const siteUrl = "https://www.courtlistener.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };
const rule = (over: Partial<CourtDateByRule> = {}): CourtDateByRule => ({
  key: "computed:answer-after-service:9:0", citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", date: "2026-12-04",
  trigger: { entryNumber: "9", entryDate: "2026-11-16", eventDate: "2026-11-13", words: "SUMMONS Returned Executed" },
  courtStates: false, assumptions: [], note: "computed — verify", ...over,
});
const item = (id: number, over: Partial<DateOfItem>): DateOfItem => ({
  id, key: `deadline:d${id}`, ...ACME, kind: "deadline", title: "Answer due (Widget Inc.)", date: "2026-12-04", status: "scheduled",
  source: { entryNumber: "9", entryDate: "2026-11-16", entryIndex: -1 }, history: [], ...over,
});
const ruleOnly = item(1, { key: "computed:answer-after-service:9:0", byRule: rule() });
const stated = item(2, { key: "deadline:opposition", title: "Opposition due", date: "2026-12-11", source: { entryNumber: "31", entryDate: "2026-11-20", entryIndex: -1 },
  byRule: rule({ key: "computed:opposition:20:0", citation: "S.D.N.Y. & E.D.N.Y. Local Civ. R. 6.1(b)", date: "2026-12-07", courtStates: true, differenceDays: -4 }) });
const second = item(3, { key: "conference:status-on-2026-12-15", kind: "conference", title: "Status Conference", date: "2026-12-15", time: "10:00",
  source: { entryNumber: "45", entryDate: "2026-11-20", entryIndex: -1 },
  conflict: { key: "conference:status", title: "Status Conference", date: "2026-12-01", time: "10:00", source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: -1 }, why: "…" } });
const items: DeadlineItem[] = [{ date: ruleOnly }, { date: stated }, { date: second }];
const model = { today: "2026-11-23", days: 30, items, matters: ["ACME-001"], reminderDays: [7, 1] };

describe("computed dates in every view (issue 23)", () => {
  it("the list names the rule and trigger and says computed — verify; a stated date shows the rule's and the difference; a conflict says both stand", async () => {
    const msg = renderDeadlines(model, { siteUrl });
    expectValidMessage(msg);
    const json = JSON.stringify(msg);
    expect(json).toContain("_Computed — verify:_ Fed. R. Civ. P. 12(a)(1)(A)(i) from 11/13/2026 as stated in #9 filed 11/16/2026; not a date the court stated");
    expect(json).toContain("The court's date stands; S.D.N.Y. &amp; E.D.N.Y. Local Civ. R. 6.1(b) would give 12/7/2026 (4 days earlier, computed — verify)");
    expect(json).toContain(":warning: Another Status Conference stands on 12/1/2026 (#40 filed 11/2/2026): the docket did not say this one replaces it");
    await expectGoldens(msg, "./__goldens__/deadlines-computed");
  });

  it("a reminder of a rule's date says computed — verify", () => {
    const msg = renderReminder({ item: { date: ruleOnly }, today: "2026-11-27" }, { siteUrl });
    expectValidMessage(msg);
    expect(JSON.stringify(msg)).toContain("_Computed — verify:_ Fed. R. Civ. P. 12(a)(1)(A)(i)");
  });

  it("Home marks a rule's date computed — verify", () => {
    const json = JSON.stringify(homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates: [ruleOnly, stated], hasMatters: true }, { siteUrl }));
    expect(json).toContain("*Answer due (Widget Inc.)* · Fri 12/4/2026 · _in 11 days_ · _computed — verify_");
    expect(json.match(/computed — verify/g)).toHaveLength(1);
  });

  it("the case card shows the rule and a met deadline", async () => {
    const met: CourtDate = { ...stated, confidence: 0.9, met: { source: { entryNumber: "33", entryDate: "2026-11-22", entryIndex: 4 }, words: "MEMORANDUM in Opposition" } };
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", upcoming: { today: "2026-11-23", dates: [{ ...ruleOnly, confidence: 0.7 }, met] } });
    expectValidMessage(v);
    const json = JSON.stringify(v);
    // Served 11/13, docketed 11/16: the 21 days run from the service (11/13 + 21 = 12/4), and the card says so.
    expect(json).toContain("_Computed — verify:_ Fed. R. Civ. P. 12(a)(1)(A)(i) from 11/13/2026 as stated in #9 filed 11/16/2026");
    expect(json).toContain("✓ Met by #33 filed 11/22/2026");
    await expectGoldens(v, "./__goldens__/case-card-computed");
  });

  it("the case card says why a Rule 12 motion ended a computed answer date, not that it was met (FRCP 12(a)(4))", () => {
    const why = "The Rule 12 motion (#62) changes the time to answer: 14 days after notice of the court's ruling on it, unless the court sets another time (Fed. R. Civ. P. 12(a)(4)(A))";
    const altered: CourtDate = { ...ruleOnly, confidence: 0.7, met: { source: { entryNumber: "62", entryDate: "2026-11-30", entryIndex: 5 }, words: "MOTION to Dismiss", why } };
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", upcoming: { today: "2026-11-23", dates: [altered] } });
    expectValidMessage(v);
    const json = JSON.stringify(v);
    expect(json).toContain("The Rule 12 motion (#62) changes the time to answer");
    expect(json).not.toContain("✓ Met by #62");
  });

  // "The parties shall file a joint letter … one week before the conference": the entry never shows
  // 12/9, so every view says how it was counted (FRCP 6(a)), as it does for a rule's own date.
  const period = item(4, {
    key: "deadline:joint-letter", title: "File a joint letter on the status", date: "2026-12-09", source: { entryNumber: "54", entryDate: "2026-11-16", entryIndex: -1 },
    computed: {
      days: 7, direction: "before", rule: "FRCP 6(a)(1), 6(a)(5) (counted backward)", words: "one week before the conference",
      anchor: { kind: "event", key: "conference:status", title: "Status Conference", date: "2026-12-16", source: { entryNumber: "54", entryDate: "2026-11-16", entryIndex: -1 } },
      note: "computed from entry 54 (filed 2026-11-16): 7 days before the Status Conference of 2026-12-16, FRCP 6(a)(1), 6(a)(5) (counted backward)",
    },
  });
  const LINE = "_Computed — verify:_ 7 days before the Status Conference on 12/16/2026 (\"one week before the conference\"), FRCP 6(a)(1), 6(a)(5) (counted backward); not a date the court stated";

  it("a date counted from the entry's period says how in the list, a reminder, Home, the case card, the feed and an alert", () => {
    const list = renderDeadlines({ ...model, items: [{ date: period }] }, { siteUrl });
    expectValidMessage(list);
    expect(JSON.stringify(list)).toContain(JSON.stringify(LINE).slice(1, -1));
    expect(JSON.stringify(renderReminder({ item: { date: period }, today: "2026-12-02" }, { siteUrl }))).toContain(JSON.stringify(LINE).slice(1, -1));
    expect(JSON.stringify(homeCourtDateBlocks({ today: "2026-11-23", days: 30, dates: [period], hasMatters: true }, { siteUrl }))).toContain("· _computed — verify_");
    const card = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", upcoming: { today: "2026-11-23", dates: [period] } });
    expect(JSON.stringify(card)).toContain(JSON.stringify(LINE).slice(1, -1));
    const text = eventDescription({ ...period, confidence: 0.7, matters: ["ACME-001"], sequence: 0, createdAt: 0, updatedAt: 0 } as never, "America/New_York");
    expect(text).toContain("Computed — verify: 7 days before the Status Conference on 2026-12-16 (\"one week before the conference\"), FRCP 6(a)(1), 6(a)(5) (counted backward). Not a date the court stated.");
    expect(effectText({ verb: "sets", kind: "deadline", title: "File a joint letter on the status", date: "2026-12-09", computed: period.computed!.note }))
      .toBe("sets File a joint letter on the status due Wed 12/9/2026 (_computed — verify_)");
    // Counted from the entry itself, the entry is named as every other line names one.
    const fromEntry = { ...period, computed: { ...period.computed!, days: 14, direction: "after" as const, words: "within fourteen days", rule: "FRCP 6(a)(1)", anchor: { kind: "entry" as const, date: "2026-11-16", source: period.source } } };
    expect(provenanceLines(fromEntry)).toEqual(["_Computed — verify:_ 14 days after #54 filed 11/16/2026 (\"within fourteen days\"), FRCP 6(a)(1); not a date the court stated"]);
  });

  it("a period's docket words are untrusted: mrkdwn and mentions are neutralised", () => {
    const hostile = { ...period, computed: { ...period.computed!, words: "<!channel> *within* <https://evil.example|14 days>", anchor: { ...period.computed!.anchor, title: "<@U123> Conference" } as never } };
    const [line] = provenanceLines(hostile);
    expect(line).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
    expectValidMessage(renderDeadlines({ ...model, items: [{ date: hostile }] }, { siteUrl }));
  });

  it("the feed's DESCRIPTION names the rule", () => {
    const text = eventDescription({ ...ruleOnly, confidence: 0.7, matters: ["ACME-001"], sequence: 0, createdAt: 0, updatedAt: 0 } as never, "America/New_York");
    expect(text).toContain("Computed — verify: Fed. R. Civ. P. 12(a)(1)(A)(i), counted from 2026-11-13 as stated in docket entry 9, filed 2026-11-16. Not a date the court stated.");
  });
});
