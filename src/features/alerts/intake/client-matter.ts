/**
 * What a push's `client_matter` may be (spec, Limits: "up to 50 characters"). The matter decides
 * which channels see a push (the matter wall), so it is never repaired the way other text is
 * (court/storable-text.ts): a matter with a NUL or a control character in it is not the matter
 * anyone linked, and PostgreSQL cannot even store it (a 503 the service would retry for hours).
 * Intake answers such a push 422 with this sentence instead.
 */

/** spec, Limits: client_matter is up to 50 characters. */
export const MAX_MATTER_CHARS = 50;

const NAMES: Record<number, string> = { 0: "a NUL character (U+0000)", 9: "a tab", 10: "a line break", 13: "a carriage return", 0x7f: "a DEL character (U+007F)" };

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;

/** Why `matter` cannot be a client_matter, as a sentence naming the problem; undefined if it can. */
export function matterProblem(matter: string): string | undefined {
  const chars = [...matter];
  if (chars.length > MAX_MATTER_CHARS) {
    return `client_matter is ${chars.length} characters long; the limit is ${MAX_MATTER_CHARS} (spec, Limits)`;
  }
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!.codePointAt(0)!;
    const what =
      c < 0x20 || c === 0x7f ? (NAMES[c] ?? `a control character (${hex(c)})`)
      : c >= 0x80 && c < 0xa0 ? `a control character (${hex(c)})`
      : c >= 0xd800 && c <= 0xdfff ? `a lone surrogate (${hex(c)}), which is not text`
      : undefined;
    if (what) return `client_matter has ${what} at character ${i + 1}; a matter is printable text`;
  }
  return undefined;
}
