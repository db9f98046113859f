/**
 * Slack's Block Kit limits (docs.slack.dev, Block Kit reference: each block's and element's
 * fields; chat.postMessage: `text`) and our own checker. Tests run every payload through it, and
 * the Slack layer runs it before posting: a payload Slack would reject is a bug we want to name,
 * not an `invalid_blocks` we see in a log later.
 */

export const SLACK_LIMITS = {
  /** chat.postMessage `text`: Slack truncates past 40,000 characters. */
  messageText: 40_000,
  messageBlocks: 50,
  /** Modals and the Home tab. */
  viewBlocks: 100,
  /**
   * Not documented per block: Slack rejects messages whose block text totals roughly 12–13k
   * characters (`msg_blocks_too_long`), far below the per-block limits. We hold 12,000.
   */
  messageBlockText: 12_000,
  /** Any text object (plain_text or mrkdwn). */
  textObject: 3_000,
  sectionText: 3_000,
  sectionFields: 10,
  fieldText: 2_000,
  headerText: 150,
  contextElements: 10,
  contextText: 2_000,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2_000,
  buttonUrl: 3_000,
  actionId: 255,
  blockId: 255,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3_000,
  callbackId: 255,
} as const;

const L = SLACK_LIMITS;
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const n = (x: number) => x.toLocaleString("en-US");

function textOf(v: unknown): string | undefined {
  return isObj(v) && typeof v.text === "string" ? v.text : undefined;
}

/** Total characters of every text object inside `value` (block text, as Slack tallies it). */
export function blockTextLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + blockTextLength(v), 0);
  if (!isObj(value)) return 0;
  let sum = 0;
  if ((value.type === "plain_text" || value.type === "mrkdwn" || value.type === "markdown") && typeof value.text === "string") {
    sum += value.text.length;
  }
  for (const [k, v] of Object.entries(value)) if (k !== "text" || typeof v !== "string") sum += blockTextLength(v);
  return sum;
}

class Problems {
  readonly list: string[] = [];
  readonly actionIds = new Set<string>();
  /** The block being checked, when it has a block_id. */
  blockId: string | undefined;
  add(where: string, what: string) {
    this.list.push(`${where} ${what}.`);
  }
  /** A text object: present, non-empty, within `max`, of the allowed types. */
  text(where: string, v: unknown, max: number, plainOnly = false) {
    const text = textOf(v);
    if (text === undefined || !isObj(v)) return this.add(where, "is missing its text");
    if (v.type !== "plain_text" && (plainOnly || v.type !== "mrkdwn")) {
      this.add(where, `must be ${plainOnly ? "plain_text" : "plain_text or mrkdwn"}, not ${String(v.type)}`);
    }
    if (text.length === 0) this.add(where, "has empty text; Slack requires at least one character");
    if (text.length > max) this.add(where, `has ${n(text.length)} characters; Slack allows at most ${n(max)}`);
  }
  button(where: string, b: Obj) {
    this.text(`${where} label`, b.text, L.buttonText, true);
    this.id(where, "action_id", b.action_id, L.actionId);
    if (typeof b.action_id === "string") {
      // Slack wants an action_id unique within its block; blocks with their own block_ids may
      // repeat one (a message of several filings, each with its Docketed button).
      const key = this.blockId === undefined ? b.action_id : `${this.blockId}\u0000${b.action_id}`;
      if (this.actionIds.has(key)) this.add(where, `repeats action_id "${b.action_id}"`);
      this.actionIds.add(key);
    }
    if (typeof b.value === "string" && (b.value.length === 0 || b.value.length > L.buttonValue)) {
      this.add(where, `has a value of ${n(b.value.length)} characters; Slack allows 1 to ${n(L.buttonValue)}`);
    }
    if (typeof b.url === "string" && b.url.length > L.buttonUrl) this.add(where, `has a URL longer than ${n(L.buttonUrl)}`);
    if (b.confirm !== undefined) {
      const c = isObj(b.confirm) ? b.confirm : {};
      this.text(`${where} confirm title`, c.title, L.confirmTitle, true);
      this.text(`${where} confirm text`, c.text, L.confirmText);
      this.text(`${where} confirm button`, c.confirm, L.confirmButton, true);
      this.text(`${where} deny button`, c.deny, L.confirmButton, true);
    }
  }
  id(where: string, name: string, v: unknown, max: number) {
    if (v === undefined) return;
    if (typeof v !== "string" || v.length === 0 || v.length > max) this.add(where, `has a ${name} that is not 1 to ${max} characters`);
  }
  element(where: string, e: unknown) {
    if (!isObj(e)) return this.add(where, "is not an object");
    if (e.type === "button") this.button(where, e);
    else if (typeof e.action_id === "string") this.id(where, "action_id", e.action_id, L.actionId);
  }
  block(where: string, b: unknown) {
    if (!isObj(b)) return this.add(where, "is not an object");
    this.id(where, "block_id", b.block_id, L.blockId);
    this.blockId = typeof b.block_id === "string" ? b.block_id : undefined;
    switch (b.type) {
      case "header":
        return this.text(`${where} (header)`, b.text, L.headerText, true);
      case "section": {
        const fields = Array.isArray(b.fields) ? b.fields : undefined;
        if (b.text === undefined && !fields) this.add(`${where} (section)`, "has neither text nor fields");
        if (b.text !== undefined) this.text(`${where} (section) text`, b.text, L.sectionText);
        if (fields && (fields.length === 0 || fields.length > L.sectionFields)) {
          this.add(`${where} (section)`, `has ${fields.length} fields; Slack allows 1 to ${L.sectionFields}`);
        }
        fields?.forEach((f, i) => this.text(`${where} (section) field ${i + 1}`, f, L.fieldText));
        if (b.accessory !== undefined) this.element(`${where} (section) accessory`, b.accessory);
        return;
      }
      case "context": {
        const els = Array.isArray(b.elements) ? b.elements : [];
        if (els.length === 0 || els.length > L.contextElements) {
          this.add(`${where} (context)`, `has ${els.length} elements; Slack allows 1 to ${L.contextElements}`);
        }
        els.forEach((e, i) => {
          if (isObj(e) && e.type === "image") return;
          this.text(`${where} (context) element ${i + 1}`, e, L.contextText);
        });
        return;
      }
      case "actions": {
        const els = Array.isArray(b.elements) ? b.elements : [];
        if (els.length === 0 || els.length > L.actionsElements) {
          this.add(`${where} (actions)`, `has ${els.length} elements; Slack allows 1 to ${L.actionsElements}`);
        }
        els.forEach((e, i) => this.element(`${where} (actions) element ${i + 1}`, e));
        return;
      }
      case "divider":
        return;
      default:
        if (typeof b.type !== "string") this.add(where, "has no type");
    }
  }
  blocks(blocks: readonly unknown[], max: number, surface: string) {
    if (blocks.length > max) this.add(surface, `has ${blocks.length} blocks; Slack allows at most ${max}`);
    const seen = new Set<string>();
    blocks.forEach((b, i) => {
      this.block(`Block ${i + 1}`, b);
      const id = isObj(b) && typeof b.block_id === "string" ? b.block_id : undefined;
      if (id !== undefined && seen.has(id)) this.add(`Block ${i + 1}`, `repeats block_id "${id}"`);
      if (id !== undefined) seen.add(id);
    });
  }
}

