/**
 * Text objects and interactive elements, checked against Slack's documented limits
 * (https://docs.slack.dev/reference/block-kit/block-elements, .../composition-objects).
 */
export interface Problems {
  list: string[];
  /** Characters of block text seen so far (for msg_blocks_too_long). */
  textTotal: number;
}

const ELEMENT_LIMITS = {
  actionId: 255,
  buttonText: 75,
  buttonValue: 2000,
  url: 3000,
  placeholder: 150,
  options: 100,
  overflowOptions: 5,
  optionText: 75,
  optionValue: 150,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
} as const;

const ELEMENT_TYPES = new Set([
  "button", "checkboxes", "datepicker", "datetimepicker", "timepicker", "email_text_input", "file_input", "image",
  "multi_static_select", "multi_external_select", "multi_users_select", "multi_conversations_select",
  "multi_channels_select", "number_input", "overflow", "plain_text_input", "radio_buttons", "rich_text_input",
  "static_select", "external_select", "users_select", "conversations_select", "channels_select", "url_text_input",
  "workflow_button",
]);

const tooLong = (max: number, ptr: string) => `must be less than ${max + 1} characters [json-pointer:${ptr}]`;

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function checkText(value: unknown, ptr: string, max: number, p: Problems, opts: { plainOnly?: boolean } = {}): void {
  if (!isObject(value)) {
    p.list.push(`must provide a text object [json-pointer:${ptr}]`);
    return;
  }
  const types = opts.plainOnly ? ["plain_text"] : ["plain_text", "mrkdwn"];
  if (typeof value.type !== "string" || !types.includes(value.type)) {
    p.list.push(`must be one of ${types.join(", ")} [json-pointer:${ptr}/type]`);
  }
  if (typeof value.text !== "string" || value.text.length === 0) {
    p.list.push(`must be more than 0 characters [json-pointer:${ptr}/text]`);
    return;
  }
  if (value.text.length > max) p.list.push(tooLong(max, `${ptr}/text`));
  p.textTotal += value.text.length;
}

function checkString(value: unknown, ptr: string, max: number, p: Problems): void {
  if (value === undefined) return;
  if (typeof value !== "string") p.list.push(`must be a string [json-pointer:${ptr}]`);
  else if (value.length > max) p.list.push(tooLong(max, ptr));
}

export function checkElement(el: unknown, ptr: string, p: Problems): void {
  if (!isObject(el) || typeof el.type !== "string") {
    p.list.push(`must provide an element with a type [json-pointer:${ptr}]`);
    return;
  }
  if (!ELEMENT_TYPES.has(el.type)) {
    p.list.push(`unsupported element type: ${el.type} [json-pointer:${ptr}/type]`);
    return;
  }
  checkString(el.action_id, `${ptr}/action_id`, ELEMENT_LIMITS.actionId, p);
  if (el.placeholder !== undefined) checkText(el.placeholder, `${ptr}/placeholder`, ELEMENT_LIMITS.placeholder, p, { plainOnly: true });
  if (el.confirm !== undefined) checkConfirm(el.confirm, `${ptr}/confirm`, p);
  switch (el.type) {
    case "button":
      checkText(el.text, `${ptr}/text`, ELEMENT_LIMITS.buttonText, p, { plainOnly: true });
      checkString(el.value, `${ptr}/value`, ELEMENT_LIMITS.buttonValue, p);
      checkString(el.url, `${ptr}/url`, ELEMENT_LIMITS.url, p);
      if (el.style !== undefined && el.style !== "primary" && el.style !== "danger") {
        p.list.push(`must be one of primary, danger [json-pointer:${ptr}/style]`);
      }
      return;
    case "overflow":
      checkOptions(el.options, `${ptr}/options`, ELEMENT_LIMITS.overflowOptions, p, true);
      return;
    case "static_select":
    case "multi_static_select":
      if (el.option_groups === undefined) checkOptions(el.options, `${ptr}/options`, ELEMENT_LIMITS.options, p, true);
      return;
    case "radio_buttons":
    case "checkboxes":
      checkOptions(el.options, `${ptr}/options`, 10, p, false);
      return;
    case "image":
      if (typeof el.image_url !== "string" && !isObject(el.slack_file)) p.list.push(`must provide image_url [json-pointer:${ptr}]`);
      if (typeof el.alt_text !== "string") p.list.push(`must provide alt_text [json-pointer:${ptr}/alt_text]`);
      return;
    default:
      return;
  }
}

function checkOptions(options: unknown, ptr: string, max: number, p: Problems, plainOnly: boolean): void {
  if (!Array.isArray(options) || options.length === 0 || options.length > max) {
    p.list.push(`must provide 1 to ${max} options [json-pointer:${ptr}]`);
    return;
  }
  options.forEach((o: unknown, i) => {
    if (!isObject(o)) {
      p.list.push(`must provide an option object [json-pointer:${ptr}/${i}]`);
      return;
    }
    checkText(o.text, `${ptr}/${i}/text`, ELEMENT_LIMITS.optionText, p, { plainOnly });
    if (typeof o.value !== "string" || o.value.length === 0) p.list.push(`must provide a value [json-pointer:${ptr}/${i}/value]`);
    else checkString(o.value, `${ptr}/${i}/value`, ELEMENT_LIMITS.optionValue, p);
  });
}

function checkConfirm(confirm: unknown, ptr: string, p: Problems): void {
  if (!isObject(confirm)) {
    p.list.push(`must provide a confirmation object [json-pointer:${ptr}]`);
    return;
  }
  checkText(confirm.title, `${ptr}/title`, ELEMENT_LIMITS.confirmTitle, p, { plainOnly: true });
  checkText(confirm.text, `${ptr}/text`, ELEMENT_LIMITS.confirmText, p);
  checkText(confirm.confirm, `${ptr}/confirm`, ELEMENT_LIMITS.confirmButton, p, { plainOnly: true });
  checkText(confirm.deny, `${ptr}/deny`, ELEMENT_LIMITS.confirmButton, p, { plainOnly: true });
}
