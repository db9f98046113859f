/**
 * A docket's dates after every entry has spoken (issue 16, item 1; issue 23, item 3; ./court-date.ts,
 * CourtDate). Mentions arrive oldest entry first. A date moves or is vacated only when the later
 * entry's text says so (./move-words.ts) and the earlier date is identified: by the date the text
 * names, or as the only one of its name still ahead (./occurrences.ts). The change keeps the
 * earlier date in `history` and carries its evidence (`changedBy`: the entry and its words).
 *
 * A later entry that says the same date again restates it (no move; its status and evidence stay).
 * One that sets another date of the same name without a word of moving leaves both standing: the
 * new one under its own key, with a `conflict` naming the other (a transcript's own deadlines
 * excepted, ./occurrences.ts ownDocument). A date already passed when the later entry was filed
 * was kept, not moved: the later entry sets the next one.
 *
 * Dates computed from an event's date ("one week before the conference", ./relative-dates.ts) move
 * with it, counted again under FRCP 6(a).
 */
import type { CourtDate, CourtDateEvidence, CourtDateMention } from "./court-date.ts";
import type { KeyCancel } from "./dateless-cancels.ts";
import { ahead, byDate, conflictWith, occurrenceKey, onlyOne, ownDocument, sameWhen, type Occurrence } from "./occurrences.ts";
import { compute, findAnchor, relativeMention, type ExtractOptions, type PendingRelative } from "./relative-dates.ts";

/** What an entry says, in docketing order: a dated mention, a dateless cancel, a pending period. */
export type Said = CourtDateMention | KeyCancel | PendingRelative;

/**
 * A case has one trial, however entries name it: "Trial set for 1/20/2009" then "Jury Trial reset
 * for 3/17/2009" is the one trial moved. A bare trial:trial joins the one trial on record, and a
 * named trial takes over a bare one (the bare key is dropped; the named key stands from then on).
 */
function trialBase(all: Occurrence[], m: CourtDateMention): string {
  if (m.kind !== "trial" || all.some((o) => o.base === m.key)) return m.key;
  const trials = [...new Set(all.filter((o) => o.d.kind === "trial" && o.d.status !== "cancelled").map((o) => o.base))];
  if (m.key === "trial:trial") return trials.length === 1 ? trials[0]! : m.key;
  const bare = all.filter((o) => o.base === "trial:trial");
  if (bare.length === 1 && bare[0]!.d.status !== "cancelled" && trials.length === 1) {
    bare[0]!.base = m.key;
    if (bare[0]!.d.key === "trial:trial") bare[0]!.d.key = m.key;
  }
  return m.key;
}

const evidence = (m: CourtDateMention): CourtDateEvidence => ({ source: m.source, words: m.change?.words ?? "" });

function fieldsOf(m: CourtDateMention, key: string): Omit<CourtDate, "status" | "history"> {
  const { cancels: _c, change: _ch, ...fields } = m;
  return { ...fields, key, setBy: m.source };
}

/** Moves `o` to the mention's date, keeping the earlier one (and what replaced it) in history. */
function move(o: Occurrence, m: CourtDateMention, by: CourtDateEvidence): void {
  const { d } = o;
  const change = { date: d.date, ...(d.time ? { time: d.time } : {}), source: d.source, changedBy: by };
  const { conflict: _drop, computed: _was, evidence: _said, ...rest } = d;
  o.d = { ...rest, ...fieldsOf(m, d.key), status: "moved", history: [...d.history, change], changedBy: by };
}

/** The same date said again: the later entry is named; status, evidence and first setter stay. */
function restate(o: Occurrence, m: CourtDateMention): void {
  const time = o.d.time ?? m.time;
  const status = o.d.status === "cancelled" ? "scheduled" : o.d.status;
  const { setBy, changedBy, history, conflict } = o.d;
  o.d = { ...o.d, ...fieldsOf(m, o.d.key), ...(time ? { time } : {}), status, history, ...(setBy ? { setBy } : {}), ...(changedBy ? { changedBy } : {}), ...(conflict ? { conflict } : {}) };
}

function cancel(o: Occurrence, source: CourtDateMention["source"], words: string): void {
  o.d = { ...o.d, status: "cancelled", source, changedBy: { source, words } };
}

