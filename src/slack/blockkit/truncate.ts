/**
 * Cutting text to Slack's limits without breaking it: never mid-word, never inside an escape
 * (`&amp;`, `&lt;`, `&gt;`), a `<url|label>` link or a surrogate pair, and always ending in "…".
 * Lengths are JavaScript string lengths (UTF-16 code units). Slack counts characters; a code unit
 * count is never smaller, so a text that fits here fits there.
 */

export const ELLIPSIS = "…";

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0;
const TRAILING = new Set([32, 10, 9, 13, 12, 0xa0, 44 /* , */, 58 /* : */, 0xb7 /* · */, 0x2014 /* — */]);

/** Start of a `<…>` link that is still open at `at` (its `>` is at or after `at`), else -1. */
export function openLinkStart(s: string, at: number): number {
  const lt = s.lastIndexOf("<", at - 1);
  if (lt < 0) return -1;
  const gt = s.indexOf(">", lt);
  return gt < 0 || gt >= at ? lt : -1;
}

/**
 * The largest cut ≤ `at` that splits no link, escape or surrogate pair; 0 when there is none (a
 * link opening at index 0 is backed off too: half a `<url|label>` is a broken, unsafe link). The
 * one hard cut for mrkdwn: truncation here and answer paging (qa/views/answer-pages.ts) share it.
 */
export function safeHardCut(s: string, at: number): number {
  let q = at;
  const link = openLinkStart(s, q);
  if (link >= 0) q = link;
  const amp = s.lastIndexOf("&", q - 1);
  if (amp >= 0 && q - amp < 5) {
    const m = /^&(?:amp|lt|gt);/.exec(s.slice(amp, amp + 5));
    if (m && amp + m[0].length > q) q = amp;
  }
  const c = s.charCodeAt(q - 1);
  if (c >= 0xd800 && c <= 0xdbff) q--;
  return Math.max(q, 0);
}

function trimTrailing(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING.has(s.charCodeAt(end - 1))) end--;
  return s.slice(0, end);
}

/**
 * `s` if it fits in `max`, else its longest prefix ending at a word boundary plus "…" (total ≤
 * `max`). Only a first word longer than the whole budget is cut inside (at a safe point): there is
 * no boundary to use.
 */
export function truncateAtWord(s: string, max: number): string {
  if (!Number.isFinite(max) || max < 0) throw new RangeError(`max must be a length, got ${max}`);
  if (s.length <= max) return s;
  if (max < 1) return "";
  const limit = Math.floor(max) - 1; // room for the ellipsis
  // Walk back from the limit to whitespace that is not inside a link: s[p] is a space, so the
  // kept text s[0..p) ends at the end of a word.
  let p = limit;
  while (p > 0) {
    while (p > 0 && !isSpace(s.charCodeAt(p))) p--;
    if (p === 0) break;
    const link = openLinkStart(s, p);
    if (link < 0) break;
    p = link; // the space is inside a link label: look before the link
  }
  let kept = p > 0 ? trimTrailing(s.slice(0, p)) : "";
  if (kept === "") kept = trimTrailing(s.slice(0, safeHardCut(s, limit)));
  return kept === "" ? ELLIPSIS : kept + ELLIPSIS;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/**
 * truncateAtWord for mrkdwn made by toMrkdwn: a cut inside `*bold*` or `_italic_` closes the marker
 * before the "…", so Slack still renders it instead of showing a stray `*`. Only markers can be
 * unbalanced: toMrkdwn turns untrusted `*` into look-alikes and keeps `_` only between letters.
 */
export function truncateMrkdwn(s: string, max: number): string {
  if (s.length <= max) return s;
  // Room for up to two closing markers, taken only when needed.
  for (let reserve = 0; ; reserve++) {
    const cut = truncateAtWord(s, Math.max(max - reserve, 0));
    if (!cut.endsWith(ELLIPSIS) || cut.length <= ELLIPSIS.length) return cut;
    const kept = cut.slice(0, -ELLIPSIS.length);
    const closers = closingMarkers(kept);
    if (closers.length <= reserve || reserve >= 2) return kept + closers + ELLIPSIS;
  }
}

/** The `*` / `_` markers left open on the last line of `kept`, innermost first. */
function closingMarkers(kept: string): string {
  const line = kept.slice(kept.lastIndexOf("\n") + 1);
  let stars = 0;
  let lastStar = -1;
  let unders = 0;
  let lastUnder = -1;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === "*") {
      stars++;
      lastStar = i;
    } else if (ch === "_" && !(isWordChar(line[i - 1]) && isWordChar(line[i + 1]))) {
      unders++;
      lastUnder = i;
    }
  }
  const open: Array<[number, string]> = [];
  if (stars % 2 === 1) open.push([lastStar, "*"]);
  if (unders % 2 === 1) open.push([lastUnder, "_"]);
  open.sort((a, b) => b[0] - a[0]); // close the latest opened first
  return open.map(([, m]) => m).join("");
}
