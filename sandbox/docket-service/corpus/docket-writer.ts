/**
 * Writes a case's docket entries in order: numbers strictly ascending, dates non-decreasing and
 * never past the case's end date, entry dates the same day or a day or two later, documents and
 * exhibits attached the way the service presents them. Scripts (civil, criminal, bankruptcy, ...)
 * say what happens; the writer decides how it looks.
 */
import { addDays, fmtCompact, fmtDate, fmtPadded, parseDate, toWeekday } from "./dates.ts";
import { htmlToText } from "./html.ts";
import { entryPath, type CaseRef } from "./links.ts";
import type { Rng } from "./random.ts";
import type { EmuDocument, EmuEntry } from "./types.ts";

export interface DocSpec {
  text: string;
  pages?: number;
  sealed?: boolean;
  cached?: boolean;
}

export interface EntrySpec {
  /** The entry's description as HTML (or built from the entry's date); callers escape names with esc(). */
  html: Dated<string>;
  /** A document for the entry. Omitted on a numbered entry: a short generic one; null: none. */
  doc?: Dated<DocSpec> | null;
  /** Minute entries and clerk's notes have no number (default: numbered). */
  numbered?: boolean;
  exhibits?: readonly string[];
  analyze?: EmuEntry["analyze"];
  /** Time since the previous entry, in multiples of the case's pace (default 1; 0 = same day). */
  gap?: number;
  /** State-court document kind for names such as `28082014_OTHER_0`. */
  docKind?: string;
}

/** A value, or a function of the entry's filing date (ms) for texts that name dates. */
export type Dated<T> = T | ((on: number) => T);

export type EntryStyle = "federal" | "state" | "agency";

export interface DocketWriter {
  readonly entries: EmuEntry[];
  readonly count: number;
  /** The date the next entry would carry at gap 0 (ms, midnight UTC). */
  readonly date: number;
  readonly ended: boolean;
  add(spec: EntrySpec): string | undefined;
  /** An HTML link to an earlier entry's page, labelled with its number. */
  link(number: string | undefined): string;
  /** Jump the calendar forward without writing (a stay, a quiet spell). */
  wait(days: number): void;
}

export interface WriterOptions {
  rng: Rng;
  kase: CaseRef;
  start: number;
  end: number;
  /** Average days between entries. */
  pace: number;
  style: EntryStyle;
  firstNumber?: number;
  /** Share of documents the service has stored (the rest answer 412 on a `cached` request). */
  cachedShare?: number;
  /** Continue an existing docket (live pulls). */
  entries?: EmuEntry[];
}

export function createDocketWriter(o: WriterOptions): DocketWriter {
  const entries = o.entries ?? [];
  let next = o.firstNumber ?? 1;
  let date = o.start;
  let lastEntryDate = o.start;
  let carry = 0;
  const cachedShare = o.cachedShare ?? 0.8;
  const stateDocsPerDay = new Map<string, number>();
  // Continuing a docket: entry dates never step back, state document names never repeat.
  for (const e of entries) {
    const entered = parseDate(e.entryDate);
    if (entered > lastEntryDate) lastEntryDate = entered;
    const m = e.document ? /^(\d{8}_[A-Z_]+)_(\d+)$/.exec(e.document.name) : null;
    if (m) stateDocsPerDay.set(m[1]!, Math.max(stateDocsPerDay.get(m[1]!) ?? 0, Number(m[2]) + 1));
  }

  const makeDoc = (name: string, spec: DocSpec, fallbackPages: number): EmuDocument => ({
    name,
    pages: spec.pages ?? fallbackPages,
    cached: spec.cached ?? o.rng.chance(cachedShare),
    sealed: spec.sealed ?? false,
    text: spec.text,
  });

  const writer: DocketWriter = {
    entries,
    get count() {
      return entries.length;
    },
    get date() {
      return date;
    },
    get ended() {
      return date >= o.end;
    },
    add(spec) {
      const gap = spec.gap ?? 1;
      if (gap > 0) {
        // Fractions carry over, so a docket with several entries a day still moves forward.
        carry += o.pace * gap * (0.4 + o.rng.next() * 1.2);
        const days = Math.floor(carry);
        carry -= days;
        if (days > 0) date = Math.min(toWeekday(addDays(date, days)), o.end);
      }
      const lag = o.rng.weighted([[0, 70], [1, 22], [2, 8]] as const);
      const entryDate = Math.min(Math.max(lastEntryDate, addDays(date, lag)), Math.max(o.end, date));
      lastEntryDate = entryDate;
      const numbered = spec.numbered ?? true;
      const html = typeof spec.html === "function" ? spec.html(date) : spec.html;
      const number = numbered ? String(next++) : undefined;
      const entry: EmuEntry = {
        date: fmtDate(date),
        entryDate: fmtDate(entryDate),
        contents:
          o.style === "federal"
            ? `<span class='description'>${html}</span> entered ${fmtPadded(entryDate)}.`
            : `<span class='description'>${html}</span>`,
        exhibits: [],
      };
      if (number !== undefined) entry.number = number;
      if (spec.analyze) entry.analyze = spec.analyze;
      const docSpec =
        spec.doc === undefined ? (numbered ? { text: genericText(html) } : undefined)
        : typeof spec.doc === "function" ? spec.doc(date)
        : spec.doc;
      if (docSpec) {
        const name = number ?? stateDocName(spec.docKind ?? "OTHER");
        entry.document = makeDoc(name, docSpec, o.rng.int(1, 30));
        (spec.exhibits ?? []).forEach((description, i) => {
          entry.exhibits.push(
            makeDoc(`${name}-${i + 1}`, {
              text: `Exhibit ${i + 1} to the filing: ${description}.`,
              sealed: docSpec.sealed ?? false,
              cached: entry.document?.cached ?? true,
            }, o.rng.int(1, 60)),
          );
        });
      }
      entries.push(entry);
      return number;
    },
    link(number) {
      if (number === undefined) return "";
      return `<a href="${entryPath(o.kase, number)}">${number}</a>`;
    },
    wait(days) {
      date = Math.min(toWeekday(addDays(date, days)), o.end);
    },
  };

  function stateDocName(kind: string): string {
    const day = fmtCompact(date);
    const key = `${day}_${kind}`;
    const seq = stateDocsPerDay.get(key) ?? 0;
    stateDocsPerDay.set(key, seq + 1);
    return `${key}_${seq}`;
  }

  return writer;
}

function genericText(html: string): string {
  return `${htmlToText(html)} This filing is on file with the Clerk of Court and was served on all counsel of record through the court's electronic filing system.`;
}

/** The number after the highest numeric entry number so far (1 for an empty docket). */
export function nextNumber(entries: readonly { number?: string }[]): number {
  let max = 0;
  for (const e of entries) {
    const n = Number(e.number);
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max + 1;
}
