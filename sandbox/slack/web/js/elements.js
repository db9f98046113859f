/**
 * Interactive elements on messages and the Home tab (section accessories, actions blocks): a click
 * or a choice is sent to the app at once as block_actions, after the element's confirm dialog if
 * it has one. A button with a url also opens it, as Slack does.
 */
import { confirmDialog } from "./confirm.js";
import { controlFor, initialOf } from "./controls.js";
import { h, image, safeUrl } from "./dom.js";
import { openMenu } from "./menu.js";
import { textWithEmoji } from "./mrkdwn.js";
import { plainString } from "./text.js";

/** Runs `work` with the control marked busy (Slack greys a clicked button until the app answers). */
async function busy(node, work) {
  node.classList.add("is-busy");
  node.setAttribute("aria-busy", "true");
  try {
    await work();
  } finally {
    node.classList.remove("is-busy");
    node.removeAttribute("aria-busy");
  }
}

const openUrl = (url) => {
  const safe = safeUrl(url);
  if (safe) window.open(safe, "_blank", "noopener,noreferrer");
};

function button(el, block, ctx) {
  const node = h("button", {
    type: "button", class: ["bk-button", el.style === "primary" && "bk-primary", el.style === "danger" && "bk-danger"],
    "data-action-id": el.action_id, "aria-label": el.accessibility_label,
  }, textWithEmoji(el.text?.text ?? "", el.text?.emoji !== false, false));
  node.addEventListener("click", async () => {
    if (node.classList.contains("is-busy")) return;
    if (el.confirm && !(await confirmDialog(el.confirm, ctx))) return;
    if (el.url) openUrl(el.url);
    await busy(node, () => ctx.act(el, block, typeof el.value === "string" ? el.value : null));
  });
  return node;
}

function overflow(el, block, ctx) {
  const node = h("button", { type: "button", class: "bk-overflow", "aria-label": "More options", "aria-haspopup": "menu", "aria-expanded": "false", "data-action-id": el.action_id }, "⋮");
  const options = Array.isArray(el.options) ? el.options : [];
  node.addEventListener("click", () => openMenu(node, options.map((o) => ({
    label: plainString(o.text),
    onSelect: async () => {
      if (el.confirm && !(await confirmDialog(el.confirm, ctx))) return;
      if (o.url) openUrl(o.url);
      await busy(node, () => ctx.act(el, block, o.value));
    },
  })), { label: "More options" }));
  return node;
}

function choice(el, block, ctx) {
  const control = controlFor(el, ctx, { initial: initialOf(el, ctx), label: plainString(el.placeholder) || "Choose" });
  if (!control) return unsupported(el);
  control.onChange(async (value) => {
    if (value === null) return;
    if (el.confirm && !(await confirmDialog(el.confirm, ctx))) return;
    await busy(control.node, () => ctx.act(el, block, value));
  });
  control.node.dataset.actionId = el.action_id ?? "";
  return control.node;
}

function unsupported(el) {
  return h("span", { class: "bk-unsupported" }, `[${String(el?.type ?? "element")} is not shown in the sandbox]`);
}

/** One element of an actions block or a section's accessory. */
export function renderElement(el, block, ctx) {
  if (!el || typeof el !== "object") return null;
  switch (el.type) {
    case "button": return button(el, block, ctx);
    case "overflow": return overflow(el, block, ctx);
    case "image": return image(el.image_url, { class: "bk-accessory-image", alt: el.alt_text ?? "" });
    case "workflow_button": return h("button", { type: "button", class: "bk-button", disabled: true }, plainString(el.text));
    default: return choice(el, block, ctx);
  }
}
