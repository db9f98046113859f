/**
 * Courts: what users type (`nysd`, `S.D.N.Y.`, `2nd Cir`) and what the site's URLs say
 * (`New_York_Southern_District_Court`), mapped to the service's long court names, which are the
 * only form `getdocket/`, `track/` and `ask_docket` accept (spec, Endpoints: "court name exactly as
 * the service names it"). The data is in courts-table.ts; every lookup map is built once, here.
 *
 * State courts are not in the table (observed-facts.md: thousands of comma-hierarchy names that
 * need not be unique), so every function answers `undefined` for them or passes them through.
 */
import type { Court } from "./court.ts";
import { COURTS } from "./courts-table.ts";


/** Lowercase letters and digits only: `S.D.N.Y.`, `sdny` and `S. D. N. Y.` share a key. */
export function courtKey(text: string): string {
  // NFKD folds accents and curly apostrophes; plain ASCII (nearly all input) skips it.
  const ascii = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize("NFKD");
  return ascii.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function nameKey(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

function buildMap(entries: Iterable<readonly [string, Court]>): ReadonlyMap<string, Court | null> {
  const map = new Map<string, Court | null>();
  for (const [key, court] of entries) {
    if (key === "") continue;
    const seen = map.get(key);
    // Two courts sharing a key make it ambiguous: null, and lookups answer undefined.
    map.set(key, seen === undefined || seen === court ? court : null);
  }
  return map;
}

function* typedForms(court: Court): Generator<string> {
  yield court.code;
  yield court.citation;
  yield court.name;
  yield* court.aliases ?? [];
}

const BY_CODE = buildMap(COURTS.map((c) => [c.code, c] as const));
const BY_NAME = buildMap(COURTS.map((c) => [nameKey(c.name), c] as const));
const BY_URL_KEY = buildMap(
  COURTS.flatMap((c) => [[courtKey(c.name), c] as const, [courtKey(c.urlName ?? ""), c] as const]),
);
const BY_TYPED_KEY = buildMap(
  COURTS.flatMap((c) => [...typedForms(c)].map((form) => [courtKey(form), c] as const)),
);

/** The most words any form in the table has; parsers try court prefixes no longer than this. */
export const MAX_COURT_WORDS: number = Math.max(
  ...COURTS.flatMap((c) => [...typedForms(c)].map((form) => form.trim().split(/\s+/).length)),
);

/** Longer inputs cannot be a court; checked first so lookups stay cheap on hostile input. */
const MAX_COURT_INPUT = 120;

export function courtByCode(code: string): Court | undefined {
  return BY_CODE.get(code.trim().toLowerCase()) ?? undefined;
}

/** The service's long name, ignoring case and runs of whitespace; undefined for other names. */
export function courtByName(longName: string): Court | undefined {
  if (longName.length > MAX_COURT_INPUT * 2) return undefined;
  return BY_NAME.get(nameKey(longName)) ?? undefined;
}

/**
 * A court from the site's URL segment. The site drops punctuation (observed-facts.md, Case and
 * document URLs), so the segment is matched by key against the table, never rebuilt by string
 * replacement alone. Undefined for courts not in the table.
 */
export function courtFromUrlSegment(segment: string): Court | undefined {
  if (segment.length > MAX_COURT_INPUT * 2) return undefined;
  return BY_URL_KEY.get(courtKey(segment)) ?? undefined;
}

/** Long name to URL segment: `PTAB`, `New_York_Southern_District_Court`, punctuation dropped. */
export function courtUrlSegment(longName: string): string {
  const court = courtByName(longName);
  if (court?.urlName) return court.urlName;
  return (court?.name ?? longName)
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .trim()
    .replace(/\s+/g, "_");
}

/**
 * What a user typed, to a court: code (`nysd`), citation with or without dots and spaces
 * (`S.D.N.Y.`, `SDNY`, `D.Del.`, `2nd Cir`), long name, or a common alias (`Southern District of New
 * York`, `EDTX`). Anything else, including ambiguous input such as `NY` or `Delaware` (district or
 * bankruptcy?), is undefined: we never guess a court.
 */
export function resolveCourt(input: string): Court | undefined {
  if (input.length > MAX_COURT_INPUT) return undefined;
  return courtByKey(courtKey(input));
}

/** resolveCourt for a key already made by courtKey (scanners build keys word by word). */
export function courtByKey(key: string): Court | undefined {
  return BY_TYPED_KEY.get(key) ?? undefined;
}

/** The display form for messages (message-style.md, Identity): the citation, else the name as is. */
export function courtShortLabel(longName: string): string {
  return courtByName(longName)?.citation ?? longName;
}
