/**
 * VTIMEZONE components (RFC 5545 §3.6.5) for the zones courts keep (court/court-zones.ts).
 *
 * Why TZID with a VTIMEZONE, not floating time and not UTC: a hearing is set on the court's wall
 * clock, so the event must carry the court's zone. A floating time (no zone) would put a 10:00
 * New York hearing at 10:00 in a Los Angeles reader's calendar: three hours wrong. UTC would be
 * right only until a zone's rules change, and hides the court's zone from the event. With
 * `DTSTART;TZID=America/New_York:…` Google Calendar reads the IANA name directly; Outlook (and
 * Apple Calendar) need the VTIMEZONE that RFC 5545 §3.2.19 requires for every TZID used, so each
 * zone used is defined here, named by its IANA id, which Outlook also maps to its own zones.
 *
 * The rules are those in force since 2007 (Energy Policy Act of 2005: DST from the second Sunday
 * of March to the first Sunday of November, at 02:00 local); court dates are all later than that.
 * Arizona, Hawaii, Puerto Rico, the Virgin Islands, Guam and the Northern Mariana Islands keep no
 * DST. The tests check every zone against the platform's tz database (Intl) through ical.js.
 */

interface ZoneRule {
  /** Standard offset, `-0500`. */
  std: string;
  stdName: string;
  /** Daylight offset and name, for zones that keep DST. */
  dst?: readonly [offset: string, name: string];
}

const ZONES: Readonly<Record<string, ZoneRule>> = {
  "America/New_York": { std: "-0500", stdName: "EST", dst: ["-0400", "EDT"] },
  "America/Detroit": { std: "-0500", stdName: "EST", dst: ["-0400", "EDT"] },
  "America/Indiana/Indianapolis": { std: "-0500", stdName: "EST", dst: ["-0400", "EDT"] },
  "America/Chicago": { std: "-0600", stdName: "CST", dst: ["-0500", "CDT"] },
  "America/Denver": { std: "-0700", stdName: "MST", dst: ["-0600", "MDT"] },
  "America/Boise": { std: "-0700", stdName: "MST", dst: ["-0600", "MDT"] },
  "America/Phoenix": { std: "-0700", stdName: "MST" },
  "America/Los_Angeles": { std: "-0800", stdName: "PST", dst: ["-0700", "PDT"] },
  "America/Anchorage": { std: "-0900", stdName: "AKST", dst: ["-0800", "AKDT"] },
  "Pacific/Honolulu": { std: "-1000", stdName: "HST" },
  "America/Puerto_Rico": { std: "-0400", stdName: "AST" },
  "America/St_Thomas": { std: "-0400", stdName: "AST" },
  "Pacific/Guam": { std: "+1000", stdName: "ChST" },
  "Pacific/Saipan": { std: "+1000", stdName: "ChST" },
};

/** The zones this module can define (every zone court-zones.ts names). */
export const DEFINED_ZONES: readonly string[] = Object.keys(ZONES);

export function hasZoneDefinition(tzid: string): boolean {
  return Object.hasOwn(ZONES, tzid);
}

/** The VTIMEZONE's content lines (short, so unfolded); [] for a zone not defined here. */
export function vtimezoneLines(tzid: string): string[] {
  const z = ZONES[tzid];
  if (!z) return [];
  if (!z.dst) {
    return [
      "BEGIN:VTIMEZONE", `TZID:${tzid}`,
      "BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${z.std}`, `TZOFFSETTO:${z.std}`, `TZNAME:${z.stdName}`, "END:STANDARD",
      "END:VTIMEZONE",
    ];
  }
  const [dst, dstName] = z.dst;
  return [
    "BEGIN:VTIMEZONE", `TZID:${tzid}`,
    "BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    `TZOFFSETFROM:${z.std}`, `TZOFFSETTO:${dst}`, `TZNAME:${dstName}`, "END:DAYLIGHT",
    "BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    `TZOFFSETFROM:${dst}`, `TZOFFSETTO:${z.std}`, `TZNAME:${z.stdName}`, "END:STANDARD",
    "END:VTIMEZONE",
  ];
}
