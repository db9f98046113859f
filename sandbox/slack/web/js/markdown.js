/**
 * The `markdown` block's standard Markdown (docs.slack.dev, Block Kit: markdown block): headings,
 * paragraphs, lists, quotes, rules, fenced code, and inline **bold**, *italic*, ~~strike~~, `code`,
 * [links](url) and <autolinks>. The text is raw (not entity-escaped) and becomes text nodes only.
 */
import { fragment, h, link } from "./dom.js";
import { textWithEmoji } from "./mrkdwn.js";

const OPEN = "\uE000";
const CLOSE = "\uE001";
const ATOM = /\uE000(\d+)\uE001/g;
const EMPHASIS = [
  { tag: "strong", re: /\*\*(?!\s)([\s\S]*?\S)\*\*|__(?!\s)([\s\S]*?\S)__/ },
  { tag: "s", re: /~~(?!\s)([\s\S]*?\S)~~/ },
  { tag: "em", re: /(?<![\p{L}\p{N}*])\*(?![\s*])([^*]*?[^\s*])\*(?![\p{L}\p{N}*])|(?<![\p{L}\p{N}_])_(?![\s_])([^_]*?[^\s_])_(?![\p{L}\p{N}_])/u },
];

export function markdown(text) {
  const out = fragment();
  const lines = String(text ?? "").replace(/[\uE000\uE001]/g, "\uFFFD").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = /^\s*(```|~~~)/.exec(line);
    if (fence) {
      const body = [];
      for (i += 1; i < lines.length && !lines[i].trim().startsWith(fence[1]); i += 1) body.push(lines[i]);
      out.append(h("pre", { class: "mk-pre" }, body.join("\n")));
      i += 1;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.append(h("div", { class: `md-h md-h${heading[1].length}`, role: "heading", "aria-level": String(heading[1].length) }, inline(heading[2])));
      i += 1;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.append(h("hr", { class: "md-hr" }));
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted = [];
      for (; i < lines.length && /^\s*>/.test(lines[i]); i += 1) quoted.push(lines[i].replace(/^\s*>\s?/, ""));
      out.append(h("blockquote", { class: "mk-quote" }, markdown(quoted.join("\n"))));
      continue;
    }
    const item = /^\s*([-*+]|\d{1,9}[.)])\s+/;
    if (item.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const list = h(ordered ? "ol" : "ul", { class: "md-list" });
      for (; i < lines.length && item.test(lines[i]); i += 1) list.append(h("li", {}, inline(lines[i].replace(item, ""))));
      out.append(list);
      continue;
    }
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    const para = [];
    for (; i < lines.length && lines[i].trim() !== "" && !/^(#{1,6}\s|\s*>|\s*```|\s*([-*+]|\d{1,9}[.)])\s)/.test(lines[i]); i += 1) para.push(lines[i]);
    const p = h("p", { class: "md-p" });
    para.forEach((l, n) => p.append(...(n > 0 ? [h("br")] : []), inline(l)));
    out.append(p);
  }
  return out;
}

function inline(text) {
  const atoms = [];
  const hold = (node) => `${OPEN}${atoms.push(node) - 1}${CLOSE}`;
  const s = text
    .replace(/`([^`]+)`/g, (_, code) => hold(h("code", { class: "mk-code" }, code)))
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label, url) => hold(link(url, label, { class: "mk-link", title: url })))
    .replace(/<(https?:\/\/[^>\s]+)>/g, (_, url) => hold(link(url, url, { class: "mk-link" })));
  return emphasis(s, atoms);
}

function emphasis(s, atoms) {
  let best;
  for (const rule of EMPHASIS) {
    const m = rule.re.exec(s);
    if (m && (!best || m.index < best.m.index)) best = { m, rule };
  }
  if (!best) return plain(s, atoms);
  const { m, rule } = best;
  return fragment(plain(s.slice(0, m.index), atoms), h(rule.tag, {}, emphasis(m[1] ?? m[2], atoms)), emphasis(s.slice(m.index + m[0].length), atoms));
}

function plain(s, atoms) {
  const out = fragment();
  let at = 0;
  for (const m of s.matchAll(ATOM)) {
    out.append(textWithEmoji(s.slice(at, m.index), true, false), atoms[Number(m[1])]);
    at = m.index + m[0].length;
  }
  out.append(textWithEmoji(s.slice(at), true, false));
  return out;
}
