/**
 * How much a docket entry matters to the team watching the case (issue "Alerts nobody misses",
 * item 2): one pure function for every alert, digest and fold.
 * - "urgent": the court decided something: orders (every kind: minute, text, letter, clerk's,
 *   endorsed letters), opinions, judgments and decrees, verdicts, mandates, reports and
 *   recommendations, warrants and writs issued, and hearing records that rule.
 * - "notable": what the parties file and the calendar: motions, briefs, responses, replies,
 *   complaints, answers, petitions, stipulations, letters, transcripts (redaction deadlines run
 *   from their filing; ordering one is routine), notices of hearing and of appeal, scheduling,
 *   proposed orders (not yet the court's), hearing records that do not rule. Anything
 *   unrecognised is notable: an entry we cannot read is shown, never folded.
 * - "routine": clerical entries (notices of appearance, pro hac vice, certificates of service,
 *   corporate disclosure statements, summons, fees, clerk's notices and notes, record
 *   transmittals, docket corrections).
 *
 * Orders are never routine ("Orders can never be hidden", product rule): an ORDER granting pro hac
 * vice is urgent, and `routineSubject` keeps "Pro hac vice" so an alert can still label it.
 * Conversely, whatever mentions notices of appearance, pro hac vice or corporate disclosure in its
 * first 200 characters is routine unless urgent, as the alerts view's routine patterns have always
 * folded it (features/alerts/views/routine.ts, DEFAULT_ROUTINE_PATTERNS).
 *
 * Sources, in order: the service's `analyze` object (spec: Resources, Docket entry: "Motion/order
 * analysis when available: document type, outcome ..., timing"; inner fields not specified, so
 * read leniently), then the entry text (`contents`, HTML; then `description` when the contents
 * say nothing recognisable). The number and date do not change the class: a docket-only entry
 * (no number) can still be a minute order. When `analyze` calls an entry something the text
 * calls an order, the text wins: analysis may lower nothing below what the court did.
 */
import { entryPlainText } from "./entry-text.ts";
import { FILING_RULES, type FilingRule, type SignificanceLevel } from "./filing-kinds.ts";
import { isLeadIn } from "./entry-lead-in.ts";
import { recordsRuling, showsRequestRuled } from "./rulings.ts";

export type { SignificanceLevel } from "./filing-kinds.ts";

export const SIGNIFICANCE_LEVELS: readonly SignificanceLevel[] = ["urgent", "notable", "routine"];

export interface Significance {
  level: SignificanceLevel;
  /** A short type a user reads: "Order", "Minute entry", "Motion", "Notice of appearance". */
  kind: string;
  /** Where the answer came from: the service's analysis or the entry's own text. */
  reason: "analyze" | "text";
  /** For an urgent entry on a routine matter (an order granting pro hac vice): that matter. */
  routineSubject?: string;
}

/** The parts of an entry read here; a DocketEntry (docket/schemas) fits, as does raw JSON. */
export interface SignificanceInput {
  contents?: unknown;
  description?: unknown;
  number?: unknown;
  date?: unknown;
  analyze?: unknown;
}

/** How far in a rule may match (a filer's possessive name can run ~120 characters). */
const WINDOW = 200;
/** How much text is read for rulings and strong phrases. */
const READ = 1000;

/** Routine subjects, as DEFAULT_ROUTINE_PATTERNS reads them: anywhere in the first 200 characters. */
const ROUTINE_SUBJECTS: readonly { kind: string; re: RegExp }[] = [
  { kind: "Notice of appearance", re: /\bnotice\s+of\s+(?:attorney\s+)?appearance\b/i },
  { kind: "Pro hac vice", re: /\bpro\s+hac\s+vice\b/i },
  { kind: "Corporate disclosure", re: /\bcorporate\s+disclosure\s+statement|\brule\s+7\.1\s+(?:corporate\s+)?disclosure\b/i },
];

// When nothing at the start is recognised: phrases only a court's own order carries.
const COURT_SPEAKS =
  /\bit\s+is\s+(?:hereby\s+)?ordered\b|\bso\s+ordered\b|\bordered\s+(?:that|and\s+adjudged)\b|\bsigned\s+by\s+(?:(?:chief|senior|u\.s\.|district|magistrate|bankruptcy|circuit)\s+)*judge\b/i;

interface TextClass {
  level: SignificanceLevel;
  kind: string;
}

