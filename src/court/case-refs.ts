/**
 * Case references in what users type or write: command arguments (`parseCaseRef`) and free message
 * text (`findCaseRefs`). Pure code. Every regex here is linear: no nested or overlapping quantifiers,
 * and tokens are length-checked before any pattern runs (a 100 KB paste must not stall the process).
 * URL forms and docket normalisation live in refs.ts.
 */
import { caseKey } from "./case-key.ts";
import { MAX_COURT_WORDS, courtByCode, courtByKey, courtKey, resolveCourt } from "./courts.ts";
import { parseForeignCaseLink } from "./foreign-links.ts";
import { looksLikeDocket, normalizeDocket, parseCaseUrl, type CaseRef, type CaseRefResult } from "./refs.ts";

const EXAMPLE = "nysd 1:23-cv-01234";

/**
 * Dashes Word and Outlook put in a docket number (`1:23–cv–01234`: en and em dashes, the
 * non-breaking hyphen, the minus sign, small and full-width hyphens) read as the hyphen they stand
 * for (issue 25 item 9). Applied to docket tokens only, so a question's own dashes stay as written.
 */
const TYPED_DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g;
export function plainDashes(token: string): string {
  return token.replace(TYPED_DASHES, "-");
}

/**
 * The case a link names, whoever's link it is: the docket service's own case and document links,
 * and PACER CM/ECF links that carry their docket number (`…/cgi-bin/DktRpt.pl?1:23-cv-01234`).
 * The ONE reading of a pasted link for commands, unfurls and shortcuts alike (issue 25 item 9).
 */
export function caseRefOfLink(url: string, siteUrl?: string): FoundCaseRef | undefined {
  const own = parseCaseUrl(url, siteUrl);
  if (own) return own.courtGuessed ? { ref: own.ref, courtGuessed: true } : { ref: own.ref };
  const link = parseForeignCaseLink(url);
  const court = link?.court && link.docket ? courtByCode(link.court)?.name : undefined;
  return court && link?.docket ? { ref: { court, docket: link.docket } } : undefined;
}
const MESSAGES = {
  empty: `Tell me which case: a court and docket number like ${EXAMPLE}, or paste the case link.`,
  badLink:
    "That link isn't a case on the docket service's site. " +
    `Paste the case link from the service, or type a court and docket like ${EXAMPLE}.`,
  unclosed:
    "The court name is missing its closing quote. " +
    'Example: "Florida State, Duval County, Fourth Circuit Court" 2014-CF-003894',
  noCourt: `Put the court before the docket number. Example: ${EXAMPLE}`,
  badDocket: `That doesn't look like a docket number. Example: ${EXAMPLE}`,
  missingDocket: `Add the docket number after the court. Example: ${EXAMPLE}`,
};
const unknownCourt = (court: string) =>
  `I don't know the court "${court}". Use a court code like nysd, a citation like S.D.N.Y., ` +
  "a full court name in quotes, or paste the case link.";

