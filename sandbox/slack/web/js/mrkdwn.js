/**
 * Slack's mrkdwn (docs.slack.dev, Formatting text) to DOM nodes: *bold*, _italic_, ~strike~,
 * `code`, ```code blocks```, > quotes, list lines, <url|label> links, <@U…> and <#C…> mentions,
 * <!here>-style broadcasts, <!date^…> dates and :emoji: codes. &amp; &lt; &gt; are decoded into text
 * nodes: nothing here ever parses HTML, so whatever the text says stays text.
 *
 * How: code spans and <…> tokens become placeholder atoms first (formatting outside never reaches
 * into them; a link's label is formatted on its own), then the earliest *, _ or ~ pair is
 * formatted, recursively; whatever is left is text.
 */
import { fragment, h, link } from "./dom.js";
import { decodeEntities, emojiFor, formatSlackDate } from "./format.js";

const OPEN = "\uE000";
const CLOSE = "\uE001";
const ATOM = /\uE000(\d+)\uE001/g;

/** Marker pairs: not inside a word, not just inside spaces (as Slack reads them). */
const EMPHASIS = [
  { tag: "strong", re: /(?<![\p{L}\p{N}*])\*(?![\s*])([^*\n]*?[^\s*])\*(?![\p{L}\p{N}*])/u },
  { tag: "em", re: /(?<![\p{L}\p{N}_])_(?![\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/u },
  { tag: "s", re: /(?<![\p{L}\p{N}~])~(?![\s~])([^~\n]*?[^\s~])~(?![\p{L}\p{N}~])/u },
];

/** A mrkdwn string as a fragment of block-level nodes. */
export function mrkdwn(text, ctx) {
  const out = fragment();
  // Placeholder characters in the text itself would be read as atoms: they can't be meant anyway.
  const source = String(text ?? "").replace(/[\uE000\uE001]/g, "\uFFFD");
  const fence = /```([\s\S]*?)```/g;
  let at = 0;
  for (const m of source.matchAll(fence)) {
    appendLines(out, source.slice(at, m.index), ctx);
    out.append(h("pre", { class: "mk-pre" }, inline(m[1].replace(/^\n/, ""), ctx, { formatting: false })));
    at = m.index + m[0].length;
  }
  appendLines(out, source.slice(at), ctx);
  return out;
}

/** Lines: runs of "> " lines become a quote, "• "/"- "/"1. " lines list items, the rest text with breaks. */
function appendLines(out, text, ctx) {
  if (text === "") return;
  const lines = text.split("\n");
  let para = [];
  let quote = [];
  const flushPara = () => {
    if (para.length === 0) return;
    const span = h("span", { class: "mk-text" });
    para.forEach((line, i) => span.append(...(i > 0 ? [h("br")] : []), inline(line, ctx)));
    out.append(span);
    para = [];
  };
  const flushQuote = () => {
    if (quote.length === 0) return;
    out.append(h("blockquote", { class: "mk-quote" }, mrkdwn(quote.join("\n"), ctx)));
    quote = [];
  };
  for (const line of lines) {
    const q = /^>\s?(.*)$/.exec(line);
    if (q) {
      flushPara();
      quote.push(q[1]);
      continue;
    }
    flushQuote();
    const item = /^(\s*)([•◦▪‣-]|\d{1,3}[.)])\s+(.*)$/.exec(line);
    if (item) {
      flushPara();
      const depth = Math.min(4, Math.floor(item[1].length / 2));
      out.append(h("div", { class: `mk-li mk-indent-${depth}` }, h("span", { class: "mk-bullet" }, item[2] === "-" ? "•" : item[2]), h("span", {}, inline(item[3], ctx))));
      continue;
    }
    para.push(line);
  }
  flushPara();
  flushQuote();
}

/** One line (or code block) of mrkdwn as inline nodes. */
export function inline(text, ctx, { formatting = true } = {}) {
  const atoms = [];
  const hold = (node) => `${OPEN}${atoms.push(node) - 1}${CLOSE}`;
  let s = text;
  if (formatting) s = s.replace(/`([^`\n]+)`/g, (_, code) => hold(h("code", { class: "mk-code" }, decodeEntities(code))));
  s = s.replace(/<([^<>\n]+)>/g, (_, token) => hold(angle(token, ctx)));
  return formatting ? emphasis(s, atoms, ctx) : plain(s, atoms, ctx, false);
}

function emphasis(s, atoms, ctx) {
  let best;
  for (const rule of EMPHASIS) {
    const m = rule.re.exec(s);
    if (m && (!best || m.index < best.m.index)) best = { m, rule };
  }
  if (!best) return plain(s, atoms, ctx, true);
  const { m, rule } = best;
  return fragment(
    plain(s.slice(0, m.index), atoms, ctx, true),
    h(rule.tag, {}, emphasis(m[1], atoms, ctx)),
    emphasis(s.slice(m.index + m[0].length), atoms, ctx),
  );
}

/** Text with atoms put back, entities decoded and (outside code) :emoji: codes replaced. */
function plain(s, atoms, ctx, withEmoji) {
  const out = fragment();
  let at = 0;
  for (const m of s.matchAll(ATOM)) {
    out.append(textWithEmoji(s.slice(at, m.index), withEmoji));
    const atom = atoms[Number(m[1])];
    // An atom is used once; a copy if the same placeholder somehow appears twice.
    out.append(atom.isConnected || atom.parentNode ? atom.cloneNode(true) : atom);
    at = m.index + m[0].length;
  }
  out.append(textWithEmoji(s.slice(at), withEmoji));
  return out;
}

export function textWithEmoji(raw, withEmoji = true, decode = true) {
  const s = decode ? decodeEntities(raw) : raw;
  if (!withEmoji) return document.createTextNode(s);
  const out = fragment();
  let at = 0;
  for (const m of s.matchAll(/:([a-z0-9_+-]{1,50}):/g)) {
    const emoji = emojiFor(m[1]);
    if (!emoji) continue;
    out.append(s.slice(at, m.index), h("span", { class: "emoji", title: m[0], role: "img", "aria-label": m[1].replace(/_/g, " ") }, emoji));
    at = m.index + m[0].length;
  }
  out.append(s.slice(at));
  return out;
}

/** What is inside <…>: a link, a mention, a broadcast or a date. */
function angle(token, ctx) {
  const bar = token.indexOf("|");
  const target = bar >= 0 ? token.slice(0, bar) : token;
  const label = bar >= 0 ? decodeEntities(token.slice(bar + 1)) : undefined;
  if (target.startsWith("@")) return mention(`@${label ?? ctx.userName(target.slice(1))}`, "user");
  if (target.startsWith("#")) {
    const id = target.slice(1);
    const name = label ?? ctx.channelName(id);
    return h("a", { class: "mention channel", role: "link", tabindex: "0", onclick: () => ctx.openChannel(id) }, `#${name}`);
  }
  if (target.startsWith("!")) return special(target.slice(1), label, ctx);
  const url = decodeEntities(target);
  // A link's label is mrkdwn as well: Slack shows `<url|*#60*>` bold, and its :emoji: codes.
  const shown = bar >= 0 ? inline(token.slice(bar + 1), ctx) : url;
  return link(url, shown, { class: "mk-link", title: url });
}

function mention(text, kind) {
  return h("span", { class: `mention ${kind}` }, text);
}

function special(body, label, ctx) {
  const [command, ...args] = body.split("^");
  if (["here", "channel", "everyone"].includes(command)) return mention(`@${command}`, "broadcast");
  if (command === "subteam") return mention(label ?? `@${args[0] ?? "group"}`, "group");
  if (command === "date") {
    const [epoch, template, url] = args;
    const shown = formatSlackDate(Number(epoch), decodeEntities(template ?? ""), ctx.tz) ?? label ?? "";
    const node = h("time", { class: "mk-date", title: label ?? "" }, shown);
    return url ? link(decodeEntities(url), node) : node;
  }
  return document.createTextNode(label ?? "");
}
