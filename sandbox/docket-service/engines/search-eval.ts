/**
 * Evaluates a parsed query against one case's index. Plain terms match titles, parties, counsel,
 * the case header and entry text (only the case-level fields under `is:docket`, which asks for
 * docket results rather than entry hits); fields narrow to one part of the case. Matching is on whole
 * words, as a full-text search's stemmer reads them: a simple plural and its singular meet
 * (`widget` finds `Widgets`, `claims` finds `claim`, `companies` finds `company`); `widget*` is a
 * prefix; phrases are consecutive words.
 */
import { emuCourtByForm } from "../courts.ts";
import { DAY_MS } from "../corpus/dates.ts";
import { normalizeDocket } from "../corpus/docket-numbers.ts";
import { caseIndex, normalizeWords, type CaseIndex } from "../corpus/search-index.ts";
import type { EmuCase, EmuParty } from "../corpus/types.ts";
import type { QueryNode } from "./query-parse.ts";

export interface EvalEnv {
  kase: EmuCase;
  idx: CaseIndex;
  docketOnly: boolean;
  now?: number;
}

export function needle(words: readonly string[], prefix: boolean): string {
  return ` ${words.join(" ")}${prefix ? "" : " "}`;
}

/** A word and its simple plural or singular (English regular forms only; numbers stay as they are). */
export function wordForms(w: string): string[] {
  if (w.length < 3 || /\d/.test(w)) return [w];
  const out = [w];
  if (/[^aeiou]ies$/.test(w) && w.length > 4) out.push(`${w.slice(0, -3)}y`);
  else if (/(?:ss|x|ch|sh|z)es$/.test(w)) out.push(w.slice(0, -2));
  else if (/[^s]s$/.test(w) && !/(?:us|is)$/.test(w)) out.push(w.slice(0, -1));
  else if (/[^aeiou]y$/.test(w)) out.push(`${w.slice(0, -1)}ies`);
  else if (/(?:ss|x|ch|sh|z)$/.test(w)) out.push(`${w}es`);
  else if (!w.endsWith("s")) out.push(`${w}s`);
  return out;
}

/** Every needle a term matches: each word in its simple forms (the first 4 words; a prefix term as typed). */
export function needles(words: readonly string[], prefix: boolean): string[] {
  let all: string[][] = [[]];
  words.forEach((w, i) => {
    const forms = i < 4 && !(prefix && i === words.length - 1) ? wordForms(w) : [w];
    all = all.flatMap((head) => forms.map((f) => [...head, f]));
  });
  return all.map((ws) => needle(ws, prefix));
}

function inText(node: QueryNode, text: string): boolean {
  switch (node.k) {
    case "all":
      return true;
    case "term":
      return needles(node.words, node.prefix).some((n) => text.includes(n));
    case "and":
      return node.xs.every((x) => inText(x, text));
    case "or":
      return node.xs.some((x) => inText(x, text));
    case "not":
      return !inText(node.x, text);
    case "near":
      return near(node, [text]);
    case "field":
      return inText(node.x, text);
  }
}

function caseTexts(env: EvalEnv): string[] {
  const { idx } = env;
  return env.docketOnly ? [idx.head, idx.parties, idx.counsel, idx.firms] : [idx.head, idx.parties, idx.counsel, idx.firms, idx.entries];
}

export function matchCase(node: QueryNode, env: EvalEnv): boolean {
  switch (node.k) {
    case "all":
      return true;
    case "term": {
      const ns = needles(node.words, node.prefix);
      return caseTexts(env).some((t) => ns.some((n) => t.includes(n)));
    }
    case "and":
      return node.xs.every((x) => matchCase(x, env));
    case "or":
      return node.xs.some((x) => matchCase(x, env));
    case "not":
      return !matchCase(node.x, env);
    case "near":
      return near(node, caseTexts(env));
    case "field":
      return matchField(node, env);
  }
}