export interface MessageLike {
  readonly text?: unknown;
  readonly blocks?: readonly unknown[] | undefined;
}

/**
 * Problems Slack would reject (or silently truncate) in a message, as sentences; [] when the
 * message is fine. Also requires the plain `text` fallback every message must carry.
 */
export function checkMessageLimits(payload: MessageLike): string[] {
  const p = new Problems();
  if (typeof payload.text !== "string" || payload.text.trim() === "") {
    p.add("The message", "has no plain text fallback (`text`), which notifications and screen readers need");
  } else if (payload.text.length > L.messageText) {
    p.add("The message text", `has ${n(payload.text.length)} characters; Slack truncates past ${n(L.messageText)}`);
  }
  const blocks = payload.blocks ?? [];
  p.blocks(blocks, L.messageBlocks, "The message");
  const total = blockTextLength(blocks);
  if (total > L.messageBlockText) {
    p.add("The message", `has ${n(total)} characters of block text; Slack rejects messages past about ${n(L.messageBlockText)} (msg_blocks_too_long)`);
  }
  return p.list;
}

/** checkMessageLimits for a modal or Home tab view. */
export function checkViewLimits(view: Record<string, unknown>): string[] {
  const p = new Problems();
  if (view.type !== "modal" && view.type !== "home") p.add("The view", `has type ${String(view.type)}, not modal or home`);
  if (view.type === "modal") {
    p.text("The modal title", view.title, L.viewTitle, true);
    if (view.submit !== undefined) p.text("The modal submit button", view.submit, L.viewButton, true);
    if (view.close !== undefined) p.text("The modal close button", view.close, L.viewButton, true);
  }
  if (typeof view.private_metadata === "string" && view.private_metadata.length > L.privateMetadata) {
    p.add("The view", `has private_metadata of ${n(view.private_metadata.length)} characters; Slack allows ${n(L.privateMetadata)}`);
  }
  p.id("The view", "callback_id", view.callback_id, L.callbackId);
  p.blocks(Array.isArray(view.blocks) ? view.blocks : [], L.viewBlocks, "The view");
  return p.list;
}

/** Block text we allow ourselves per message: a margin under Slack's ~12,000 (above). */
export const BLOCK_TEXT_TARGET = 11_000;
