import { describe, expect, it } from "vitest";
import type { DeadlineItem, DateOfItem } from "../../../../src/features/deadlines/views/date-item.ts";
import { calendaredValue } from "../../../../src/features/deadlines/views/controls.ts";
import { MAX_ITEMS, remindersText, renderDeadlines, weekOf, type DeadlinesModel } from "../../../../src/features/deadlines/views/deadlines-list.ts";
import { renderReminder } from "../../../../src/features/deadlines/views/reminder.ts";
import { effectText } from "../../../../src/slack/blockkit/court-date.ts";
import type { SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://www.courtlistener.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };
const AT = Date.UTC(2026, 10, 20, 15, 4);

function date(id: number, over: Partial<DateOfItem> = {}): DateOfItem {
  return {
    id, key: `deadline:d${id}`, ...ACME, kind: "deadline", title: "Expert Reports due", date: "2026-12-08", status: "scheduled",
    source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: -1 }, history: [], ...over,
  };
}

const ordinary = (): DeadlineItem[] => [
  { date: date(1, { kind: "conference", title: "Status Conference", date: "2026-11-25", time: "10:00", place: "Courtroom 15A", judge: "Judge Rakoff" }), calendared: { calendaredBy: "U0DANA", calendaredAt: AT } },
  { date: date(2, { kind: "hearing", title: "Motion Hearing", date: "2026-12-01", time: "14:30", status: "moved", history: [{ date: "2026-11-27", source: { entryNumber: "38", entryDate: "2026-10-30", entryIndex: -1 } }] }) },
  { date: date(3) },
  { date: date(4, { court: "ded", docket: "1:24-cv-00077", caseTitle: "Beta LLC v. Gamma Co", title: "Opposition due", date: "2026-12-21", source: { entryDate: "2026-11-19", entryIndex: -1 } }) },
];

const model = (items: DeadlineItem[]): DeadlinesModel => ({ today: "2026-11-23", days: 30, items, matters: ["ACME-001"], reminderDays: [7, 1] });
const texts = (blocks: { type: string }[]) => blocks.filter((b): b is SectionBlock => b.type === "section").map((b) => b.text!.text);

