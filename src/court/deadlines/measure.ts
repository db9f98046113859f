/**
 * How well the extractor reads dates, against hand labels (issue 16, item 4): the one scoring the
 * measurement script (scripts/measure-court-dates.ts) and its test share. Pure: labels and
 * entries in, counts out; reading files is the caller's.
 *
 * A mention counts when its confidence is at least CALENDAR_CONFIDENCE (what extractCourtDates
 * keeps). It matches a label when the date and kind are equal, the time is equal where the label
 * gives one, and both agree on cancelling. Duplicates within one entry count once on either side
 * (an entry that says "jury trial set for 1/25/05" twice sets one date).
 */
import type { CourtDateEntryInput, CourtDateKind } from "./court-date.ts";
import { CALENDAR_CONFIDENCE, extractMentions } from "./extract.ts";
import type { ExtractOptions } from "./relative-dates.ts";

export interface ExpectedDate {
  kind: CourtDateKind;
  purpose: string;
  date: string;
  time?: string;
  cancels?: boolean;
}

export interface LabelledEntry {
  /** Docket file, relative to the real-dockets folder. */
  file: string;
  /** Index of the entry in the file's `docket_report`. */
  index: number;
  number?: string | null;
  entryDate?: string | null;
  excerpt: string;
  expected: ExpectedDate[];
}

/** One miss, for the report: where, and what was expected or found. */
export interface Miss {
  file: string;
  index: number;
  what: string;
  excerpt: string;
}

export interface Measurement {
  entries: number;
  labelled: number;
  extracted: number;
  truePositives: number;
  precision: number;
  recall: number;
  falsePositives: Miss[];
  falseNegatives: Miss[];
}

interface Found {
  kind: string;
  date: string;
  time?: string;
  cancels: boolean;
  title: string;
}

const sig = (x: { kind: string; date: string; time?: string; cancels?: boolean }) =>
  `${x.kind} ${x.date}${x.time ? ` ${x.time}` : ""}${x.cancels ? " (cancels)" : ""}`;

function matches(e: ExpectedDate, f: Found): boolean {
  return e.kind === f.kind && e.date === f.date && (e.time === undefined || e.time === f.time) && !!e.cancels === f.cancels;
}

function unique<T>(xs: readonly T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return xs.filter((x) => (seen.has(key(x)) ? false : (seen.add(key(x)), true)));
}

/** Scores extractMentions on each labelled entry; `entryOf` finds the entry (undefined: skipped). */
export function measure(
  labels: readonly LabelledEntry[],
  entryOf: (file: string, index: number) => CourtDateEntryInput | undefined,
  /** The holiday calendar (and state) periods are counted with (issue 23, item 4). */
  options: ExtractOptions = {},
): Measurement {
  let labelled = 0;
  let extracted = 0;
  let tp = 0;
  let entries = 0;
  const falsePositives: Miss[] = [];
  const falseNegatives: Miss[] = [];
  for (const l of labels) {
    const entry = entryOf(l.file, l.index);
    if (!entry) continue;
    entries++;
    const expected = unique(l.expected, sig);
    const found = unique(
      extractMentions(entry, l.index, options)
        .filter((m) => m.confidence >= CALENDAR_CONFIDENCE)
        .map((m) => ({ kind: m.kind, date: m.date, ...(m.time ? { time: m.time } : {}), cancels: !!m.cancels, title: m.title })),
      sig,
    );
    labelled += expected.length;
    extracted += found.length;
    const used = new Set<number>();
    for (const e of expected) {
      const i = found.findIndex((f, k) => !used.has(k) && matches(e, f));
      if (i >= 0) {
        used.add(i);
        tp++;
      } else {
        falseNegatives.push({ file: l.file, index: l.index, what: `${sig(e)} "${e.purpose}"`, excerpt: l.excerpt });
      }
    }
    found.forEach((f, k) => {
      if (!used.has(k)) falsePositives.push({ file: l.file, index: l.index, what: `${sig(f)} "${f.title}"`, excerpt: l.excerpt });
    });
  }
  return {
    entries,
    labelled,
    extracted,
    truePositives: tp,
    precision: extracted === 0 ? 1 : tp / extracted,
    recall: labelled === 0 ? 1 : tp / labelled,
    falsePositives,
    falseNegatives,
  };
}
