/**
 * What a date is for, named from the words before it (issue 16, item 1): its kind, the title a
 * reader sees, and a key that stays the same in the entry that sets the date and in the later
 * entries that move or cancel it ("Status Conference set for 5/1" and "the status conference
 * scheduled for May 1 is adjourned to June 1" are both `conference:status`). Keys drop the filler
 * a docket adds around the same event: "Set/Reset", "currently", "in-person", "re …" tails, party
 * names, and the kind word itself.
 */
import type { CourtDateKind } from "./court-date.ts";

export interface Purpose {
  kind: CourtDateKind;
  key: string;
  title: string;
}

// Event words, last one wins: "Motion Hearing/Trial Setting" is a hearing, "Jury Trial" a trial.
const EVENT_HEADS: Readonly<Record<string, CourtDateKind>> = {
  hearing: "hearing", hearings: "hearing", hrg: "hearing", setting: "hearing", sentencing: "hearing",
  sentence: "hearing", arraignment: "hearing", call: "hearing", argument: "hearing", motion: "hearing",
  appearance: "hearing", meeting: "hearing", plea: "hearing", proceedings: "hearing", proceeding: "hearing",
  return: "hearing", motions: "hearing",
  pretrial: "conference", conference: "conference", conf: "conference", teleconference: "conference", mediation: "conference",
  trial: "trial",
};

// Words that name what an event is about; anything else ends the phrase (names, "as to", verbs).
const EVENT_MODIFIERS = new Set(
  (
    "status initial case management scheduling settlement pretrial pre-trial final evidentiary show cause " +
    "motion motions in limine jury bench telephone telephonic telephonically video zoom omnibus change of plea " +
    "preliminary detention revocation supervised release suppression discovery claim construction markman " +
    "oral confirmation disclosure statement sentencing sentence with psr calendar docket trial hearing " +
    "conference setting arraignment initial appearance 341 341(a) first continued rule 16 " +
    "16(b) ex parte emergency interim compensation fee application evidentiary combined further " +
    "competency inquiry into counsel counsel's readiness tcpc pre-sentence compliance " +
    "dispositive summary judgment dismiss pre-settlement pre-motion premotion in-person / -"
  ).split(" "),
);

// Filler that never distinguishes one event from another.
const FILLER = new Set(
  "the a an set reset re-set currently previously presently now in-person in-court date and further continued".split(" "),
);

const SYNONYMS: Readonly<Record<string, string>> = {
  sentence: "sentencing", hrg: "hearing", conf: "conference", "pre-trial": "pretrial", telephonic: "telephone",
  telephonically: "telephone", hearings: "hearing", motions: "motion", proceeding: "proceedings",
};

// What a docket asks the team to file: a set-for phrase naming one of these is a deadline.
const DEADLINE_WORDS =
  /\b(?:time to|file|filing|deadlines?|due|restriction|briefs?|briefing|responses?|repl(?:y|ies)|reports?|disclosures?|discovery|answer|objections?|statement|filings?|submissions?|exhibits?|witness|lists?|claims?|contentions?|amend(?:ment)?|joinder|designations?|petitions?|memorand(?:a|um))\b/i;

