/**
 * Deadlines an entry states as a period, not a date (issue 23, item 4), in the forms real dockets
 * use (../shared/fixtures/real-dockets): "Within 7 days of this order, Petitioner must file 6
 * copies" (ca9_22-21), "payment of filing fee due within 30 days" (cand), "w/i 20 days from entry
 * of this Order guardian ad litem advise this Court" (ncwd_1), "DUE: 14 days from today" (ncwb),
 * "no later than 28 days before the hearing date" (ca9_22-21), and the "a joint letter one
 * week before the conference", "no later than 30 days after the close of fact discovery".
 *
 * Only periods of days or weeks, which FRCP 6(a)(1) counts ("stated in days or a longer unit of
 * time"); "business days" are not its days and are left unread. Only a period the team must meet
 * (shall, must, is directed to, due), never one the court gives itself ("a scheduling order will
 * be sent … within two business days") or a permission ("may write … within seven days"); and
 * only from what can be dated: the entry itself, or an event or deadline named by its name. A
 * period from anything else ("following the completed briefing", "following the date of service
 * of Plaintiff's oppositions") is left unread rather than guessed.
 */
import { isRequest } from "./clauses.ts";
import { deadlinePurpose, eventPurpose, type Purpose } from "./purposes.ts";

export interface RelativePhrase {
  /** Offset of the period's first word in the text. */
  at: number;
  days: number;
  direction: "after" | "before";
  /** "entry": the entry's own date; otherwise the named event or deadline, by key. */
  anchor: { kind: "entry" } | { kind: "event"; key: string; phrase: string };
  /** The deadline: what must be done. */
  purpose: Purpose;
  words: string;
  /** "from entry of this Order": counted from the day the clerk entered it, when the text says. */
  fromEntering?: true;
  confidence: number;
}

const SMALL = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty".split(" ");
const TENS: Readonly<Record<string, number>> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90 };

/** 14 from "14", "fourteen", "fourteen (14)", "twenty-one", "thirty". */
function count(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\s*\(\d+\)$/, "");
  if (/^\d{1,3}$/.test(w)) return Number(w);
  const small = SMALL.indexOf(w);
  if (small >= 0) return small + 1;
  const [tens, unit] = w.split("-");
  const t = TENS[tens!];
  if (t === undefined) return undefined;
  const u = unit ? SMALL.indexOf(unit) + 1 : 0;
  return unit && u <= 0 ? undefined : t + u;
}

const N = "(\\d{1,3}|(?:[a-z]+(?:-[a-z]+)?)(?:\\s*\\(\\d{1,3}\\))?)";
const UNIT = "(?:calendar\\s+)?(days?|weeks?)";
const LEAD = "(?:within|w/i|no later than|not later than|on or before|by)";
// "of this order", "from entry of this Order", "after the date of this Notice", "from today".
const OF_ENTRY =
  "(?:(?:of|from|after|following)\\s+(?:the\\s+)?(?:date\\s+of\\s+|entry\\s+of\\s+|filing\\s+of\\s+|service\\s+of\\s+)?(?:this|the\\s+court'?s)\\s+(?:text\\s+|minute\\s+|scheduling\\s+)?(?:order|notice|entry)|from\\s+today)";
const PERIOD = new RegExp(`\\b(?:(${LEAD})\\s+)?${N}\\s+${UNIT}(?:\\s+(${OF_ENTRY}|before|prior to|after|following|from|of)\\b)?`, "gi");

