/**
 * iCalendar's lexical layer (RFC 5545 §3.1 and §3.3.11): TEXT escaping, content lines, folding at
 * 75 octets and CRLF. Everything the service says (case titles, entry text, places, judges) is
 * untrusted; it reaches the output only through `text()`, which escapes every line break, so a
 * newline in a title can never start a property of its own. Pure.
 */

const ENCODER = new TextEncoder();

/** RFC 5545 §3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break." */
export const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped; every line break (CRLF, LF, CR,
 * and the Unicode line and paragraph separators and NEL, which some readers also break on) becomes
 * `\n`; other control characters, which TEXT does not allow (§3.1, "CONTROL"), are dropped, except
 * HTAB. Lone surrogates become U+FFFD so the UTF-8 written is well formed.
 */
export function text(value: string): string {
  return value
    .toWellFormed()
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
    .replace(/[\\;,\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`));
}

/**
 * A value that is not TEXT (dates, URIs, durations, our own identifiers): it may not contain a
 * control character at all, so one that does is a bug and throws rather than being written.
 */
export function raw(value: string): string {
  if (/[\u0000-\u001F\u007F\u0085\u2028\u2029]/.test(value)) throw new RangeError("a non-TEXT iCalendar value contains a control character");
  return value;
}

/** `NAME;PARAM=V:value`, the value already made by text() or raw(); folded. */
export function contentLine(name: string, value: string, params: Readonly<Record<string, string>> = {}): string {
  const head = [name, ...Object.entries(params).map(([k, v]) => `${k}=${raw(v)}`)].join(";");
  return fold(`${head}:${value}`);
}

/**
 * Folds a line into pieces of at most 75 octets joined by CRLF and a space (§3.1), never inside
 * a UTF-8 sequence (nor a surrogate pair: it walks code points). The space that starts a
 * continuation counts toward its 75.
 */
export function fold(line: string): string {
  if (ENCODER.encode(line).length <= MAX_LINE_OCTETS) return line;
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const ch of line) {
    const size = ch.codePointAt(0)! < 0x80 ? 1 : ch.codePointAt(0)! < 0x800 ? 2 : ch.codePointAt(0)! < 0x10000 ? 3 : 4;
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += ch;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

/** The object's lines joined with CRLF, ending in CRLF (§3.1: every content line ends in CRLF). */
export function joinLines(lines: readonly string[]): string {
  return `${lines.join("\r\n")}\r\n`;
}
