/**
 * The iCalendar writer, read back by Mozilla's ical.js (a maintained RFC 5545 parser that is not
 * ours): what we write is what a calendar app reads, hostile text included.
 */
import ICAL from "ical.js";
import { dateLabel } from "../../../src/court/deadlines/court-date.ts";
import { describe, expect, it } from "vitest";
import { fold, joinLines, text } from "../../../src/features/calendar/ical/content-lines.ts";
import { renderCalendar } from "../../../src/features/calendar/ical/calendar.ts";
import { eventUid, type CalendarDate } from "../../../src/features/calendar/ical/event.ts";
import { DEFINED_ZONES, vtimezoneLines } from "../../../src/features/calendar/ical/time-zones.ts";
import { courtDate, HEARING, NOW, SITE } from "./fixtures.ts";

function parse(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const events = cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { cal, events };
}

const feed = (dates: CalendarDate[]) =>
  renderCalendar({ name: "Court dates — ACME-001", description: "From the dockets of ACME-001's cases", scope: "ACME-001", dates, now: NOW, siteUrl: SITE });

describe("the iCalendar feed, read by ical.js", () => {
  it("is a PUBLISH calendar with a name, a refresh interval, CRLF lines of at most 75 octets", () => {
    const ics = feed([courtDate(), HEARING]);
    const { cal, events } = parse(ics);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBe("-//docketbot//Court dates from the docket//EN");
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Court dates — ACME-001");
    expect(String(cal.getFirstPropertyValue("x-published-ttl"))).toBe("PT60M");
    expect(events).toHaveLength(2);
    expect(ics.endsWith("\r\n")).toBe(true);
    const lines = ics.split("\r\n").slice(0, -1);
    expect(lines.every((l) => !l.includes("\n") && !l.includes("\r"))).toBe(true);
    expect(Math.max(...lines.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
  });

  it("writes a deadline as an all-day event and a hearing at the court's wall clock", () => {
    const { events } = parse(feed([courtDate(), HEARING]));
    const [deadline, hearing] = events as [ICAL.Event, ICAL.Event];
    expect(deadline.summary).toBe("Expert Reports due — Acme v. Widget (1:23-cv-01234)");
    expect(deadline.startDate.isDate).toBe(true);
    expect(deadline.startDate.toString()).toBe("2026-12-08");
    expect(deadline.endDate.toString()).toBe("2026-12-09");
    expect(deadline.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(deadline.description).toContain("From docket entry 42, filed 2026-11-02.");
    expect(deadline.description).toContain("Docket: https://dockets.example.com/cases/New_York_Southern_District_Court/1--23-cv-01234/");
    expect(deadline.component.getFirstPropertyValue("url")).toBe("https://dockets.example.com/cases/New_York_Southern_District_Court/1--23-cv-01234/");

    expect(hearing.startDate.isDate).toBe(false);
    expect(hearing.startDate.zone?.tzid).toBe("America/New_York");
    expect(hearing.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("America/New_York");
    // 10:00 in New York on 15 December (EST, UTC-5) is 15:00 UTC, whoever reads it.
    expect(hearing.startDate.toJSDate().toISOString()).toBe("2026-12-15T15:00:00.000Z");
    expect(hearing.endDate.toJSDate().toISOString()).toBe("2026-12-15T16:00:00.000Z");
    expect(hearing.location).toBe("Courtroom 12A, 500 Pearl Street");
    // The docket names the judge with the title: not "Judge: Judge Jane Roe".
    expect(hearing.description).toContain("\nJudge Jane Roe\n");
    expect(hearing.description).not.toContain("Judge: Judge");
  });

  it("keeps the UID across a move and raises SEQUENCE; a vacated date is CANCELLED", () => {
    const before = parse(feed([HEARING])).events[0]!;
    const moved = parse(feed([{ ...HEARING, date: "2027-01-12", time: "14:30", status: "moved", sequence: 1, history: [{ date: "2026-12-15", time: "10:00", source: HEARING.source }] }])).events[0]!;
    expect(moved.uid).toBe(before.uid);
    expect(moved.sequence).toBe(1);
    expect(before.sequence).toBe(0);
    expect(moved.startDate.toJSDate().toISOString()).toBe("2027-01-12T19:30:00.000Z");
    expect(moved.description).toContain("Earlier: 2026-12-15 10:00 (docket entry 45, filed 2026-11-10).");
    const vacated = parse(feed([{ ...HEARING, status: "cancelled", sequence: 2, source: { entryNumber: "50", entryDate: "2026-12-01", entryIndex: 49 } }])).events[0]!;
    expect(vacated.uid).toBe(before.uid);
    expect(vacated.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vacated.sequence).toBe(2);
    expect(vacated.summary).toBe("Cancelled: Hearing on Motion to Dismiss — Acme v. Widget (1:23-cv-01234)");
  });

  it("strikes a computed answer date a Rule 12 motion altered, saying why (FRCP 12(a)(4)); a met deadline stays", () => {
    const answer = courtDate({ key: "computed:answer-after-service:61:0", title: "Answer due (Globex Corporation)", date: "2026-12-14" });
    const why = "The Rule 12 motion (#62) changes the time to answer: 14 days after notice of the court's ruling on it, unless the court sets another time (Fed. R. Civ. P. 12(a)(4)(A))";
    const source = { entryNumber: "62", entryDate: "2026-11-30", entryIndex: 61 };
    const [altered, met] = parse(feed([{ ...answer, met: { source, words: "MOTION to Dismiss", why } }, { ...courtDate(), met: { source, words: "EXPERT REPORT" } }])).events;
    expect(altered!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(altered!.summary).toBe("Cancelled: Answer due (Globex Corporation) — Acme v. Widget (1:23-cv-01234)");
    expect(altered!.description).toContain(`${why}.`);
    expect(altered!.description).not.toContain("Met by");
    expect(met!.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(met!.description).toContain("Met by docket entry 62, filed 2026-11-30.");
  });

  it("is a valid calendar with no events when the matter has no dates yet", () => {
    const { cal, events } = parse(feed([]));
    expect(events).toEqual([]);
    expect(cal.getAllSubcomponents("vtimezone")).toEqual([]);
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Court dates — ACME-001");
  });

  it("derives the UID from the matter, the case (however its court is named) and the date's key", () => {
    const a = eventUid("ACME-001", HEARING);
    expect(a).toMatch(/^[0-9a-f]{32}@docketbot$/);
    expect(eventUid("ACME-001", { ...HEARING, court: "nysd" })).toBe(a);
    expect(eventUid("IP-007", HEARING)).not.toBe(a);
    expect(eventUid("ACME-001", { ...HEARING, key: "hearing:status" })).not.toBe(a);
  });

  it("round-trips hostile text exactly: newlines, semicolons, commas, backslashes, emoji, 500 characters", () => {
    const hostile = [
      "Hearing\r\nATTENDEE:mailto:evil@example.com\nEND:VEVENT",
      "a;b,c\\d\\n;;,,\\",
      "🧑‍⚖️ Ruling 😀 — ünïcödé 中文 ".repeat(8),
      "x".repeat(250) + "é".repeat(250),
    ];
    for (const title of hostile) {
      const d = courtDate({ title, caseTitle: `${title} v. ${title}`, place: title, judge: title });
      const ics = feed([d]);
      expect(ics).not.toMatch(/\r\nATTENDEE|\r\nEND:VEVENT\r\nEND:VEVENT/);
      const { events } = parse(ics);
      expect(events).toHaveLength(1);
      const e = events[0]!;
      const expected = title.replace(/\r\n/g, "\n");
      expect(e.summary).toBe(`${dateLabel({ title: expected, kind: d.kind })} — ${expected} v. ${expected} (1:23-cv-01234)`);
      expect(e.location).toBe(expected);
      expect(e.component.getAllProperties("attendee")).toHaveLength(0);
      expect(ics.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    }
  });

  it("drops control characters TEXT may not hold and never splits a UTF-8 sequence when folding", () => {
    expect(text("a\u0000b\u0007c\td")).toBe("abc\td");
    expect(text("a\u2028b")).toBe("a\\nb");
    const folded = fold(`SUMMARY:${"😀".repeat(40)}`);
    for (const piece of folded.split("\r\n")) {
      expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
      expect(piece).not.toContain("\uFFFD");
    }
    expect(folded.split("\r\n").map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(`SUMMARY:${"😀".repeat(40)}`);
  });

  it("defines every court zone so that ical.js agrees with the platform's tz database, both sides of DST", () => {
    const toUtc = (zone: string, date: string, time: string) => {
      const ics = joinLines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test", ...vtimezoneLines(zone),
        "BEGIN:VEVENT", "UID:x", "DTSTAMP:20260101T000000Z", `DTSTART;TZID=${zone}:${date.replaceAll("-", "")}T${time.replace(":", "")}00`, "END:VEVENT",
        "END:VCALENDAR",
      ]);
      return parse(ics).events[0]!.startDate.toJSDate().getTime();
    };
    const offsetByIntl = (zone: string, utc: number) => {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date(utc));
      const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
      return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute")) - utc;
    };
    for (const zone of DEFINED_ZONES) {
      for (const [date, time] of [["2026-01-15", "09:30"], ["2026-07-15", "14:00"], ["2027-03-15", "10:00"], ["2027-11-08", "10:00"]] as const) {
        const utc = toUtc(zone, date, time);
        const wall = Date.UTC(...(date.split("-").map(Number) as [number, number, number]).map((n, i) => (i === 1 ? n - 1 : n)) as [number, number, number], Number(time.slice(0, 2)), Number(time.slice(3)));
        expect({ zone, date, offset: wall - utc }).toEqual({ zone, date, offset: offsetByIntl(zone, utc) });
      }
    }
  });
});