describe("deadlines list view", () => {
  it("groups by week, names kind, when, where, case and source, with Mark calendared (a plain button) or the state and Undo", () => {
    const msg = renderDeadlines(model(ordinary()), { siteUrl });
    expectValidMessage(msg);
    const [head, first, second] = texts(msg.blocks);
    expect(head).toContain("4 dates");
    expect(head).toContain("3 not calendared");
    expect(first).toContain("*Status Conference* · Wed 11/25/2026 · 10:00 AM ET · Courtroom 15A · Judge Rakoff · _in 2 days_");
    expect(first).toContain("From #40 filed 11/2/2026 · ✓ Calendared by <@U0DANA>");
    expect(second).toContain("2:30 PM");
    expect(second).toContain("_moved from 11/27/2026_");
    const weeks = msg.blocks.filter((b) => b.type === "context").map((b) => JSON.stringify(b));
    expect(weeks.filter((w) => w.includes("Week of")).length).toBe(4);
    const buttons = msg.blocks.flatMap((b) => (b.type === "section" && b.accessory ? [b.accessory] : []));
    expect(buttons.map((b) => b.text.text)).toEqual(["Undo", "Mark calendared", "Mark calendared", "Mark calendared"]);
    expect(buttons.every((b) => !("style" in b))).toBe(true);
    expect(calendaredValue.decode(buttons[0]!.value)).toEqual({ d: 1, on: false });
    expect(calendaredValue.decode(buttons[1]!.value)).toEqual({ d: 2, on: true });
  });

  it("says so when nothing is on the docket", () => {
    const msg = renderDeadlines(model([]), { siteUrl });
    expectValidMessage(msg);
    expect(texts(msg.blocks)[0]).toContain("None in the next 30 days on the dockets of its matters' cases (the ones tracked or looked up here).");
    expect(msg.text).toBe("No court dates in the next 30 days");
  });

  it("counts what does not fit", () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ date: date(i + 1, { date: `2026-12-${String((i % 28) + 1).padStart(2, "0")}`, title: "Reply due ".repeat(20) }) }));
    const msg = renderDeadlines(model(many), { siteUrl });
    expectValidMessage(msg);
    expect(JSON.stringify(msg)).toMatch(/…and \d+ more dates later in the period\./);
    expect(msg.blocks.filter((b) => b.type === "section").length).toBeLessThanOrEqual(MAX_ITEMS + 1);
  });

  it("defuses hostile docket text", () => {
    const hostile = date(9, {
      title: "<!channel> *due* <https://evil.example|x>", place: "<@U123> room <!here>", caseTitle: "<!everyone> v. <!subteam^S1>",
      docket: "1:23-cv-1 <!here>", source: { entryNumber: "1|<https://evil.example|x>", entryDate: "2026-11-02", entryIndex: 0 },
    });
    for (const msg of [renderDeadlines(model([{ date: hostile }]), { siteUrl }), renderReminder({ item: { date: hostile }, today: "2026-11-23" }, { siteUrl })]) {
      expectValidMessage(msg);
      const json = JSON.stringify(msg);
      for (const bad of ["<!channel>", "<!here>", "<!everyone>", "<@U123>", "evil.example", "<!subteam"]) expect(json).not.toContain(bad);
      expect(msg.text).not.toMatch(/<|@(here|channel|everyone)\b/);
    }
    expect(effectText({ verb: "sets", kind: "deadline", title: "<!channel> due", date: "2026-12-08" })).not.toContain("<!channel>");
  });

  it("says the reminder days as set: 0 is the day itself, never a day before", () => {
    expect(remindersText([0])).toBe("Reminders here: on the day of each date.");
    expect(remindersText([0, 7])).toBe("Reminders here: 7 days before each date, and on the day itself.");
    expect(remindersText([1, 7, 0])).toBe("Reminders here: 7 days and 1 day before each date, and on the day itself.");
    expect(remindersText([1])).toBe("Reminders here: 1 day before each date.");
    expect(remindersText([])).toBe("No reminders in this channel.");
  });

  it("weeks start on Monday", () => {
    expect([weekOf("2026-11-23"), weekOf("2026-11-29"), weekOf("2026-11-30")]).toEqual(["2026-11-23", "2026-11-23", "2026-11-30"]);
  });
});

describe("alert effect lines", () => {
  it("sets, moves, vacates", () => {
    expect(effectText({ verb: "sets", kind: "deadline", title: "Expert Reports", date: "2026-12-08" })).toBe("sets Expert Reports due Tue 12/8/2026");
    expect(effectText({ verb: "moves", kind: "conference", title: "Status Conference", date: "2025-09-15", time: "10:00" })).toBe("moves Status Conference to Mon 9/15/2025 10:00 AM");
    expect(effectText({ verb: "vacates", kind: "hearing", title: "Motion Hearing" })).toBe("vacates Motion Hearing");
  });
  it("a time names the court's clock, so a reader elsewhere calendars it right; an unknown court's says court time", () => {
    const at = (court: string) => effectText({ verb: "sets", kind: "hearing", title: "Motion Hearing", date: "2026-12-09", time: "14:30", court });
    expect(at("New York Southern District Court")).toBe("sets Motion Hearing Wed 12/9/2026 2:30 PM ET");
    expect(at("ilnd")).toBe("sets Motion Hearing Wed 12/9/2026 2:30 PM CT");
    expect(at("azd")).toBe("sets Motion Hearing Wed 12/9/2026 2:30 PM MST");
    expect(at("cand")).toBe("sets Motion Hearing Wed 12/9/2026 2:30 PM PT");
    expect(at("Superior Court of Nowhere")).toBe("sets Motion Hearing Wed 12/9/2026 2:30 PM court time");
  });
});

describe("deadlines goldens", () => {
  it("the list", async () => {
    const msg = renderDeadlines(model(ordinary()), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/deadlines-list");
  });

  it("the empty list", async () => {
    const msg = renderDeadlines({ ...model([]), reminderDays: [] }, { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/deadlines-empty");
  });

  it("a reminder", async () => {
    const msg = renderReminder({ item: ordinary()[0]!, today: "2026-11-24" }, { siteUrl });
    expectValidMessage(msg);
    expect(msg.text).toBe("Reminder: Status Conference is tomorrow (Wed 11/25/2026)");
    await expectGoldens(msg, "./__goldens__/deadlines-reminder");
  });
});
