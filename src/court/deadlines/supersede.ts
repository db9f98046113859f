/**
 * A docket's dates after every entry has spoken (issue 16, item 1; ./court-date.ts, CourtDate):
 * mentions arrive oldest entry first, and a later mention of the same key supersedes an earlier
 * one. A new date or time moves it (the earlier one goes to `history`), unless the earlier date had
 * passed when the later entry was filed (then the later entry sets the next occurrence); a
 * cancelling mention cancels it; the same date again keeps it and names the later entry.
 */
import type { CourtDate, CourtDateMention } from "./court-date.ts";
import type { KeyCancel } from "./dateless-cancels.ts";

function sameWhen(a: { date: string; time?: string }, b: { date: string; time?: string }): boolean {
  // A later entry that repeats the date without its time has not moved it.
  return a.date === b.date && (a.time === b.time || b.time === undefined);
}

/**
 * A dateless cancellation ("ORDER vacating Status Conference") cancels the date of its key, or, for
 * a bare "the trial", the one trial ahead; only a date still ahead when the entry was filed.
 */
function cancelByKey(byKey: Map<string, CourtDate>, c: KeyCancel): void {
  const ahead = (d: CourtDate) => d.status !== "cancelled" && c.source.entryDate !== "" && d.date >= c.source.entryDate;
  let target = byKey.get(c.cancelKey);
  if (target && !ahead(target)) target = undefined;
  const [kind, name] = c.cancelKey.split(":");
  // "the trial" is the case's one trial; "the hearing" could be any of several, so it names none.
  if (!target && kind === "trial" && name === "trial") {
    const candidates = [...byKey.values()].filter((d) => d.kind === kind && ahead(d));
    if (candidates.length === 1) target = candidates[0];
  }
  if (target) {
    target.status = "cancelled";
    target.source = c.source;
  }
}

/**
 * A case has one trial, however entries name it: "Trial set for 1/20/2009" then "Jury Trial reset
 * for 3/17/2009" is the one trial moved. A bare trial:trial joins the one trial on record, and a
 * named trial takes over a bare one (the bare key is dropped; the named key stands from then on).
 */
function trialKey(byKey: Map<string, CourtDate>, m: CourtDateMention): string {
  if (m.kind !== "trial" || byKey.has(m.key)) return m.key;
  const trials = [...byKey.values()].filter((d) => d.kind === "trial" && d.status !== "cancelled");
  if (m.key === "trial:trial") return trials.length === 1 ? trials[0]!.key : m.key;
  const bare = byKey.get("trial:trial");
  if (bare && bare.status !== "cancelled" && trials.length === 1) {
    byKey.delete("trial:trial");
    byKey.set(m.key, { ...bare, key: m.key });
  }
  return m.key;
}

/** Dates from mentions given in docketing order; sorted by date, then time (untimed first). */
export function supersede(mentions: readonly (CourtDateMention | KeyCancel)[]): CourtDate[] {
  const byKey = new Map<string, CourtDate>();
  for (const said of mentions) {
    if ("cancelKey" in said) {
      cancelByKey(byKey, said);
      continue;
    }
    const m = { ...said, key: trialKey(byKey, said) };
    const { cancels, ...fields } = m;
    const current = byKey.get(m.key);
    if (!current) {
      byKey.set(m.key, { ...fields, status: cancels ? "cancelled" : "scheduled", history: [] });
      continue;
    }
    if (cancels) {
      current.status = "cancelled";
      current.source = m.source;
      continue;
    }
    if (sameWhen(current, m)) {
      const time = current.time ?? m.time;
      const status = current.status === "cancelled" ? "scheduled" : current.status;
      byKey.set(m.key, { ...current, ...fields, ...(time ? { time } : {}), status });
      continue;
    }
    // A date already past when the later entry was filed was kept (or passed), not moved: the
    // later entry sets the next one ("Status Conference set for 5/1" then, in June, "Status
    // Conference set for 9/1" is a new conference, not the May one moved).
    if (m.source.entryDate !== "" && current.date < m.source.entryDate) {
      byKey.set(m.key, { ...fields, status: "scheduled", history: [] });
      continue;
    }
    const change = { date: current.date, ...(current.time ? { time: current.time } : {}), source: current.source };
    byKey.set(m.key, { ...fields, status: "moved", history: [...current.history, change] });
  }
  return [...byKey.values()].sort(
    (a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.time ?? "").localeCompare(b.time ?? ""),
  );
}