const OPEN_QUOTES = new Set(['"', "“", "”", "„", "«"]);
const CLOSE_QUOTES = /["“”»]/;
const NUMBER_WORDS = new Set(["no", "no.", "nos.", "case", "docket", "number", "#"]);
/** Codes and aliases that are everyday words; in free text alone they name no court. */
const FREE_TEXT_STOPWORDS = new Set(["us", "did", "med", "mad", "ord", "cod", "ned", "neb", "deb", "tax"]);

interface Token {
  text: string;
  start: number;
  end: number;
}

/** Up to `limit` whitespace-separated tokens of `text` from `from`. */
function tokens(text: string, from = 0, limit = Infinity): Token[] {
  const re = /\S+/g;
  re.lastIndex = from;
  const out: Token[] = [];
  for (let m = re.exec(text); m && out.length < limit; m = re.exec(text)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The docket starting at toks[0] (after `No.`-style words): its normal form and where it ends. */
function takeDocket(toks: readonly Token[], strict: boolean): { docket: string; end: number } | undefined {
  let i = 0;
  while (i < 2 && toks[i] && NUMBER_WORDS.has(toks[i]!.text.toLowerCase())) i++;
  const tok = toks[i];
  if (!tok) return undefined;
  const raw = plainDashes(tok.text).replace(/^(?:no\.|#|\()(?=[a-z0-9])/i, "").replace(/[.,;:!?)\]]+$/, "");
  // JPML numbers its dockets `MDL No. 2168` (the fixture's info.docket).
  if (raw.toUpperCase() === "MDL") {
    const rest = toks.slice(i + 1, i + 3);
    const j = rest[0]?.text.toLowerCase() === "no." ? 1 : 0;
    const num = rest[j]?.text.replace(/[.,;)]+$/, "");
    if (num && /^\d{1,6}$/.test(num)) return { docket: `MDL No. ${num}`, end: rest[j]!.end };
    return undefined;
  }
  return looksLikeDocket(raw, strict) ? { docket: normalizeDocket(raw), end: tok.end } : undefined;
}

/** The URL of a leading Slack link (`<url|label>`, `<url>`) or bare URL, and where it ends. */
function leadingLink(text: string): { url: string; end: number } | undefined {
  if (text.startsWith("<http")) {
    const close = text.indexOf(">");
    if (close < 0) return { url: "", end: text.length };
    const inner = text.slice(1, close);
    const bar = inner.indexOf("|");
    return { url: unescapeSlack(bar < 0 ? inner : inner.slice(0, bar)), end: close + 1 };
  }
  if (/^https?:\/\//i.test(text)) {
    const tok = tokens(text, 0, 1)[0]!;
    return { url: unescapeSlack(tok.text), end: tok.end };
  }
  return undefined;
}

/** Slack escapes `&`, `<`, `>` in message text (Slack docs, Formatting text: escaping). */
function unescapeSlack(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

function echo(text: string): string {
  const clean = text.replace(/[\p{Cc}"]/gu, "").replace(/\s+/g, " ").trim();
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}

function withDocket(court: string, text: string, from: number): CaseRefResult {
  const found = takeDocket(tokens(text, from, 4), false);
  if (!found) {
    const next = tokens(text, from, 1)[0];
    return { ok: false, message: next ? MESSAGES.badDocket : MESSAGES.missingDocket };
  }
  return { ok: true, ref: { court, docket: found.docket }, rest: text.slice(found.end).trim() };
}

/**
 * Command arguments to a case reference and the text after it (`ask <case> <question>`,
 * `track <case> [frequency]`). Accepts a pasted case or document link (bare or Slack-wrapped),
 * a quoted long court name and docket (`"Florida State, Duval County, Fourth Circuit Court"
 * 2014-CF-003894`, straight or curly quotes), or a court code, citation or alias and docket
 * (`nysd 1:23-cv-01234`, `D. Del. 1:22-cv-00001`). Pass `siteUrl` so that only the service's own
 * links are accepted.
 */
export function parseCaseRef(input: string, options: { siteUrl?: string } = {}): CaseRefResult {
  const text = input.trim();
  if (text === "") return { ok: false, message: MESSAGES.empty };

  const link = leadingLink(text);
  if (link) {
    const parsed = caseRefOfLink(link.url, options.siteUrl);
    if (!parsed) return { ok: false, message: MESSAGES.badLink };
    const result: CaseRefResult = { ok: true, ref: parsed.ref, rest: text.slice(link.end).trim() };
    if (parsed.courtGuessed) result.courtGuessed = true;
    return result;
  }

  if (OPEN_QUOTES.has(text[0]!)) {
    const close = text.slice(1, 400).search(CLOSE_QUOTES);
    if (close < 0) return { ok: false, message: MESSAGES.unclosed };
    const name = text.slice(1, close + 1).replace(/\s+/g, " ").trim();
    if (name === "") return { ok: false, message: MESSAGES.empty };
    // A quoted table court gets its canonical name; any other is a state court, passed as typed.
    return withDocket(resolveCourt(name)?.name ?? name, text, close + 2);
  }

  // Citations contain spaces (`D. Del.`): the longest run of leading words that names a court wins.
  const toks = tokens(text, 0, MAX_COURT_WORDS);
  for (let k = toks.length; k >= 1; k--) {
    const court = resolveCourt(text.slice(0, toks[k - 1]!.end));
    if (court) return withDocket(court.name, text, toks[k - 1]!.end);
  }
  if (looksLikeDocket(plainDashes(toks[0]!.text), true)) return { ok: false, message: MESSAGES.noCourt };
  const firstDocket = toks.findIndex((t) => looksLikeDocket(plainDashes(t.text), true));
  const typed = firstDocket > 0 ? text.slice(0, toks[firstDocket - 1]!.end) : toks[0]!.text;
  return { ok: false, message: unknownCourt(echo(typed)) };
}

export interface FoundCaseRef {
  ref: CaseRef;
  courtGuessed?: boolean;
}

interface CourtAt {
  court: string;
  next: number;
}

/** Courts named by the words from toks[i], longest first, with the index of the next token. */
function courtsAt(toks: readonly Token[], i: number, parenthetical: boolean): CourtAt[] {
  const out: CourtAt[] = [];
  let key = "";
  for (let k = 1; k <= MAX_COURT_WORDS && i + k <= toks.length; k++) {
    let t = toks[i + k - 1]!.text;
    if (t.length > 40 || /https?:/i.test(t)) break;
    if (parenthetical && k === 1) t = t.slice(1);
    const word = courtKey(t);
    key += word;
    const court = courtByKey(key);
    if (court && !(k === 1 && FREE_TEXT_STOPWORDS.has(word))) out.unshift({ court: court.name, next: i + k });
    if (parenthetical && t.includes(")")) break;
  }
  return out;
}

/**
 * Every case reference in free message text, in order and without repeats: the site's case links
 * (bare or Slack-wrapped), `court docket` pairs (`S.D.N.Y. No. 1:23-cv-01234`, `nysd
 * 1:23-cv-01234`) and Bluebook order (`No. 1:23-cv-01234 (S.D.N.Y. 2024)`). Free text is read
 * strictly: a docket needs a separator and at least four digits, and is not a date.
 */
export function findCaseRefs(text: string, siteUrl?: string): FoundCaseRef[] {
  const found: FoundCaseRef[] = [];
  const seen = new Set<string>();
  const add = (ref: CaseRef, courtGuessed?: boolean) => {
    const key = caseKey(ref);
    if (seen.has(key)) return;
    seen.add(key);
    found.push(courtGuessed ? { ref, courtGuessed } : { ref });
  };
  const toks = tokens(text);
  const skipTo = (i: number, end: number) => {
    while (i + 1 < toks.length && toks[i + 1]!.start < end) i++;
    return i;
  };
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i]!;
    if (/https?:\/\//i.test(tok.text)) {
      for (const m of tok.text.matchAll(/https?:\/\/[^\s<>|]+/gi)) {
        const parsed = caseRefOfLink(unescapeSlack(m[0]).replace(/[.,;:)\]]+$/, ""), siteUrl);
        if (parsed) add(parsed.ref, parsed.courtGuessed);
      }
      continue;
    }
    const pair = courtsAt(toks, i, false)
      .map(({ court, next }) => ({ court, d: takeDocket(toks.slice(next, next + 4), true) }))
      .find((c) => c.d);
    if (pair?.d) {
      add({ court: pair.court, docket: pair.d.docket });
      i = skipTo(i, pair.d.end);
      continue;
    }
    // Bluebook order: the docket, then the court in parentheses.
    const d = takeDocket(toks.slice(i, i + 3), true);
    if (!d) continue;
    const after = skipTo(i, d.end) + 1;
    const court = toks[after]?.text.startsWith("(") ? courtsAt(toks, after, true)[0] : undefined;
    if (court) add({ court: court.court, docket: d.docket });
    i = court ? court.next - 1 : skipTo(i, d.end);
  }
  return found;
}
