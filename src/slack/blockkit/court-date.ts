/**
 * How a court date reads (issue 16), everywhere the same: the deadlines list, reminders, the case
 * card's "Upcoming", App Home and an alert's "sets … / moves … / vacates …". Court dates are the
 * court's calendar days and wall-clock times, never converted to the reader's zone (a hearing at
 * 10:00 AM in New York is at 10:00 AM for every reader), so they are written out, not <!date>, and
 * a time names the court's clock (`ET`) wherever the date's court is known.
 *
 *   Tue 12/8/2026 · 10:00 AM ET · Courtroom 15A
 */
import { countedFrom, dateLabel, isComputed, periodCount, type CourtDate, type CourtDateKind } from "../../court/deadlines/court-date.ts";
import { courtClockLabel } from "../../court/court-zones.ts";
import { daysBetween } from "../../court/rules/iso-day.ts";
import { toMrkdwnLine, toPlainText } from "./sanitize.ts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

function parts(iso: string): { y: number; m: number; d: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : undefined;
}

/** `12/8/2026` (the docket's own style); anything else is shown as plain text. */
export function usDate(iso: string): string {
  const p = parts(iso);
  return p ? `${p.m}/${p.d}/${p.y}` : toPlainText(iso, 20);
}

/** `Tue 12/8/2026`. */
export function usDay(iso: string): string {
  const p = parts(iso);
  if (!p) return usDate(iso);
  return `${WEEKDAYS[new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay()]} ${usDate(iso)}`;
}

/** `14:30` → `2:30 PM`. */
export function clockTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return toPlainText(hhmm, 10);
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? "AM" : "PM"}`;
}

/**
 * `10:00 AM ET`: a time in the court's clock, named (court-zones.ts), when the date's court is
 * known; a time alone reads as the reader's own and is calendared an hour or three off.
 */
export function courtTime(hhmm: string, court: string | undefined): string {
  return court === undefined ? clockTime(hhmm) : `${clockTime(hhmm)} ${courtClockLabel(court)}`;
}

/** `Tue 12/8/2026 10:00 AM ET`, as an alert says where a date was set or moved (the weekday: a clerk checks it). */
export function whenShort(d: Pick<CourtDate, "date" | "time"> & { court?: string | undefined }): string {
  return d.time ? `${usDay(d.date)} ${courtTime(d.time, d.court)}` : usDay(d.date);
}

export const KIND_LABELS: Record<CourtDateKind, string> = {
  deadline: "Deadline",
  hearing: "Hearing",
  conference: "Conference",
  trial: "Trial",
};

export const KIND_EMOJI: Record<CourtDateKind, string> = {
  deadline: ":hourglass_flowing_sand:",
  hearing: ":classical_building:",
  conference: ":busts_in_silhouette:",
  trial: ":scales:",
};

/** `Tue 12/8/2026 · 10:00 AM ET · Courtroom 15A`, as mrkdwn (the place is untrusted text). */
export function whenAndWhere(d: Pick<CourtDate, "date" | "time" | "place"> & { court?: string | undefined }): string {
  const place = d.place ? toMrkdwnLine(d.place, 120) : "";
  return [usDay(d.date), d.time ? courtTime(d.time, d.court) : "", place].filter((p) => p !== "").join(" · ");
}


/** `*Status Conference*` (untrusted title, escaped), cut to `max`. */
export function dateTitle(d: Pick<CourtDate, "title" | "kind">, max = 120): string {
  const t = toMrkdwnLine(dateLabel(d), max);
  return t === "" ? "*Court date*" : `*${t}*`;
}

/** Where a date comes from: `#40 filed 11/2/2026` (or `entry filed 11/2/2026` without a number). */
export function sourceText(d: Pick<CourtDate, "source">): string {
  const n = d.source.entryNumber ? toMrkdwnLine(d.source.entryNumber, 20) : "";
  return `${n ? `#${n}` : "entry"} filed ${usDate(d.source.entryDate)}`;
}

/**
 * `today`, `tomorrow`, `in 6 days` from the reader's today to a court day (court/today.ts decides
 * both, once); "" when either is not a date.
 */
export function awayText(today: string, iso: string): string {
  if (!parts(today) || !parts(iso)) return "";
  const n = daysBetween(today, iso);
  if (n === 0) return "today";
  if (n === 1) return "tomorrow";
  if (n < 0) return n === -1 ? "yesterday" : `${-n} days ago`;
  return `in ${n} days`;
}

/** ` · _in 6 days_`, or "" (see awayText). */
export const awaySuffix = (today: string, iso: string): string => {
  const t = awayText(today, iso);
  return t === "" ? "" : ` · _${t}_`;
};

/** ` · _computed — verify_` on a date no entry states (a one-line list: Home), else "". */
export const computedMark = (d: Pick<CourtDate, "byRule" | "computed">): string => (isComputed(d) ? " · _computed — verify_" : "");

