/**
 * One court date as a VEVENT (RFC 5545 §3.6.1). Deadlines are all-day events (DTSTART;VALUE=DATE
 * and DTEND the next day: §3.6.1, "the DTEND property for a VEVENT specifies the non-inclusive end");
 * a hearing, conference or trial with a time is a timed event on the court's clock (TZID, see
 * time-zones.ts), an hour long since dockets rarely say when a hearing ends; one without a time is
 * all-day. The UID is stable across updates, SEQUENCE is the store's (raised when the date, time or
 * status changes), and a vacated date stays in the feed as STATUS:CANCELLED, so a subscribed
 * calendar removes or strikes it instead of keeping a stale event. Pure.
 */
import { createHash } from "node:crypto";
import { courtKey, courtShortLabel, resolveCourt } from "../../../court/courts.ts";
import { courtTimeZone } from "../../../court/court-zones.ts";
import { countedFrom, dateLabel, isComputed, periodCount, type CourtDate, type CourtDateSource } from "../../../court/deadlines/court-date.ts";
import { caseUrl, normalizeDocket } from "../../../court/refs.ts";
import { contentLine, raw, text } from "./content-lines.ts";
import { hasZoneDefinition } from "./time-zones.ts";

/** A stored court date with its case: what the store's courtDatesOfMatters returns fits it. */
export interface CalendarDate extends CourtDate {
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  /** iCalendar SEQUENCE: rises each time the date, time or status changes. */
  sequence: number;
  /** When the stored date last changed (ms), for LAST-MODIFIED. */
  updatedAt?: number | undefined;
}

export interface EventOptions {
  /** Whose calendar: a matter's feed, or "case" for a one-off file. Part of the UID. */
  scope: string;
  /** DTSTAMP of a date whose last change is not known. */
  now: number;
  /** The service's site, for the case's URL; none when unknown. */
  siteUrl?: string | undefined;
}

/** Default length of a timed event: dockets give a start, not an end. */
const TIMED_EVENT_MINUTES = 60;

/**
 * `<32 hex>@docketbot`, from the scope, the court, the docket and the date's key: the same date is
 * the same event across every refresh, through moves and cancellation. Persisted in subscribers'
 * calendars, so its recipe never changes: a change would duplicate every event they hold.
 */
export function eventUid(scope: string, d: Pick<CalendarDate, "court" | "docket" | "key">): string {
  const court = resolveCourt(d.court)?.code ?? courtKey(d.court);
  const docket = normalizeDocket(d.docket).toLowerCase();
  const hash = createHash("sha256").update(["docketbot-calendar-v1", scope, court, docket, d.key].join("\u0000")).digest("hex");
  return `${hash.slice(0, 32)}@docketbot`;
}

/** `2026-12-08` -> `20261208`; `10:00` -> `100000`. */
const basicDate = (iso: string) => raw(iso.replaceAll("-", ""));
const basicTime = (hhmm: string) => raw(`${hhmm.replace(":", "")}00`);

