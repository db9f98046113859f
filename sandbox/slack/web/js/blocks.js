/**
 * Block Kit layout blocks (docs.slack.dev, Block Kit: blocks) to DOM: header, section (text,
 * fields, accessory), context, divider, actions, image, rich_text, markdown, video, and input
 * (only in modals, through ctx.renderInput). Unknown blocks say so instead of vanishing.
 */
import { h, image, link } from "./dom.js";
import { renderElement } from "./elements.js";
import { markdown } from "./markdown.js";
import { renderRichText } from "./richtext.js";
import { plainString, renderText } from "./text.js";

export function renderBlocks(blocks, ctx) {
  const root = h("div", { class: "bk" });
  for (const block of Array.isArray(blocks) ? blocks : []) {
    const node = renderBlock(block, ctx);
    if (node) root.append(node);
  }
  return root;
}

function renderBlock(block, ctx) {
  if (!block || typeof block !== "object") return null;
  const wrap = (...children) => h("div", { class: `bk-block bk-${block.type}`, "data-block-id": block.block_id }, children);
  switch (block.type) {
    case "header":
      return wrap(h("div", { class: "bk-header-text", role: "heading", "aria-level": "3" }, renderText(block.text, ctx)));
    case "divider":
      return wrap(h("hr"));
    case "section":
      return wrap(section(block, ctx));
    case "context":
      return wrap((Array.isArray(block.elements) ? block.elements : []).map((e) =>
        e?.type === "image" ? image(e.image_url, { class: "bk-context-image", alt: e.alt_text ?? "" }) : h("span", { class: "bk-context-text" }, renderText(e, ctx))));
    case "actions":
      return wrap(h("div", { class: "bk-actions" }, (Array.isArray(block.elements) ? block.elements : []).map((e) => renderElement(e, block, ctx))));
    case "image":
      return wrap(
        block.title ? h("div", { class: "bk-image-title" }, renderText(block.title, ctx)) : null,
        image(block.image_url, { class: "bk-image", alt: block.alt_text ?? "" }) ?? h("span", { class: "bk-unsupported" }, `[image: ${block.alt_text ?? ""}]`),
      );
    case "rich_text":
      return wrap(renderRichText(block, ctx));
    case "markdown":
      return wrap(h("div", { class: "md" }, markdown(block.text)));
    case "video":
      return wrap(h("div", { class: "bk-video" }, "▶ ", link(block.title_url ?? block.video_url, plainString(block.title) || "Video"),
        block.description ? h("div", { class: "bk-video-desc" }, renderText(block.description, ctx)) : null));
    case "file":
      return wrap(h("div", { class: "bk-unsupported" }, `[remote file ${String(block.external_id ?? "")}]`));
    case "input":
      return ctx.renderInput ? wrap(ctx.renderInput(block)) : null;
    default:
      return wrap(h("div", { class: "bk-unsupported" }, `[${String(block.type)} block is not shown in the sandbox]`));
  }
}

function section(block, ctx) {
  const main = h("div", { class: "bk-section-main" });
  if (block.text) main.append(h("div", { class: "bk-section-text" }, renderText(block.text, ctx)));
  if (Array.isArray(block.fields) && block.fields.length > 0) {
    main.append(h("div", { class: "bk-fields" }, block.fields.map((f) => h("div", { class: "bk-field-cell" }, renderText(f, ctx)))));
  }
  const accessory = block.accessory ? renderElement(block.accessory, block, ctx) : null;
  return h("div", { class: ["bk-section-row", block.accessory?.type === "image" && "has-image"] }, main,
    accessory ? h("div", { class: "bk-accessory" }, accessory) : null);
}