const entryRef = (s: { entryNumber?: string | undefined; entryDate: string }) =>
  `${s.entryNumber ? `#${toMrkdwnLine(s.entryNumber, 20)}` : "entry"} filed ${usDate(s.entryDate)}`;

/**
 * What stands behind a date beyond its entry (issue 23), as mrkdwn lines: a rule's own date says
 * "computed — verify" with its rule and trigger entry; a court's date the rule would give another
 * day says so with the difference; a deadline met names the filing; a date beside another of its
 * name says both stand. Empty when there is nothing to add.
 */
export function provenanceLines(d: Pick<CourtDate, "byRule" | "computed" | "conflict" | "met">): string[] {
  const out: string[] = [];
  const r = d.byRule;
  if (d.computed && !(r && !r.courtStates)) {
    // Counted from the entry's own period: the entry never shows this date, so say how it was counted.
    out.push(`_Computed — verify:_ ${periodCount(d.computed, { entry: entryRef, day: usDate, safe: toMrkdwnLine })}; not a date the court stated`);
  }
  if (r && !r.courtStates) {
    out.push(`_Computed — verify:_ ${toMrkdwnLine(r.citation, 80)} from ${countedFrom(r.trigger, entryRef(r.trigger), usDate)}; not a date the court stated`);
  } else if (r && r.differenceDays !== undefined) {
    const n = Math.abs(r.differenceDays);
    const way = r.differenceDays < 0 ? "earlier" : "later";
    out.push(`The court's date stands; ${toMrkdwnLine(r.citation, 80)} would give ${usDate(r.date)} (${n} day${n === 1 ? "" : "s"} ${way}, computed — verify)`);
  }
  // A filing that ends the deadline without being its paper says why (a Rule 12 motion: FRCP 12(a)(4)).
  if (d.met) out.push(d.met.why ? toMrkdwnLine(d.met.why, 240) : `✓ Met by ${entryRef(d.met.source)}`);
  if (d.conflict) out.push(`:warning: Another ${toMrkdwnLine(d.conflict.title, 80)} stands on ${usDate(d.conflict.date)} (${entryRef(d.conflict.source)}): the docket did not say this one replaces it`);
  return out;
}

/**
 * An alert's line for what its filing does to a date: `sets Expert Reports due 12/8/2026`,
 * `moves Status Conference to 9/15/2025 10:00 AM`, `vacates Motion Hearing`, `meets Opposition due
 * 12/7/2026` (the filing is its paper), `ends Answer due 12/14/2026 — The Rule 12 motion (#60)
 * changes the time to answer: …` (its `why`, as the lists say it) (mrkdwn).
 */
export function effectText(e: { verb: "sets" | "moves" | "vacates" | "meets" | "ends"; why?: string | undefined; kind: CourtDateKind; title: string; date?: string | undefined; time?: string | undefined; computed?: string | undefined; court?: string | undefined }): string {
  const title = toMrkdwnLine(e.verb === "vacates" ? e.title : dateLabel(e), 120) || "a court date";
  if (e.verb === "vacates" || e.date === undefined) return `vacates ${title}`;
  // A date counted from the entry's period is not in its text: the alert says so, as every list does.
  const when = `${whenShort({ date: e.date, time: e.time, court: e.court })}${e.computed !== undefined ? " (_computed — verify_)" : ""}`;
  if (e.verb === "ends") return `ends ${title} ${when}${e.why ? ` — ${toMrkdwnLine(e.why, 240)}` : ""}`;
  return e.verb === "moves" ? `moves ${title} to ${when}` : `${e.verb} ${title} ${when}`;
}

/** What reading a docket at once found (issue 23 item 1): the dates ahead and the soonest. */
export interface DatesFound {
  upcoming: number;
  next?: (Pick<CourtDate, "kind" | "title" | "date" | "time" | "byRule" | "computed"> & { court?: string | undefined }) | undefined;
}

/**
 * ` · 3 upcoming dates found: next *Status Conference* Tue 12/2/2026 10:00 AM` (mrkdwn), or "" when
 * the docket was not read.
 */
export function datesFoundText(d: DatesFound | undefined, plain = false): string {
  if (!d) return "";
  if (d.upcoming === 0 || !d.next) return " · no upcoming dates on its docket yet";
  const title = plain ? toPlainText(dateLabel(d.next), 80) : dateTitle(d.next, 80);
  const computed = plain ? (isComputed(d.next) ? " (computed — verify)" : "") : computedMark(d.next);
  return ` · ${d.upcoming} upcoming date${d.upcoming === 1 ? "" : "s"} found: next ${title} ${plain ? usDay(d.next.date) : whenAndWhere(d.next)}${computed}`;
}
