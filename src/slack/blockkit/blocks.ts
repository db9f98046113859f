/**
 * The Block Kit shapes our renderers produce, and small builders for them. Structurally these are
 * a subset of @slack/types' KnownBlock, so the Slack layer can post them as they are. Builders take
 * text that is already safe (from sanitize.ts or our own words) and enforce the per-object limits
 * once, here, so no renderer can emit an empty or oversized text object.
 */
import { SLACK_LIMITS as L } from "./limits.ts";
import { truncateAtWord, truncateMrkdwn } from "./truncate.ts";

export interface PlainTextObject {
  type: "plain_text";
  text: string;
  emoji?: boolean;
}
export interface MrkdwnObject {
  type: "mrkdwn";
  text: string;
  verbatim?: boolean;
}
export type TextObject = PlainTextObject | MrkdwnObject;

export interface ConfirmDialog {
  title: PlainTextObject;
  text: PlainTextObject;
  confirm: PlainTextObject;
  deny: PlainTextObject;
  style?: "primary" | "danger";
}

export interface ButtonElement {
  type: "button";
  text: PlainTextObject;
  action_id: string;
  value?: string;
  url?: string;
  style?: "primary" | "danger";
  confirm?: ConfirmDialog;
  accessibility_label?: string;
}

/** A user picker (docs.slack.dev/reference/block-kit/block-elements/select-menu-element#users_select). */
export interface UsersSelectElement {
  type: "users_select";
  action_id: string;
  placeholder?: PlainTextObject;
  /** A Slack user id shown as already chosen. */
  initial_user?: string;
}

/** A menu of fixed options (static_select). */
export interface StaticSelectElement {
  type: "static_select";
  action_id: string;
  placeholder?: PlainTextObject;
  options: OptionObject[];
  initial_option?: OptionObject;
}

/** What a ControlsBlock may hold: buttons and menus. */
export type ControlElement = ButtonElement | UsersSelectElement | StaticSelectElement;

export interface HeaderBlock {
  type: "header";
  text: PlainTextObject;
  block_id?: string;
}
export interface SectionBlock {
  type: "section";
  text?: TextObject;
  fields?: TextObject[];
  accessory?: ButtonElement;
  block_id?: string;
}
export interface ContextBlock {
  type: "context";
  elements: TextObject[];
  block_id?: string;
}
export interface ActionsBlock {
  type: "actions";
  elements: ButtonElement[];
  block_id?: string;
}
/**
 * An actions block that may hold menus as well as buttons (ActionsBlock holds buttons only, which
 * is what most views and their tests read). Its block_id usually names what the menus act on.
 */
export interface ControlsBlock {
  type: "actions";
  elements: ControlElement[];
  block_id?: string;
}
export interface DividerBlock {
  type: "divider";
  block_id?: string;
}
export type Block = HeaderBlock | SectionBlock | ContextBlock | ActionsBlock | DividerBlock;
/** Any block a message may carry, menus included (MessagePayload<AnyBlock>). */
export type AnyBlock = Block | ControlsBlock;

/** A modal's input block; the element is typed by the modal that builds it. */
export interface InputBlock {
  type: "input";
  block_id: string;
  label: PlainTextObject;
  hint?: PlainTextObject;
  optional?: boolean;
  /** Its element's changes are sent at once as block_actions (docs.slack.dev, input block). */
  dispatch_action?: boolean;
  element: Record<string, unknown>;
}

/** An option of a select, radio group or checkbox group. */
export interface OptionObject {
  text: PlainTextObject;
  value: string;
  description?: PlainTextObject;
}

/** A modal view (views.open / update / push); submit only when it has inputs to submit. */
export interface ModalView {
  type: "modal";
  callback_id: string;
  title: PlainTextObject;
  submit?: PlainTextObject;
  close: PlainTextObject;
  private_metadata?: string;
  blocks: Array<Block | InputBlock>;
}

/** A message: Block Kit plus the plain `text` that notifications and screen readers use. */
export interface MessagePayload<B extends AnyBlock = Block> {
  text: string;
  blocks: B[];
}

/** A blank text as "—" (Slack refuses empty text objects). Printable ASCII first is never blank: no trim needed. */
const orDash = (s: string) => {
  const c = s.charCodeAt(0);
  if (c > 0x20 && c < 0x7f) return s;
  return s.trim() === "" ? "—" : s;
};

export function plainText(text: string, max: number = L.textObject): PlainTextObject {
  return { type: "plain_text", text: truncateAtWord(orDash(text), max), emoji: true };
}

/**
 * mrkdwn with `verbatim: true`: Slack does not auto-link bare URLs, channel names or @words in it,
 * so only the `<url|label>` links we built are links (sanitize.ts).
 */
export function mrkdwn(text: string, max: number = L.textObject): MrkdwnObject {
  return { type: "mrkdwn", text: truncateMrkdwn(orDash(text), max), verbatim: true };
}

export function header(text: string): HeaderBlock {
  return { type: "header", text: plainText(text, L.headerText) };
}

export function section(text: string, accessory?: ButtonElement): SectionBlock {
  const block: SectionBlock = { type: "section", text: mrkdwn(text, L.sectionText) };
  if (accessory) block.accessory = accessory;
  return block;
}

/** A section of fields (at most 10 are used; each cut to Slack's 2,000). */
export function fieldsSection(fields: readonly string[]): SectionBlock {
  return { type: "section", fields: fields.slice(0, L.sectionFields).map((f) => mrkdwn(f, L.fieldText)) };
}

export function context(...texts: string[]): ContextBlock {
  return { type: "context", elements: texts.slice(0, L.contextElements).map((t) => mrkdwn(t, L.contextText)) };
}

export function divider(): DividerBlock {
  return { type: "divider" };
}

export function actions(elements: ButtonElement[]): ActionsBlock {
  return { type: "actions", elements: elements.slice(0, L.actionsElements) };
}

export interface ButtonSpec {
  text: string;
  actionId: string;
  value?: string;
  style?: "primary" | "danger";
  confirm?: ConfirmDialog;
}

export function button(spec: ButtonSpec): ButtonElement {
  const b: ButtonElement = { type: "button", text: plainText(spec.text, L.buttonText), action_id: spec.actionId };
  if (spec.value !== undefined) b.value = spec.value;
  if (spec.style) b.style = spec.style;
  if (spec.confirm) b.confirm = spec.confirm;
  return b;
}

export function confirmDialog(spec: { title: string; text: string; confirm: string; deny: string }): ConfirmDialog {
  return {
    title: plainText(spec.title, L.confirmTitle),
    text: plainText(spec.text, L.confirmText),
    confirm: plainText(spec.confirm, L.confirmButton),
    deny: plainText(spec.deny, L.confirmButton),
  };
}
