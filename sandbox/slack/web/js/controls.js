/**
 * The form controls behind Block Kit's interactive elements, shared by messages (where a change is
 * an action sent at once) and modals (where values wait for Submit). Each returns
 * { node, read(), onChange(fn) }; read() gives what Slack's payloads carry: a value, a list of
 * values, or null.
 */
import { h } from "./dom.js";
import { plainString, renderText } from "./text.js";

let uid = 0;
const nextId = (prefix) => `${prefix}-${++uid}`;

/** The choices an element offers: its own options, or the workspace's people or conversations. */
export function optionsOf(el, ctx) {
  const own = (list) => (Array.isArray(list) ? list : []).filter((o) => o && typeof o.value === "string").map((o) => ({ value: o.value, label: plainString(o.text), option: o }));
  const type = String(el.type).replace(/^multi_/, "");
  if (type === "static_select" || type === "external_select" || type === "overflow" || type === "radio_buttons" || type === "checkboxes") {
    if (Array.isArray(el.option_groups)) return el.option_groups.flatMap((g) => own(g.options).map((o) => ({ ...o, group: plainString(g.label) })));
    return own(el.options ?? (el.initial_option ? [el.initial_option] : []));
  }
  if (type === "users_select") return ctx.users.filter((u) => !u.is_bot).map((u) => ({ value: u.id, label: u.real_name }));
  if (type === "channels_select") return ctx.channels.filter((c) => !c.is_im && !c.is_private).map((c) => ({ value: c.id, label: `# ${c.label}` }));
  if (type === "conversations_select") {
    const include = Array.isArray(el.filter?.include) ? el.filter.include : ["public", "private", "im", "mpim"];
    const kind = (c) => (c.is_im ? "im" : c.is_private ? "private" : "public");
    return ctx.channels.filter((c) => include.includes(kind(c))).map((c) => ({ value: c.id, label: c.is_im ? `@ ${c.label}` : `# ${c.label}` }));
  }
  return [];
}

/** What the element starts with (initial_option, initial_conversation, ... or the current conversation). */
export function initialOf(el, ctx) {
  const many = (list) => (Array.isArray(list) ? list : []).map((o) => (typeof o === "string" ? o : o?.value)).filter((v) => typeof v === "string");
  switch (el.type) {
    case "static_select": case "external_select": case "radio_buttons": return el.initial_option?.value ?? null;
    case "multi_static_select": case "multi_external_select": case "checkboxes": return many(el.initial_options);
    case "users_select": return el.initial_user ?? null;
    case "multi_users_select": return many(el.initial_users);
    case "channels_select": return el.initial_channel ?? null;
    case "multi_channels_select": return many(el.initial_channels);
    case "conversations_select": {
      if (el.initial_conversation) return el.initial_conversation;
      const current = el.default_to_current_conversation && ctx.currentChannel;
      return current && optionsOf(el, ctx).some((o) => o.value === current) ? current : null;
    }
    case "multi_conversations_select": return many(el.initial_conversations);
    case "datepicker": return el.initial_date ?? null;
    case "timepicker": return el.initial_time ?? null;
    case "plain_text_input": case "email_text_input": case "url_text_input": case "number_input": case "rich_text_input":
      return typeof el.initial_value === "string" ? el.initial_value : null;
    default: return null;
  }
}

export function isMulti(el) {
  return String(el.type).startsWith("multi_") || el.type === "checkboxes";
}

export function selectControl(el, ctx, { initial, label }) {
  const multiple = isMulti(el);
  const select = h("select", { class: "bk-select", multiple, "aria-label": label });
  const placeholder = plainString(el.placeholder) || (multiple ? "" : "Select an option");
  // The placeholder doubles as "nothing chosen" (an optional select can be cleared).
  if (!multiple) select.append(h("option", { value: "" }, placeholder));
  let group;
  for (const o of optionsOf(el, ctx)) {
    const chosen = multiple ? (initial ?? []).includes(o.value) : initial === o.value;
    const option = h("option", { value: o.value, selected: chosen }, o.label);
    if (o.group !== undefined) {
      if (group?.label !== o.group) select.append((group = h("optgroup", { label: o.group })));
      group.append(option);
    } else select.append(option);
  }
  if (!multiple && (initial === null || initial === undefined)) select.value = "";
  const read = () => (multiple ? [...select.selectedOptions].map((o) => o.value) : select.value || null);
  return { node: select, read, onChange: (fn) => select.addEventListener("change", () => fn(read())), focusable: select };
}

/** Radio buttons and checkboxes: each option with its mrkdwn text and description. */
export function choiceControl(el, ctx, { initial, label }) {
  const multiple = el.type === "checkboxes";
  const name = nextId("choice");
  const listeners = [];
  const inputs = [];
  const group = h("div", { class: "bk-choices", role: multiple ? "group" : "radiogroup", "aria-label": label });
  for (const o of optionsOf(el, ctx)) {
    const id = nextId("opt");
    const input = h("input", {
      type: multiple ? "checkbox" : "radio", id, name, value: o.value,
      checked: multiple ? (initial ?? []).includes(o.value) : initial === o.value,
    });
    input.addEventListener("change", () => listeners.forEach((fn) => fn(read())));
    inputs.push(input);
    group.append(h("div", { class: "bk-choice" }, input,
      h("label", { for: id }, h("span", { class: "bk-choice-text" }, renderText(o.option.text, ctx)),
        o.option.description ? h("span", { class: "bk-choice-desc" }, renderText(o.option.description, ctx)) : null)));
  }
  const read = () => (multiple ? inputs.filter((i) => i.checked).map((i) => i.value) : inputs.find((i) => i.checked)?.value ?? null);
  return { node: group, read, onChange: (fn) => listeners.push(fn), focusable: inputs[0] };
}

/** Text, number, email, URL, date and time inputs. */
export function fieldControl(el, { initial, label, id }) {
  const multiline = el.multiline === true || el.type === "rich_text_input";
  const type = { number_input: "number", email_text_input: "email", url_text_input: "url", datepicker: "date", timepicker: "time" }[el.type] ?? "text";
  const input = multiline
    ? h("textarea", { class: "bk-field", rows: "4", id, "aria-label": label })
    : h("input", { class: "bk-field", type, id, "aria-label": label });
  const placeholder = plainString(el.placeholder);
  if (placeholder) input.placeholder = placeholder;
  if (Number.isInteger(el.max_length)) input.maxLength = el.max_length;
  if (Number.isInteger(el.min_length)) input.minLength = el.min_length;
  if (type === "number") {
    input.step = el.is_decimal_allowed ? "any" : "1";
    if (el.min_value !== undefined) input.min = String(el.min_value);
    if (el.max_value !== undefined) input.max = String(el.max_value);
  }
  if (typeof initial === "string") input.value = initial;
  const read = () => (input.value === "" ? null : input.value);
  return { node: input, read, onChange: (fn) => input.addEventListener("change", () => fn(read())), focusable: input };
}

/** Any input-capable element; undefined for those this page cannot show. */
export function controlFor(el, ctx, options) {
  const type = String(el.type);
  if (/select$/.test(type)) return selectControl(el, ctx, options);
  if (type === "radio_buttons" || type === "checkboxes") return choiceControl(el, ctx, options);
  if (/_input$/.test(type) || type === "datepicker" || type === "timepicker") return fieldControl(el, options);
  return undefined;
}
