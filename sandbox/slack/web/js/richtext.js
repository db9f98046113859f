/**
 * rich_text blocks (docs.slack.dev, Block Kit: rich text): sections, lists, preformatted text and
 * quotes, with styled text, links, mentions, emoji and dates. What people type arrives this way.
 * Its text is raw (not entity-escaped): it goes into text nodes as it is.
 */
import { h, link } from "./dom.js";
import { emojiFor, emojiFromCodepoints, formatSlackDate } from "./format.js";

export function renderRichText(block, ctx) {
  return h("div", { class: "rt" }, (Array.isArray(block.elements) ? block.elements : []).map((e) => part(e, ctx)));
}

function part(e, ctx) {
  const children = () => (Array.isArray(e.elements) ? e.elements : []).map((x) => leaf(x, ctx));
  switch (e?.type) {
    case "rich_text_section": return h("div", { class: "rt-section" }, children());
    case "rich_text_preformatted": return h("pre", { class: "mk-pre" }, children());
    case "rich_text_quote": return h("blockquote", { class: "mk-quote" }, children());
    case "rich_text_list": {
      const indent = Math.min(6, Math.max(0, Number(e.indent) || 0));
      const list = h(e.style === "ordered" ? "ol" : "ul", { class: `rt-list rt-indent-${indent}` });
      if (e.style === "ordered" && Number.isInteger(e.offset)) list.start = e.offset + 1;
      for (const item of Array.isArray(e.elements) ? e.elements : []) {
        list.append(h("li", {}, (Array.isArray(item.elements) ? item.elements : []).map((x) => leaf(x, ctx))));
      }
      return list;
    }
    default: return null;
  }
}

function styled(node, style) {
  let out = node;
  if (style?.code) out = h("code", { class: "mk-code" }, out);
  if (style?.strike) out = h("s", {}, out);
  if (style?.italic) out = h("em", {}, out);
  if (style?.bold) out = h("strong", {}, out);
  return out;
}

function leaf(x, ctx) {
  switch (x?.type) {
    case "text": return styled(document.createTextNode(String(x.text ?? "")), x.style);
    case "link": return styled(link(x.url, String(x.text ?? x.url ?? ""), { class: "mk-link", title: String(x.url ?? "") }), x.style);
    case "user": return h("span", { class: "mention user" }, `@${ctx.userName(x.user_id)}`);
    case "usergroup": return h("span", { class: "mention group" }, `@${x.usergroup_id}`);
    case "broadcast": return h("span", { class: "mention broadcast" }, `@${x.range}`);
    case "channel": {
      const id = String(x.channel_id);
      return h("a", { class: "mention channel", role: "link", tabindex: "0", onclick: () => ctx.openChannel(id) }, `#${ctx.channelName(id)}`);
    }
    case "emoji": {
      const shown = emojiFromCodepoints(x.unicode) ?? emojiFor(String(x.name)) ?? `:${x.name}:`;
      return h("span", { class: "emoji", title: `:${x.name}:`, role: "img", "aria-label": String(x.name) }, shown);
    }
    case "date": return h("time", { class: "mk-date", title: String(x.fallback ?? "") }, formatSlackDate(Number(x.timestamp), String(x.format ?? "{date_short}"), ctx.tz) ?? String(x.fallback ?? ""));
    case "color": return h("span", { class: "rt-color" }, String(x.value ?? ""));
    default: return null;
  }
}
