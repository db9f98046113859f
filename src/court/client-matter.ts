/**
 * What a client_matter may be: THE rule, for a push's `client_matter` (intake answers a push whose
 * matter breaks it 422 with this sentence) and for a matter an admin links to a channel (`/docket
 * matter link`). The matter decides which channels see a push and which matter pays a fee (the
 * matter wall), so it is never repaired the way other text is (court/storable-text.ts):
 *
 * - at most 50 characters (spec, Limits), no control character (PostgreSQL cannot store a NUL: a
 *   503 the service would retry for hours) and no lone surrogate;
 * - nothing invisible (Unicode format characters: zero-width spaces and joiners, direction marks,
 *   a byte order mark, a soft hyphen) and no space but the plain one, at neither end: `ACME-001`
 *   with a zero-width space after it is another matter that reads exactly like ACME-001;
 * - no mix of Latin letters with Cyrillic or Greek ones, which read alike (`АCME-001` with a
 *   Cyrillic А): the mixed-script confusables of Unicode TS #39, section 5.
 */

/** spec, Limits: client_matter is up to 50 characters. */
export const MAX_MATTER_CHARS = 50;

const NAMES: Record<number, string> = { 0: "a NUL character (U+0000)", 9: "a tab", 10: "a line break", 13: "a carriage return", 0x7f: "a DEL character (U+007F)" };

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

const FORMAT = /^\p{Cf}$/u;
const SPACE = /^\p{Zs}$/u;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Why `matter` cannot be a client_matter, as a sentence naming the problem; undefined if it can. */
export function matterProblem(matter: string): string | undefined {
  const chars = [...matter];
  if (chars.length > MAX_MATTER_CHARS) {
    return `client_matter is ${chars.length} characters long; the limit is ${MAX_MATTER_CHARS} (spec, Limits)`;
  }
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const c = ch.codePointAt(0)!;
    const what =
      c < 0x20 || c === 0x7f ? (NAMES[c] ?? `a control character (${hex(c)})`)
      : c >= 0x80 && c < 0xa0 ? `a control character (${hex(c)})`
      : c >= 0xd800 && c <= 0xdfff ? `a lone surrogate (${hex(c)}), which is not text`
      : FORMAT.test(ch) ? `an invisible character (${hex(c)})`
      : SPACE.test(ch) && c !== 0x20 ? `a space other than the plain one (${hex(c)})`
      : undefined;
    if (what) return `client_matter has ${what} at character ${i + 1}; a matter is printable text`;
  }
  if (matter !== matter.trim()) return "client_matter begins or ends with a space";
  if (LATIN.test(matter) && LOOKALIKE_SCRIPT.test(matter)) {
    return "client_matter mixes Latin letters with Cyrillic or Greek ones, which read alike; a matter is written in one script";
  }
  return undefined;
}