function words(s: string): string[] {
  return s
    .replace(/\//g, " / ")
    .split(/\s+/)
    .filter((w) => w !== "");
}

/**
 * `[a-z0-9-]` slug of the given words, filler dropped. Events name themselves in set words, so
 * their synonyms fold and their numbers stay ("341 meeting", "Rule 16 conference"); a deadline's
 * words are free text, where a number is a docket reference.
 */
function slug(ws: readonly string[], drop: ReadonlySet<string>, event: boolean): string {
  return ws
    .map((w) => w.toLowerCase().replace(/[^a-z0-9-]/g, ""))
    .map((w) => (event ? (SYNONYMS[w] ?? w) : w))
    .filter((w) => w !== "" && w !== "-" && !FILLER.has(w) && !drop.has(w) && (event || !/^\d+$/.test(w)))
    .join("-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Drops a trailing "re …"/"on …" about clause for the key ("Status Hearing re new counsel"). */
function core(ws: readonly string[]): string[] {
  const i = ws.findIndex(
    (w, j) => j > 0 && /^(?:re:?|regarding|on|for|as|is|are|was|be|will|shall|has|currently|previously|already|in|before|at|and|to)$/i.test(w),
  );
  return i > 0 ? ws.slice(0, i) : [...ws];
}

const headAt = (w: string) => EVENT_HEADS[w.toLowerCase().replace(/[^a-z]/g, "")];

/**
 * An event named by the last event word in `phrase` (or the first, for "hold a teleconference to
 * discuss the motion") and the modifiers before it.
 */
export function eventPurpose(phrase: string, first = false): Purpose | undefined {
  const ws = words(phrase);
  let head = -1;
  if (first) {
    head = ws.findIndex((w) => headAt(w) !== undefined);
    // A run of heads is one name: "Motion Hearing", "Trial Setting".
    while (head >= 0 && head + 1 < ws.length && headAt(ws[head + 1]!)) head++;
  } else {
    for (let i = ws.length - 1; i >= 0 && head < 0; i--) if (headAt(ws[i]!)) head = i;
  }
  if (head < 0) return undefined;
  let start = head;
  const modifier = (w: string) => EVENT_MODIFIERS.has(w.toLowerCase().replace(/[^a-z0-9()'/-]/g, "")) || headAt(w) !== undefined;
  // CM/ECF event names are Title Case ("Bond Exoneration Hearing"); a party's name is too, so
  // other capitalised words count only where no "as to"/"by"/"for" can have put a name there.
  const named = /\b(?:as to|by|for|of|v\.?|vs\.?)\s+[A-Z]/.test(phrase);
  let titled = 0;
  const titleCase = (w: string) =>
    !named && titled < 3 && /^[A-Z][a-z]{2,}$/.test(w) && !/^(?:For|The|And|With|From|Into|Upon|Notice|Order|Minute|Entry|Set|Reset)$/.test(w) && (titled++, true);
  while (start > 0 && (modifier(ws[start - 1]!) || titleCase(ws[start - 1]!))) start--;
  while (start < head && /^(?:\/|-|of|in|with|on|into)$/i.test(ws[start]!)) start++;
  // The phrase may run past the head ("Sentence With PSR", "Hearing re Revocation of ..."): the
  // title keeps up to six more words, the key only the modifiers and heads.
  const tail = ws.slice(head + 1, head + 7).filter((w) => !/[.;:]$/.test(w));
  const titleWords = [...ws.slice(start, head + 1), ...core(["x", ...tail]).slice(1)];
  const kind = EVENT_HEADS[ws[head]!.toLowerCase().replace(/[^a-z]/g, "")]!;
  // The key names the event without its kind word: "Status Conference" is conference:status.
  const s = slug(ws.slice(start, head + 1), new Set([kind]), true);
  const title = tidyTitle(titleWords.join(" "));
  return { kind, key: `${kind}:${s || kind}`, title: title.charAt(0).toUpperCase() + title.slice(1) };
}

// Where the name of a filing ends and its description begins: "a joint letter | informing the Court
// whether ...", "A joint letter | updating the Court on the status of the case".
const DESCRIPTION =
  /\s(?:informing|updating|regarding|concerning|reporting|addressing|explaining|summarizing|describing|whether|which|that|who|pursuant|in accordance|in good faith|so that|to the court|with the court|on ecf|not to exceed|as follows)\b.*$/i;

/**
 * A deadline named by the words before "due"/"deadline" ("Expert Reports", "Responses"), or, for an
 * order's sentence (`leading`), by the act or filing it opens with ("file their opening brief",
 * "A joint letter updating the Court ..." is "A joint letter").
 */
export function deadlinePurpose(phrase: string, leading = false): Purpose | undefined {
  const p = (leading ? phrase.replace(DESCRIPTION, "").split(/\s+/).slice(0, 8).join(" ") : phrase)
    // "filed by Acme Supply Inc, Acme Supply Inc answer due": the party is not the deadline's name.
    .replace(/^.*\b(?:Inc|LLC|L\.L\.C|Corp|Corporation|Co|Ltd|LP|L\.P|N\.A|USA|et al)\.?,?\s+(?=\S)/, "")
    .replace(/\bas to [^,;]{0,80}(?:,|$)/gi, " ")
    .replace(/\b(?:is|are|will be|shall be|be)?\s*filed\s*$/i, "")
    .replace(/\b(?:is|are|will be|shall be|of|for|on)\s*$/i, "")
    .replace(/[\s,]+$/, "");
  let ws = words(p);
  // Keep the last words that can name a filing; "as to X", "by Y" and sentence starts end it.
  let start = ws.length;
  while (start > 0 && ws.length - start < 8) {
    const w = ws[start - 1]!;
    if (/^(?:as|by|filed|that|which|if|when|shall|must|will|may|parties|party|ordered|granted|granting)$/i.test(w)) break;
    if (/[.;:,)]$/.test(w) && start < ws.length) break;
    start--;
  }
  ws = ws.slice(start);
  // "ORDER re additional briefing due": the docket's heading, not the deadline's name.
  const heading = (w: string) => /^(?:ORDER|NOTICE|MINUTES?)$/.test(w) || /^(?:the|a|an|of|to|for|re:?|\(|-|\/|and)$/i.test(w);
  while (ws.length > 1 && heading(ws[0]!)) ws = ws.slice(1);
  const title = tidyTitle(ws.join(" "));
  const s = slug(
    ws.filter((w) => !/^(?:due|deadline|deadlines|date|set|reset|to|for|of|by|on|a|the)$/i.test(w)),
    new Set(),
    false,
  );
  if (s === "") return undefined;
  return { kind: "deadline", key: `deadline:${s.split("-").slice(0, 6).join("-")}`, title: deadlineTitle(title) };
}

/**
 * What a reader sees for a deadline (court-date.ts: "Expert Reports due", "Responses due"): the
 * filing named and "due", unless the words already say so ("Redacted Transcript Deadline", "Last
 * Day to File Claims") or name an act ("File their opening brief").
 */
function deadlineTitle(title: string): string {
  const t = title.charAt(0).toUpperCase() + title.slice(1);
  if (/\b(?:due|deadline|last day|last date|bar date|restriction)\b/i.test(t) || new RegExp(`^(?:${ACTS})\\b`, "i").test(t)) return t;
  return `${t} due`.slice(0, 80);
}

const ACTS = "file|submit|serve|complete|provide|produce|respond|meet|make|exchange|deliver|lodge|return|surrender|self-surrender|disclose|designate|extension|extend";

/** Whether a set-for phrase names a filing deadline rather than an event. */
export function namesDeadline(phrase: string): boolean {
  const ws = words(phrase);
  const last = ws.slice(-6).join(" ");
  // "Motion Hearing set for" is an event even though "Motion" could be filed.
  if (/\b(?:hearing|conference|trial|sentencing|arraignment|argument|call|setting)\b/i.test(last)) return false;
  return DEADLINE_WORDS.test(last);
}

function tidyTitle(s: string): string {
  return s
    .replace(/\s+\/\s+/g, "/")
    .replace(/^[\s,;:(\-–]+|[\s,;:(\-–]+$/g, "")
    .replace(/\s+/g, " ")
    .slice(0, 80);
}