function matchField(node: Extract<QueryNode, { k: "field" }>, env: EvalEnv): boolean {
  const { idx, kase } = env;
  switch (node.name) {
    case "is":
      return isFilter(node.raw.toLowerCase(), env);
    case "court": {
      // A code or citation (`nysd`, `S.D.N.Y.`, `D. Del.`) names one court; otherwise words of the name.
      const court = emuCourtByForm(node.raw);
      if (court) return court.name.toLowerCase() === kase.court.toLowerCase();
      return inText(node.x, idx.court);
    }
    case "docket": {
      const want = normalizeDocket(node.raw);
      return want !== "" && (idx.docket === want || idx.docket.includes(want) || inText(node.x, normalizeWords(kase.docket)));
    }
    case "party":
      return kase.parties.some((p) => matchParty(node.x, p));
    case "name":
      return inText(node.x, idx.parties);
    case "firm":
      return inText(node.x, idx.firms);
    case "attorney":
      return inText(node.x, idx.counsel);
    case "type":
      return inText(node.x, idx.type);
    case "title":
      return inText(node.x, idx.title);
    case "from":
      return fromFilter(node.raw, env);
    default:
      return matchCase(node.x, env);
  }
}

function matchParty(node: QueryNode, p: EmuParty): boolean {
  switch (node.k) {
    case "field":
      if (node.name === "type") return inText(node.x, normalizeWords(p.type));
      if (node.name === "name") return inText(node.x, normalizeWords(p.name));
      if (node.name === "attorney") return inText(node.x, normalizeWords(p.counsel.map((c) => c.name).join(" | ")));
      if (node.name === "firm") return inText(node.x, normalizeWords(p.counsel.map((c) => c.firm ?? "").join(" | ")));
      return matchParty(node.x, p);
    case "and":
      return node.xs.every((x) => matchParty(x, p));
    case "or":
      return node.xs.some((x) => matchParty(x, p));
    case "not":
      return !matchParty(node.x, p);
    default:
      return inText(node, normalizeWords(p.name));
  }
}

function isFilter(value: string, env: EvalEnv): boolean {
  switch (value) {
    case "state":
      return env.idx.state;
    case "federal":
      return env.kase.federal;
    case "open":
      return env.kase.status.toLowerCase() !== "closed";
    case "closed":
      return env.kase.status.toLowerCase() === "closed";
    default:
      return true; // is:docket and anything unknown do not narrow
  }
}

/** `from:-7days`, `from:-2weeks`, `from:-3months`: a filing within the period before `now`. */
function fromFilter(raw: string, env: EvalEnv): boolean {
  const m = /^-?(\d{1,4})\s*(d|days?|w|weeks?|m|months?|y|years?)$/i.exec(raw.trim());
  if (!m || env.now === undefined) return true;
  const unit = m[2]!.toLowerCase()[0];
  const days = Number(m[1]) * (unit === "w" ? 7 : unit === "m" ? 30 : unit === "y" ? 365 : 1);
  return env.idx.lastFiling >= env.now - days * DAY_MS - DAY_MS;
}

/** `a w/N b`: both terms within N words of each other in one text. */
function near(node: Extract<QueryNode, { k: "near" }>, texts: readonly string[]): boolean {
  if (node.a.k !== "term" || node.b.k !== "term") return texts.some((t) => inText(node.a, t) && inText(node.b, t));
  const bs = needles(node.b.words, node.b.prefix);
  for (const a of needles(node.a.words, node.a.prefix)) {
    for (const text of texts) {
      let at = text.indexOf(a);
      let checks = 0;
      while (at !== -1 && checks++ < 200) {
        const around = window(text, at, node.n);
        if (bs.some((b) => around.includes(b))) return true;
        at = text.indexOf(a, at + 1);
      }
    }
  }
  return false;
}

/** The text from N words before `at` to N words after it. */
function window(text: string, at: number, n: number): string {
  let start = at;
  for (let k = 0; k <= n && start > 0; k++) start = text.lastIndexOf(" ", start - 1);
  let end = at;
  for (let k = 0; k <= n + 1 && end !== -1 && end < text.length; k++) end = text.indexOf(" ", end + 1);
  return text.slice(Math.max(0, start), end === -1 ? text.length : end + 1);
}

export { caseIndex };
