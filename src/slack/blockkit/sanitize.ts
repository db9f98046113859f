/**
 * THE function for untrusted text (DEVELOPERS.md, Style): everything the docket service returns
 * (titles, entries, party names, AI answers) reaches Slack only through toMrkdwn, toMrkdwnLine or
 * toPlainText. They decode HTML entities once, turn the little HTML that dockets use into mrkdwn,
 * escape `&`, `<`, `>` exactly as Slack asks (docs.slack.dev, Formatting text: "Escaping text"; only
 * those three), defuse mentions, and keep links only when they point at the service's own site.
 *
 * Decisions:
 * - Mentions. `<!channel>`, `<!here>`, `<!everyone>`, `<!subteam^…>`, `<@U…>`, `<#C…>` cannot
 *   survive escaping (`<` becomes `&lt;`). Bare `@channel`/`@here`/`@everyone` get a zero-width
 *   joiner after the `@`, so they read the same and notify no one. Renderers also set
 *   `verbatim: true` on mrkdwn objects (blocks.ts), which stops Slack auto-linking bare URLs and
 *   names in service text: only our `<url|label>` links are links.
 * - mrkdwn markers in service text. mrkdwn has no escape for `*`, `_`, `~` or `` ` ``, and text from
 *   the service must read as the court wrote it, not as formatting: a stray "```" would open a
 *   code block that swallows the rest of the message (links stop being links inside it), and a
 *   `~` pair would strike through words in a legal text. So `` ` `` -> `ˋ` (U+02CB), `*` -> `∗`
 *   (U+2217), `~` -> `∼` (U+223C), and `_` -> `＿` (U+FF3F) unless it sits between two letters or
 *   digits (`Case_Opening` keeps its underscore: Slack never formats mid-word). The look-alikes
 *   read the same; only the bold and italics we build from `<b>`/`<i>` tags format anything.
 * - Invisible controls (C0/C1 except newline and tab, bidi overrides and isolates) are removed:
 *   they can make a file name or docket number display as something it is not.
 * - Plain text (plain_text fields, the notification `text`) is not escaped: Slack shows plain_text
 *   as is, and the `text` fallback must stay readable in a notification. There every `<` becomes
 *   `‹` (U+2039), so no `<!channel>` or `<url|label>` can form, and bare mentions get the joiner.
 */
import { attribute, walkHtml } from "./html.ts";
import { CONTROLS, parseSite, resolveOnSite, slackUrl } from "./site-links.ts";
import { truncateAtWord } from "./truncate.ts";

export { siteHref, siteLink, type SanitizeContext } from "./site-links.ts";
export { ELLIPSIS, truncateAtWord, truncateMrkdwn } from "./truncate.ts";

const ZWJ = "\u200D";
const BARE_MENTION = /@(?=(?:channel|here|everyone)(?![\p{L}\p{N}_]))/giu;
const EDGE_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
const SPECIAL: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "*": "∗", "~": "∼", "`": "ˋ" };