/** Dates computed from `moved`'s former date follow it to its new one (FRCP 6(a) again). */
function recompute(all: Occurrence[], moved: Occurrence, formerDate: string, by: CourtDateEvidence, options: ExtractOptions): void {
  for (const o of all) {
    const c = o.d.computed;
    if (!c || c.anchor.kind !== "event" || c.anchor.key !== moved.d.key || c.anchor.date !== formerDate || o.d.status === "cancelled") continue;
    const anchor = { kind: "event" as const, key: moved.d.key, title: moved.d.title, date: moved.d.date, source: moved.d.source };
    const again = compute({ ...c, at: 0, anchor: { kind: "event", key: c.anchor.key, phrase: c.words }, purpose: o.d, confidence: o.d.confidence }, anchor, options);
    if (!again || again.date === o.d.date) continue;
    const words = `${by.words} (the ${moved.d.title} it is counted from)`;
    const change = { date: o.d.date, source: o.d.source, changedBy: { source: by.source, words } };
    o.d = { ...o.d, date: again.date, computed: again.computed, status: "moved", history: [...o.d.history, change], changedBy: { source: by.source, words } };
  }
}

function add(all: Occurrence[], base: string, m: CourtDateMention, conflict?: CourtDate["conflict"]): void {
  const key = occurrenceKey(all, base, m);
  const status = m.cancels ? "cancelled" : "scheduled";
  // A move whose earlier date is not among the entries read (a push of the one order) keeps its
  // words: the store then moves the date it holds (store/areas/court-date-merge.ts).
  const changed = m.cancels || m.change?.verb === "moves" ? { changedBy: evidence(m) } : {};
  all.push({ base, d: { ...fieldsOf(m, key), status, history: [], ...changed, ...(conflict ? { conflict } : {}) } });
}

function take(all: Occurrence[], m: CourtDateMention, options: ExtractOptions): void {
  const base = trialBase(all, m);
  const occ = all.filter((o) => o.base === base);
  const entryDate = m.source.entryDate;
  if (m.cancels) {
    const target = byDate(occ, m) ?? onlyOne(occ, entryDate);
    return target ? cancel(target, m.source, m.change?.words ?? "") : add(all, base, m);
  }
  if (m.change?.verb === "moves") {
    const named = m.change.replaces ? byDate(occ, m.change.replaces) : undefined;
    const target = named ?? onlyOne(occ, entryDate);
    if (target && sameWhen(target.d, m) && target.d.status !== "cancelled") return restate(target, m);
    if (target) {
      const former = target.d.date;
      move(target, m, evidence(m));
      return recompute(all, target, former, evidence(m), options);
    }
    const live = occ.filter((o) => ahead(o, entryDate));
    return add(all, base, m, live.length > 1 ? conflictWith(live.at(-1)!.d, m, "moves") : undefined);
  }
  const same = byDate(occ, m);
  if (same) return restate(same, m);
  // A date on the day of the later entry was held that day (a minute entry setting the next one).
  const live = occ.filter((o) => ahead(o, entryDate) && o.d.date !== entryDate);
  if (live.length === 0) {
    // Every earlier date had passed (or none was set): the later entry sets the next one.
    const holder = occ.find((o) => o.d.key === base);
    if (holder) holder.d = { ...fieldsOf(m, base), status: "scheduled", history: [] };
    else add(all, base, m);
    return;
  }
  add(all, base, m, ownDocument(base) ? undefined : conflictWith(live.at(-1)!.d, m, "sets"));
}

/** A dateless "ORDER vacating Status Conference" cancels the one of that name ahead (or the one trial). */
function cancelByKey(all: Occurrence[], c: KeyCancel): void {
  const live = (o: Occurrence) => c.source.entryDate !== "" && ahead(o, c.source.entryDate);
  let targets = all.filter((o) => o.base === c.cancelKey && live(o));
  const [kind, name] = c.cancelKey.split(":");
  // "the trial" is the case's one trial; "the hearing" could be any of several, so it names none.
  if (targets.length === 0 && kind === "trial" && name === "trial") targets = all.filter((o) => o.d.kind === "trial" && live(o));
  if (targets.length === 1) cancel(targets[0]!, c.source, c.words ?? "");
}

/** Dates from what entries say, given in docketing order; sorted by date, then time (untimed first). */
export function supersede(said: readonly Said[], options: ExtractOptions = {}): CourtDate[] {
  const all: Occurrence[] = [];
  for (const s of said) {
    if ("cancelKey" in s) cancelByKey(all, s);
    else if ("relative" in s) {
      const anchorKey = s.relative.anchor.kind === "event" ? s.relative.anchor.key : "";
      const event = findAnchor(anchorKey, all.filter((o) => ahead(o, s.source.entryDate)).map((o) => o.d));
      const anchor = event && { kind: "event" as const, key: event.key, title: event.title, date: event.date, source: event.source };
      const m = anchor ? relativeMention(s.relative, anchor, s.source, options) : undefined;
      if (m) take(all, m, options);
    } else take(all, s, options);
  }
  return all
    .map((o) => o.d)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.time ?? "").localeCompare(b.time ?? ""));
}