// What follows "before"/"after": an event by name ("the conference", "the hearing date", "the
// final pretrial conference"), or the close of a phase ("the close of fact discovery").
const EVENT = /^\s*(?:the\s+)?((?:[a-z-]+\s+){0,3}?(?:conference|hearing|trial|argument|sentencing|mediation|ptc))(?:\s+date)?\b/i;
const PHASE = /^\s*(?:the\s+)?(?:close|completion|end|deadline)\s+(?:of|for)\s+((?:[a-z'’-]+\s+){0,3}?(?:discovery|briefing|disclosures?|reports?))\b/i;

const ACTS =
  "file|submit|serve|complete|provide|produce|respond|reply|meet and confer|make|exchange|deliver|lodge|return|surrender|report|brief|disclose|designate|amend|answer|advise|inform|notify|explain|pay|show cause|appear";
const DIRECTIVE = new RegExp(
  `(?:(?:\\b(?:shall|must|will|is to|are to|is directed to|are directed to|is ordered to|are ordered to|to|that\\s+[\\w.'’ -]{1,40}?)\\s+|^\\s*|[,:]\\s+)(?:also\\s+|jointly\\s+)?)((?:${ACTS})\\b[^.;]{0,140}?)\\s*,?\\s*$`,
  "i",
);
const AFTER_ACT = new RegExp(`^[,\\s]*(?:[\\w'’.-]+\\s+){0,5}?(?:shall|must|will|is to|are to|to)?\\s*((?:${ACTS})\\b[^.;,]{0,60})`, "i");
const PASSIVE = /^(.*?)\s*\b(?:is|are)?\s*(?:to be|shall be|must be|should be|will be|are to be|is to be|be)\s+(?:filed|submitted|served|completed|provided|produced|made|exchanged|delivered|paid)\s*$/i;
const DUE_BEFORE = /^(.*?)\s*(?:\b(?:is|are|will be|shall be)\s+)?(?:filed\s*)?[-–,]?\s*\bdue\b:?\s*(?:within\s*)?$/i;
// Someone else's period, or a period from another event the sentence names first.
const NOT_OURS = /\b(?:may|will be sent|will issue|the court will|the clerk will|the court shall|following|thereafter|upon|once)\b/i;

function purposeBefore(pre: string): Purpose | undefined {
  const due = DUE_BEFORE.exec(pre) ?? PASSIVE.exec(pre);
  if (due) return deadlinePurpose(due[1]!.replace(/^.*\b(?:if|that)\s+/i, ""));
  const act = DIRECTIVE.exec(pre);
  return act ? deadlinePurpose(act[1]!, true) : undefined;
}

/** The anchor named after "before"/"after": an event, or a phase's close. */
function anchorAfter(rest: string): { key: string; phrase: string } | undefined {
  const e = EVENT.exec(rest);
  if (e && !/\bof\b/i.test(e[1]!)) {
    const p = eventPurpose(e[1]!.replace(/\bptc\b/i, "pretrial conference"));
    return p ? { key: p.key, phrase: e[0].trim() } : undefined;
  }
  const ph = PHASE.exec(rest);
  const p = ph ? deadlinePurpose(ph[1]!) : undefined;
  return p && ph ? { key: p.key, phrase: ph[0].trim() } : undefined;
}

/** Every period in `sentence` (normalised text, one sentence) that sets a deadline, with its anchor. */
export function readRelative(sentence: string, offset = 0): RelativePhrase[] {
  if (isRequest(sentence)) return [];
  const out: RelativePhrase[] = [];
  for (const m of sentence.matchAll(PERIOD)) {
    const n = count(m[2]!);
    if (n === undefined || n === 0 || n > 365) continue;
    const days = /^week/i.test(m[3]!) ? n * 7 : n;
    const pre = sentence.slice(0, m.index);
    const link = (m[4] ?? "").toLowerCase();
    const rest = sentence.slice(m.index + m[0].length);
    let anchor: RelativePhrase["anchor"] | undefined;
    let direction: "after" | "before" = "after";
    let words = m[0];
    if (link === "" || /^(?:of|from|after|following)\s/.test(link) || link === "from today") {
      // "within fourteen days" alone, or "of this order": the entry's own date.
      if (link === "" && !m[1]) continue;
      anchor = { kind: "entry" };
    } else {
      direction = /^(?:before|prior to)$/.test(link) ? "before" : "after";
      const named = anchorAfter(rest);
      if (!named) continue;
      anchor = { kind: "event", ...named };
      words = `${m[0]} ${named.phrase}`;
    }
    // "DUE:15 days after the date of this Notice" leads with its filing; else the act before or after.
    const purpose = purposeBefore(pre) ?? (AFTER_ACT.exec(rest) ? deadlinePurpose(AFTER_ACT.exec(rest)![1]!, true) : undefined);
    if (!purpose) continue;
    if (NOT_OURS.test(pre.slice(-120)) && !/\bdue\b:?\s*(?:within\s*)?$/i.test(pre)) continue;
    const confidence = anchor.kind === "entry" ? 0.8 : 0.75;
    const fromEntering = /\bentry\s+of\b/i.test(link) ? { fromEntering: true as const } : {};
    out.push({ at: offset + m.index, days, direction, anchor, purpose, words: words.trim(), ...fromEntering, confidence });
  }
  return out;
}
