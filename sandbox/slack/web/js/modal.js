/**
 * Modals (docs.slack.dev, Surfaces: modals): the top view of the person's stack, with its inputs,
 * field errors from the app's `response_action: "errors"` under them, Submit and Cancel. The stack
 * itself lives in the stand-in; `response_action` update / push / clear and views.update arrive as
 * a new stack. What people type survives a re-render as long as the view and the input's block_id
 * and action_id stay (Slack's rule for preserving input).
 */
import { renderBlocks } from "./blocks.js";
import { controlFor, initialOf, isMulti } from "./controls.js";
import { h } from "./dom.js";
import { plainString, renderText } from "./text.js";

const REQUIRED = "Please complete this required field.";
const TROUBLE = "We had some trouble connecting. Try again?";

export function createModals({ root, api, user, context, toast, coalesce }) {
  let stack = [];
  let shownKey = "";
  let shownViewId;
  let origin;
  /** view id -> block_id -> action_id -> choice, kept across re-renders. */
  let values = new Map();
  let controls = [];
  let banner = "";
  let localErrors = {};

  const key = (view, blockId, actionId) => `${view.id}\u0000${blockId}\u0000${actionId}`;
  const remember = () => {
    for (const c of controls) values.set(c.key, c.control.read());
  };
  const collect = () => {
    const out = {};
    for (const c of controls) (out[c.blockId] ??= {})[c.actionId] = c.control.read();
    return out;
  };

  const refresh = coalesce(async () => {
    const r = await api.get(`/modals?user=${encodeURIComponent(user())}`);
    if (r.ok) show(r.stack);
  });

  function show(next, { force = false } = {}) {
    remember();
    if (stack.length === 0 && next.length > 0) origin = context().currentChannel;
    stack = next;
    const top = stack[stack.length - 1];
    const signature = top ? JSON.stringify([top.view.id, top.view.hash, top.errors ?? {}, stack.length, banner, localErrors]) : "";
    if (!force && signature === shownKey) return;
    const firstShow = top !== undefined && top.view.id !== shownViewId;
    shownKey = signature;
    shownViewId = top?.view.id;
    root.replaceChildren();
    if (!top) {
      values = new Map();
      controls = [];
      banner = "";
      localErrors = {};
      return;
    }
    root.append(render(top));
    if (firstShow) (controls[0]?.control.focusable ?? root.querySelector(".modal"))?.focus?.();
  }

  function render(entry) {
    const { view } = entry;
    const errors = { ...(entry.errors ?? {}), ...localErrors };
    controls = [];
    const ctx = {
      ...context(),
      currentChannel: origin,
      act: (el, block, value) => act(view, el, block, value),
      renderInput: (block) => input(view, block, ctx, errors[block.block_id]),
    };
    const titleId = `modal-title-${view.id}`;
    const submit = view.submit
      ? h("button", { type: "submit", class: "btn btn-primary" }, plainString(view.submit))
      : null;
    const form = h("form", { class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": titleId, tabindex: "-1", novalidate: true },
      h("header", { class: "modal-header" },
        stack.length > 1 ? h("button", { type: "button", class: "icon-btn", "aria-label": "Back", onclick: () => close(view, false) }, "←") : null,
        h("span", { class: "modal-app", "aria-hidden": "true" }, "DB"),
        h("h2", { id: titleId, class: "modal-title" }, plainString(view.title) || "docketbot"),
        h("button", { type: "button", class: "icon-btn", "aria-label": "Close", onclick: () => close(view, true) }, "×")),
      banner ? h("div", { class: "modal-banner", role: "alert" }, banner) : null,
      h("div", { class: "modal-body" }, renderBlocks(view.blocks, ctx)),
      h("footer", { class: "modal-footer" },
        h("button", { type: "button", class: "btn", onclick: () => close(view, false) }, plainString(view.close) || "Cancel"),
        submit));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void submitView(view, submit);
    });
    form.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        void close(view, false);
      }
    });
    return h("div", { class: "modal-backdrop" }, form);
  }

  function input(view, block, ctx, error) {
    const el = block.element ?? {};
    const k = key(view, block.block_id, el.action_id);
    const id = `input-${block.block_id}`;
    const label = plainString(block.label);
    const control = controlFor(el, ctx, { initial: values.has(k) ? values.get(k) : initialOf(el, ctx), label, id });
    if (!control) return h("div", { class: "bk-unsupported" }, `[${String(el.type)} input is not shown in the sandbox]`);
    control.onChange((v) => values.set(k, v));
    // An input block with dispatch_action sends its element's changes at once as block_actions
    // (docs.slack.dev, input block), as buttons do; Submit still sends them all.
    if (block.dispatch_action === true) control.onChange((v) => void act(view, el, block, v));
    controls.push({ key: k, blockId: block.block_id, actionId: el.action_id, control, optional: block.optional === true, multi: isMulti(el) });
    if (error) control.node.setAttribute("aria-invalid", "true");
    const errorId = `${id}-error`;
    if (error) control.node.setAttribute("aria-describedby", errorId);
    return h("div", { class: ["bk-input-block", error && "has-error"] },
      h("label", { class: "bk-label", for: id }, label, block.optional ? h("span", { class: "bk-optional" }, " (optional)") : null),
      control.node,
      block.hint ? h("div", { class: "bk-hint" }, renderText(block.hint, ctx)) : null,
      error ? h("div", { class: "bk-error", id: errorId, role: "alert" }, error) : null);
  }

  async function submitView(view, button) {
    if (button?.classList.contains("is-busy")) return;
    localErrors = {};
    for (const c of controls) {
      const v = c.control.read();
      if (!c.optional && (v === null || (Array.isArray(v) && v.length === 0))) localErrors[c.blockId] = REQUIRED;
    }
    banner = "";
    if (Object.keys(localErrors).length > 0) return show(stack, { force: true });
    button?.classList.add("is-busy");
    const r = await api.post(`/views/${encodeURIComponent(view.id)}/submit`, { user: user(), values: collect() });
    button?.classList.remove("is-busy");
    if (!r.ok) banner = r.message;
    else if (r.delivery?.ui_error) banner = TROUBLE;
    if (r.ok) show(r.stack, { force: true });
    else await refresh();
  }

  async function close(view, all) {
    const r = await api.post(`/views/${encodeURIComponent(view.id)}/close`, { user: user(), all });
    if (r.ok) show(r.stack);
    else await refresh();
  }

  async function act(view, el, block, value) {
    remember();
    const r = await api.post("/actions", {
      user: user(), action_id: el.action_id, block_id: block.block_id, value,
      container: { type: "view", view_id: view.id, values: collect() },
    });
    if (!r.ok) toast(r.message);
    else if (r.delivery?.ui_error) toast(`docketbot didn't answer that (${r.delivery.ui_error}).`);
  }

  return { refresh, show, isOpen: () => stack.length > 0 };
}