// Each rule's pattern, global, so later matches are tried when an earlier one is not at the start.
const SCANNERS = FILING_RULES.map((rule) => ({ rule, re: new RegExp(rule.re.source, `${rule.re.flags.replace("g", "")}g`) }));

/** The rule the text begins with: the earliest anchored match, ties to the earlier rule. */
function firstRule(text: string): FilingRule | undefined {
  const window = text.slice(0, WINDOW);
  const leadIns = new Map<number, boolean>();
  const leadIn = (at: number): boolean => {
    let ok = leadIns.get(at);
    if (ok === undefined) leadIns.set(at, (ok = isLeadIn(window.slice(0, at))));
    return ok;
  };
  let best: { at: number; rule: FilingRule } | undefined;
  for (const { rule, re } of SCANNERS) {
    re.lastIndex = 0;
    for (let m = re.exec(window); m && (!best || m.index < best.at); m = re.exec(window)) {
      if (leadIn(m.index)) {
        best = { at: m.index, rule };
        break;
      }
      re.lastIndex = m.index + 1; // also tries a shorter match starting later
    }
  }
  return best?.rule;
}

/** Classifies plain text; undefined when nothing in it is recognisable. */
export function classifyEntryText(text: string): TextClass | undefined {
  if (text === "") return undefined;
  const rule = firstRule(text);
  if (rule?.minutes) return { level: recordsRuling(text) ? "urgent" : "notable", kind: rule.kind };
  if (rule?.mayBeRuled && showsRequestRuled(text)) return { level: "urgent", kind: "Order" };
  if (rule) return { level: rule.level, kind: rule.kind };
  if (COURT_SPEAKS.test(text)) return { level: "urgent", kind: "Order" };
  return undefined;
}

/** A string field of `analyze` under any of `names` (case, `_` and `-` ignored). */
function field(analyze: object, names: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(analyze)) {
    if (!names.includes(key.toLowerCase().replace(/[_\s-]/g, ""))) continue;
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, 200);
  }
  return undefined;
}

const TYPE_FIELDS = ["documenttype", "doctype", "type", "kind", "category", "classification", "entrytype", "filingtype"];
const OUTCOME_FIELDS = ["outcome", "result", "disposition", "ruling"];

/**
 * The class the analysis gives, when it names a document type this vocabulary knows. An outcome
 * without a type cannot say whether the entry is the order or the motion it decided, so alone it
 * is not used; with a type that is a request, an outcome makes the entry a ruling only if the
 * type itself says order ("Order on Motion").
 */
function fromAnalyze(analyze: unknown): TextClass | undefined {
  if (analyze === null || typeof analyze !== "object" || Array.isArray(analyze)) return undefined;
  const type = field(analyze, TYPE_FIELDS);
  if (type === undefined) return undefined;
  const outcome = field(analyze, OUTCOME_FIELDS);
  return classifyEntryText(entryPlainText(outcome && /\border\b/i.test(type) ? `${type}. ${outcome}.` : type, 200));
}

function routineSubject(text: string): string | undefined {
  const start = text.slice(0, 200);
  return ROUTINE_SUBJECTS.find((s) => s.re.test(start))?.kind;
}

function settle(found: TextClass, reason: Significance["reason"], subject: string | undefined): Significance {
  if (subject === undefined) return { ...found, reason };
  if (found.level === "urgent") return { ...found, reason, routineSubject: subject };
  return { level: "routine", kind: found.level === "routine" ? found.kind : subject, reason };
}

/**
 * The significance of one docket entry. `analyze` defaults to the entry's own `analyze` field
 * (the service may also send one at the top level of a response). Never throws.
 */
export function entrySignificance(entry: SignificanceInput, analyze: unknown = entry.analyze): Significance {
  const contents = entryPlainText(entry.contents, READ);
  const text = contents !== "" ? contents : entryPlainText(entry.description, READ);
  const fromText = classifyEntryText(text) ?? (text === contents ? classifyEntryText(entryPlainText(entry.description, READ)) : undefined);
  const subject = routineSubject(text);
  const analysed = fromAnalyze(analyze);
  if (analysed && !(fromText?.level === "urgent" && analysed.level !== "urgent")) return settle(analysed, "analyze", subject);
  if (fromText) return settle(fromText, "text", subject);
  // Unrecognised: shown, never folded (a sealed placeholder says so).
  const kind = /^\W*sealed\b/i.test(text) ? "Sealed document" : "Docket entry";
  return settle({ level: "notable", kind }, "text", subject);
}