/** Decoded plain text to mrkdwn text: escaped, markers and mentions defused (see above). */
export function escapeMrkdwn(plain: string): string {
  return plain
    .replace(CONTROLS, "")
    .replace(/[&<>*~`]/g, (ch) => SPECIAL[ch]!)
    .replace(EDGE_UNDERSCORE, "＿")
    .replace(BARE_MENTION, `@${ZWJ}`);
}

type Kind = "a" | "b" | "i";
interface Frame {
  kind: Kind;
  start: number;
  href?: string | undefined;
}

const BLOCKS = new Set(
  "p div ul ol table tr h1 h2 h3 h4 h5 h6 blockquote pre section article header footer dl dt dd hr".split(" "),
);
const BREAKS = new Set([...BLOCKS, "br", "li", "td", "th"]);

/** Wraps each line of `inner` in `mark`, spaces outside: Slack bold/italic do not span lines. */
function wrap(inner: string, mark: string): string {
  return inner
    .split("\n")
    .map((line) => {
      const core = line.trim();
      if (core === "") return line;
      return `${line.startsWith(" ") ? " " : ""}${mark}${core}${mark}${line.endsWith(" ") ? " " : ""}`;
    })
    .join("\n");
}

/** Collapses spaces, keeps at most one blank line, trims; one linear pass. */
function normalizeSpace(s: string): string {
  const parts: string[] = [];
  const n = s.length;
  const ws = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
  let i = 0;
  while (i < n) {
    let j = i;
    let newlines = 0;
    while (j < n && ws(s.charCodeAt(j))) if (s.charCodeAt(j++) === 10) newlines++;
    if (j > i) {
      if (parts.length > 0 && j < n) parts.push(newlines === 0 ? " " : newlines === 1 ? "\n" : "\n\n");
    } else {
      while (j < n && !ws(s.charCodeAt(j))) j++;
      parts.push(s.slice(i, j));
    }
    i = j;
  }
  return parts.join("");
}

/**
 * Docket HTML to Slack mrkdwn: entities decoded; `<a href>` to `<url|label>` only for the site's
 * own links (other links keep just their text); `<b>`/`<strong>` -> `*…*`, `<i>`/`<em>` -> `_…_`;
 * `<br>`, `<p>`, `<div>` -> line breaks, `<li>` -> bullets; other tags dropped, script and style
 * with their content; whitespace collapsed. Linear in the input.
 */
export function toMrkdwn(untrusted: string, ctx: { readonly siteUrl: string }): string {
  const site = parseSite(ctx.siteUrl);
  const out: string[] = [];
  const frames: Frame[] = [];
  const depth = { b: 0, i: 0 };
  const inLink = () => frames.some((f) => f.kind === "a");

  const finish = (f: Frame) => {
    const inner = out.splice(f.start).join("");
    if (f.kind !== "a") {
      out.push(wrap(inner, f.kind === "b" ? "*" : "_"));
      return;
    }
    const url = f.href === undefined || !site ? undefined : resolveOnSite(f.href, site);
    const label = inner.replace(/\|/g, "｜").replace(/\s+/g, " ").trim();
    if (!url || label === "") {
      out.push(inner); // not the site's link (or nothing to click): its text alone
      return;
    }
    out.push(`${/^\s/.test(inner) ? " " : ""}<${slackUrl(url)}|${label}>${/\s$/.test(inner) ? " " : ""}`);
  };
  const closeKind = (kind: Kind) => {
    const at = frames.findLastIndex((f) => f.kind === kind);
    if (at < 0) return;
    while (frames.length > at) {
      const f = frames.pop()!;
      if (f.kind !== "a") depth[f.kind] = 0;
      finish(f);
    }
  };
  const toggle = (kind: "b" | "i", closing: boolean) => {
    if (inLink()) return; // link labels stay plain
    if (!closing) {
      if (++depth[kind] === 1) frames.push({ kind, start: out.length });
    } else if (depth[kind] > 0 && --depth[kind] === 0) {
      closeKind(kind);
    }
  };
  const lineBreak = (text: string) => out.push(inLink() ? " " : text);

  walkHtml(untrusted, {
    text: (t) => out.push(escapeMrkdwn(t.replace(/\s+/g, " "))),
    tag: (name, closing, attrs) => {
      if (name === "a") {
        closeKind("a");
        if (!closing) frames.push({ kind: "a", start: out.length, href: attribute(attrs, "href") });
      } else if (name === "b" || name === "strong") toggle("b", closing);
      else if (name === "i" || name === "em") toggle("i", closing);
      else if (name === "br") lineBreak("\n");
      else if (name === "li") {
        if (!closing) lineBreak("\n• ");
      }
      else if (name === "td" || name === "th") out.push(" ");
      else if (BLOCKS.has(name)) lineBreak("\n");
    },
  });
  while (frames.length > 0) finish(frames.pop()!);
  return normalizeSpace(out.join(""));
}

/** Tags stripped, entities decoded, whitespace collapsed to single spaces; nothing escaped. */
function htmlToPlain(untrusted: string): string {
  const parts: string[] = [];
  walkHtml(untrusted, {
    text: (t) => parts.push(t),
    tag: (name) => {
      if (BREAKS.has(name)) parts.push(" ");
    },
  });
  return parts.join("").replace(CONTROLS, "").replace(/\s+/g, " ").trim();
}

/**
 * One line of mrkdwn with no links and no formatting: for names, titles and labels that we place
 * inside our own markup (`*<url|title>*`, `*Plaintiff:* name`). Cannot contain `|` or newlines;
 * `maxChars` bounds the escaped result (what Slack counts).
 */
export function toMrkdwnLine(untrusted: string, maxChars?: number): string {
  const line = escapeMrkdwn(htmlToPlain(untrusted)).replace(/\|/g, "｜");
  return maxChars === undefined ? line : truncateAtWord(line, maxChars);
}

/**
 * Plain text for plain_text fields and the message `text` fallback (which Slack does parse for
 * mentions and links): decoded, tags stripped, one line, `<` made `‹`, bare mentions defused, cut
 * at a word boundary with "…" when `maxChars` is given.
 */
export function toPlainText(untrusted: string, maxChars?: number): string {
  const plain = htmlToPlain(untrusted).replaceAll("<", "‹").replace(BARE_MENTION, `@${ZWJ}`);
  return maxChars === undefined ? plain : truncateAtWord(plain, maxChars);
}
