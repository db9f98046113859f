/**
 * Routine filings (issue 5, Routing; message-style.md, Alerts): entries a litigation team does not
 * need to read one by one (pro hac vice, notices of appearance, corporate disclosure statements)
 * collapse into one line: `+4 routine filings (notices of appearance, pro hac vice): #12, #13…`.
 * The list is configurable (a firm may add "summons issued"); every routine entry's number is still
 * shown, so nothing is hidden, only folded.
 *
 * A pattern is tested against the start of the entry's plain text: a docket entry begins with what
 * it is ("NOTICE of Appearance by…", "ORDER granting Motion for Leave to Appear Pro Hac Vice"), and
 * a substantive filing that merely mentions pro hac vice counsel further on must stay visible.
 */
import { entrySignificance } from "../../../court/significance.ts";
import type { DocketEntry } from "../../../docket/schemas/index.ts";
import { count } from "../../../slack/blockkit/format.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

export interface RoutinePattern {
  /** The category in the collapsed line, for one entry and for several. */
  one: string;
  many: string;
  pattern: RegExp;
}

/** How much of an entry's start the patterns look at. */
export const ROUTINE_PREFIX = 200;

/**
 * The defaults. "Disclosure statement" alone is NOT routine: in a Chapter 11 case it is the plan's
 * disclosure statement, one of the most important filings there is; only the corporate (Rule 7.1)
 * one is.
 */
export const DEFAULT_ROUTINE_PATTERNS: readonly RoutinePattern[] = [
  { one: "notice of appearance", many: "notices of appearance", pattern: /\bnotice\s+of\s+(?:attorney\s+)?appearance\b/i },
  { one: "pro hac vice", many: "pro hac vice", pattern: /\bpro\s+hac\s+vice\b/i },
  {
    one: "corporate disclosure statement",
    many: "corporate disclosure statements",
    pattern: /\bcorporate\s+disclosure\s+statement|\brule\s+7\.1\s+(?:corporate\s+)?disclosure\b/i,
  },
];

export interface RoutineSplit {
  /** Entries shown one by one, in the order given. */
  notable: DocketEntry[];
  /**
   * Routine entries, in the order given, each with the index of the pattern it matched, or -1 and
   * the significance function's type tag (`certificate of service`) when no pattern did.
   */
  routine: { entry: DocketEntry; kind: number; label?: string }[];
}

/**
 * Splits entries into notable and routine, by the one significance function (court/significance.ts)
 * so the thread folds exactly what the channel's headline counts as routine: an entry is routine
 * when significance says so or a configured pattern matches its start (the first matching pattern
 * names its category), and never when significance calls it urgent: an order granting pro hac vice
 * is still an order, and orders are never folded away.
 */
export function splitRoutine(entries: readonly DocketEntry[], patterns: readonly RoutinePattern[]): RoutineSplit {
  const split: RoutineSplit = { notable: [], routine: [] };
  for (const entry of entries) {
    const sig = entrySignificance(entry);
    if (sig.level === "urgent") {
      split.notable.push(entry);
      continue;
    }
    const start = toPlainText(entry.contents).slice(0, ROUTINE_PREFIX);
    const kind = start === "" ? -1 : patterns.findIndex((p) => p.pattern.test(start));
    if (kind >= 0) split.routine.push({ entry, kind });
    else if (sig.level === "routine") split.routine.push({ entry, kind: -1, label: sig.kind.toLowerCase() });
    else split.notable.push(entry);
  }
  return split;
}

/** Entry numbers listed after the collapsed line, at most. */
const NUMBERS_SHOWN = 25;

/** The categories present, in the configured order: `notices of appearance, pro hac vice`. */
function categories(routine: RoutineSplit["routine"], patterns: readonly RoutinePattern[]): string {
  const kinds = [...new Set(routine.filter((r) => r.kind >= 0).map((r) => r.kind))].sort((a, b) => a - b);
  const named = kinds.map((k) => {
    const p = patterns[k]!;
    const n = routine.filter((r) => r.kind === k).length;
    return n === 1 ? p.one : p.many;
  });
  // Categories no pattern names, by the significance function's tag, in first-seen order.
  const others = [...new Set(routine.filter((r) => r.kind < 0 && r.label).map((r) => r.label!))];
  return [...named, ...others].join(", ");
}

/**
 * The collapsed line as mrkdwn, undefined when there is nothing routine:
 * `+4 routine filings (notices of appearance, pro hac vice): #12, #13, #15, #16`.
 */
export function routineLine(routine: RoutineSplit["routine"], patterns: readonly RoutinePattern[]): string | undefined {
  if (routine.length === 0) return undefined;
  const n = routine.length;
  const head = `+${count(n)} routine ${n === 1 ? "filing" : "filings"} (${toMrkdwnLine(categories(routine, patterns), 200)})`;
  const numbers = routine.map((r) => r.entry.number).filter((x): x is string => x !== undefined);
  if (numbers.length === 0) return head;
  const shown = numbers.slice(0, NUMBERS_SHOWN).map((x) => `#${toMrkdwnLine(x, 16)}`);
  const more = numbers.length > NUMBERS_SHOWN ? `, +${count(numbers.length - NUMBERS_SHOWN)} more` : "";
  return `${head}: ${shown.join(", ")}${more}`;
}

/** The collapsed line's head without numbers, for a thread that lists the entries under it. */
export function routineHead(routine: RoutineSplit["routine"], patterns: readonly RoutinePattern[]): string | undefined {
  if (routine.length === 0) return undefined;
  const n = routine.length;
  return `+${count(n)} routine ${n === 1 ? "filing" : "filings"} (${toMrkdwnLine(categories(routine, patterns), 200)})`;
}

/** Entry numbers as mrkdwn, at most NUMBERS_SHOWN of them: `#12, #13, +4 more`. */
export function entryNumbers(routine: RoutineSplit["routine"]): string {
  const numbers = routine.map((r) => r.entry.number).filter((x): x is string => x !== undefined);
  const shown = numbers.slice(0, NUMBERS_SHOWN).map((x) => `#${toMrkdwnLine(x, 16)}`);
  const more = numbers.length > NUMBERS_SHOWN ? `, +${count(numbers.length - NUMBERS_SHOWN)} more` : "";
  return `${shown.join(", ")}${more}`;
}

/** The same line as plain text, for a notification: `+4 routine filings`. */
export function routineSummary(n: number): string {
  return `+${count(n)} routine ${n === 1 ? "filing" : "filings"}`;
}