/** The calendar day after an ISO date (pure day arithmetic: Date.UTC only counts days). */
export function nextDay(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `YYYYMMDDTHHMMSSZ` of an instant (DTSTAMP, LAST-MODIFIED are UTC: §3.8.7.2). */
export function utcStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

function endOf(date: string, time: string): { date: string; time: string } {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const total = h * 60 + m + TIMED_EVENT_MINUTES;
  const day = total >= 24 * 60 ? nextDay(date) : date;
  const t = total % (24 * 60);
  return { date: day, time: `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}` };
}

/** The case as a reader names it: `Acme v. Widget (1:23-cv-01234)`, or `S.D.N.Y. 1:23-cv-01234`. */
export function caseLabel(d: Pick<CalendarDate, "court" | "docket" | "caseTitle">): string {
  return d.caseTitle?.trim() ? `${d.caseTitle} (${d.docket})` : `${courtShortLabel(d.court)} ${d.docket}`;
}

/**
 * Vacated, or no longer the deadline because a filing changed the period (a Rule 12 motion alters
 * the time to answer, FRCP 12(a)(4): the date it had is no date at all): a subscribed calendar
 * strikes or drops it.
 */
export const struck = (d: Pick<CalendarDate, "status" | "met">): boolean => d.status === "cancelled" || d.met?.why !== undefined;

export function eventSummary(d: CalendarDate): string {
  // Named as in Slack ("Produce the requested documents due"); a date no entry states says so where
  // every calendar shows it, not only in the DESCRIPTION most apps hide.
  const summary = `${dateLabel(d)} — ${caseLabel(d)}`;
  return struck(d) ? `Cancelled: ${summary}` : isComputed(d) ? `${summary} (computed — verify)` : summary;
}

function sourceText(s: CourtDateSource): string {
  return s.entryNumber ? `docket entry ${s.entryNumber}, filed ${s.entryDate}` : `the docket entry filed ${s.entryDate}`;
}

/**
 * The rule behind a date (issue 23 item 5): a rule's own date names its rule and trigger entry and
 * says "computed — verify"; a court's date the rule would give another day says what and by how much;
 * a met deadline names the filing; a date beside another of its name says both stand.
 */
function ruleLines(d: CalendarDate): string[] {
  const out: string[] = [];
  const r = d.byRule;
  if (d.computed && !(r && !r.courtStates)) {
    const counted = periodCount(d.computed, { entry: sourceText, day: (iso) => iso, safe: (text) => text });
    out.push(`Computed — verify: ${counted}. Not a date the court stated.`);
  }
  if (r && !r.courtStates) out.push(`Computed — verify: ${r.citation}, counted from ${countedFrom(r.trigger, sourceText({ ...r.trigger, entryIndex: -1 }), (iso) => iso)}. Not a date the court stated.`);
  else if (r && r.differenceDays !== undefined) out.push(`The court's date stands; ${r.citation} would give ${r.date} (${Math.abs(r.differenceDays)} days ${r.differenceDays < 0 ? "earlier" : "later"}; computed — verify).`);
  if (d.met) out.push(d.met.why ? `${d.met.why}.` : `Met by ${sourceText(d.met.source)}.`);
  if (d.conflict) out.push(`Another ${d.conflict.title} stands on ${d.conflict.date} (${sourceText(d.conflict.source)}): the docket did not say this one replaces it.`);
  return out;
}

/** What the date is, where it comes from, and what it replaced: a reader checks it against the entry. */
export function eventDescription(d: CalendarDate, zone: string | undefined, url?: string): string {
  const lines = [`${d.title}`, `${caseLabel(d)}, ${courtShortLabel(d.court)}`];
  if (d.time) {
    const end = d.kind === "deadline" ? "" : "; the docket gives no end time, so the event is shown as an hour";
    lines.push(`Time: ${d.time}, court time${zone ? ` (${zone})` : " (the court's zone is not known: shown as written)"}${end}`);
  }
  // Dockets write the judge with the title ("Judge Eleanor R. Whitcombe", "Magistrate Judge …"): the label is not said twice.
  if (d.judge) lines.push(/\bjudge\b/i.test(d.judge) ? d.judge : `Judge: ${d.judge}`);
  if (d.place) lines.push(`Place: ${d.place}`);
  lines.push(d.status === "cancelled" ? `Vacated or cancelled by ${sourceText(d.source)}.` : `From ${sourceText(d.source)}.`);
  for (const h of [...d.history].reverse()) lines.push(`Earlier: ${h.date}${h.time ? ` ${h.time}` : ""} (${sourceText(h.source)}).`);
  lines.push(...ruleLines(d));
  // Google Calendar does not show the URL property: the docket's link goes in the text too.
  if (url) lines.push(`Docket: ${url}`);
  lines.push("Read from the docket by docketbot: check the date against the entry before relying on it.");
  return lines.join("\n");
}

export function eventLines(d: CalendarDate, o: EventOptions): string[] {
  const zone = d.time ? courtTimeZone(d.court) : undefined;
  const tzid = zone && hasZoneDefinition(zone) ? zone : undefined;
  const timed = d.time !== undefined && d.kind !== "deadline";
  const lines = [
    "BEGIN:VEVENT",
    contentLine("UID", raw(eventUid(o.scope, d))),
    // §3.8.7.2: with METHOD, when this instance of the event was made: its last change. Not the
    // request's time, so the feed is byte-identical until a date changes and a calendar app's
    // conditional GET (If-None-Match) gets a 304 instead of the whole feed every time.
    contentLine("DTSTAMP", raw(utcStamp(d.updatedAt ?? o.now))),
    contentLine("SEQUENCE", raw(String(Math.max(0, Math.trunc(d.sequence))))),
    contentLine("STATUS", struck(d) ? "CANCELLED" : "CONFIRMED"),
  ];
  if (timed) {
    const end = endOf(d.date, d.time!);
    const params: Record<string, string> = tzid ? { TZID: tzid } : {};
    lines.push(contentLine("DTSTART", `${basicDate(d.date)}T${basicTime(d.time!)}`, params));
    lines.push(contentLine("DTEND", `${basicDate(end.date)}T${basicTime(end.time)}`, params));
  } else {
    lines.push(contentLine("DTSTART", basicDate(d.date), { VALUE: "DATE" }));
    lines.push(contentLine("DTEND", basicDate(nextDay(d.date)), { VALUE: "DATE" }));
  }
  // A deadline does not make anyone busy; a hearing does (§3.8.2.7).
  lines.push(contentLine("TRANSP", timed ? "OPAQUE" : "TRANSPARENT"));
  lines.push(contentLine("SUMMARY", text(eventSummary(d))));
  const url = o.siteUrl ? safeUrl(caseUrl(o.siteUrl, { court: d.court, docket: d.docket })) : undefined;
  lines.push(contentLine("DESCRIPTION", text(eventDescription(d, tzid, url))));
  if (d.place) lines.push(contentLine("LOCATION", text(d.place)));
  if (url) lines.push(contentLine("URL", raw(url)));
  if (d.updatedAt !== undefined) lines.push(contentLine("LAST-MODIFIED", raw(utcStamp(d.updatedAt))));
  lines.push("END:VEVENT");
  return lines;
}

/** An http(s) URL with nothing that could break a content line; undefined otherwise. */
function safeUrl(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return undefined;
  const href = parsed.href;
  return /[\s\u0000-\u001F\u007F]/.test(href) ? undefined : href;
}
