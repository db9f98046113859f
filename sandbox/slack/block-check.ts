import { checkElement, checkText, isObject, type Problems } from "./element-check.ts";

/**
 * A basic Block Kit check, enough to reject what Slack rejects most often: too many blocks, unknown
 * types, missing or over-long text, duplicate block ids, and messages whose block text is too long
 * overall. Limits are Slack's (https://docs.slack.dev/reference/block-kit/blocks). Problems read like
 * Slack's own: "must be less than 3001 characters [json-pointer:/blocks/0/text/text]".
 * It is deliberately not a full schema (../shared/tools/blockkit is that); the stand-in only needs
 * to fail loudly where real Slack would.
 */
export type Surface = "message" | "modal" | "home";

export const BLOCK_LIMITS = {
  blocks: { message: 50, modal: 100, home: 100 },
  blockId: 255,
  sectionText: 3000,
  fields: 10,
  fieldText: 2000,
  header: 150,
  contextElements: 10,
  actionsElements: 25,
  imageUrl: 3000,
  altText: 2000,
  label: 2000,
  /** Slack rejects messages whose block text totals roughly 12k characters (msg_blocks_too_long). */
  messageBlockText: 12_000,
  /** Cumulative limit of markdown blocks in one payload. */
  markdownText: 12_000,
} as const;

export type BlockError = "invalid_blocks" | "invalid_blocks_format" | "msg_blocks_too_long";

export interface BlockCheck {
  error?: BlockError;
  problems: string[];
}

const BLOCK_TYPES = new Set([
  "actions", "context", "divider", "file", "header", "image", "input", "markdown", "rich_text", "section",
  "video", "table",
]);

export function checkBlocks(blocks: unknown, surface: Surface): BlockCheck {
  if (!Array.isArray(blocks)) return { error: "invalid_blocks_format", problems: ["must be an array [json-pointer:/blocks]"] };
  const p: Problems = { list: [], textTotal: 0 };
  const max = BLOCK_LIMITS.blocks[surface];
  if (blocks.length > max) p.list.push(`no more than ${max} items allowed [json-pointer:/blocks]`);
  const ids = new Set<string>();
  let markdown = 0;
  blocks.forEach((block: unknown, i) => {
    const ptr = `/blocks/${i}`;
    if (!isObject(block) || typeof block.type !== "string") {
      p.list.push(`must provide an object with a type [json-pointer:${ptr}]`);
      return;
    }
    if (!BLOCK_TYPES.has(block.type)) {
      p.list.push(`unsupported type: ${block.type} [json-pointer:${ptr}/type]`);
      return;
    }
    const id = block.block_id;
    if (id !== undefined) {
      if (typeof id !== "string" || id.length === 0 || id.length > BLOCK_LIMITS.blockId) {
        p.list.push(`must be a string of 1 to ${BLOCK_LIMITS.blockId} characters [json-pointer:${ptr}/block_id]`);
      } else if (ids.has(id)) {
        p.list.push(`duplicate block_id: ${id} [json-pointer:${ptr}/block_id]`);
      } else ids.add(id);
    }
    if (block.type === "markdown") {
      if (typeof block.text !== "string" || block.text === "") p.list.push(`must provide text [json-pointer:${ptr}/text]`);
      else markdown += block.text.length;
    }
    checkBlock(block, ptr, p);
  });
  if (p.list.length > 0) return { error: "invalid_blocks", problems: p.list };
  if (markdown > BLOCK_LIMITS.markdownText || (surface === "message" && p.textTotal + markdown > BLOCK_LIMITS.messageBlockText)) {
    return { error: "msg_blocks_too_long", problems: [] };
  }
  return { problems: [] };
}

function checkBlock(block: Record<string, unknown>, ptr: string, p: Problems): void {
  switch (block.type) {
    case "section": {
      if (block.text === undefined && block.fields === undefined) {
        p.list.push(`must provide either text or fields [json-pointer:${ptr}]`);
      }
      if (block.text !== undefined) checkText(block.text, `${ptr}/text`, BLOCK_LIMITS.sectionText, p);
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields) || block.fields.length === 0 || block.fields.length > BLOCK_LIMITS.fields) {
          p.list.push(`must provide 1 to ${BLOCK_LIMITS.fields} fields [json-pointer:${ptr}/fields]`);
        } else block.fields.forEach((f, j) => checkText(f, `${ptr}/fields/${j}`, BLOCK_LIMITS.fieldText, p));
      }
      if (block.accessory !== undefined) checkElement(block.accessory, `${ptr}/accessory`, p);
      return;
    }
    case "header":
      checkText(block.text, `${ptr}/text`, BLOCK_LIMITS.header, p, { plainOnly: true });
      return;
    case "context":
      eachElement(block, ptr, BLOCK_LIMITS.contextElements, p, (el, at) => {
        if (isObject(el) && el.type === "image") checkElement(el, at, p);
        else checkText(el, at, BLOCK_LIMITS.sectionText, p);
      });
      return;
    case "actions":
      eachElement(block, ptr, BLOCK_LIMITS.actionsElements, p, (el, at) => checkElement(el, at, p));
      return;
    case "image":
      if (typeof block.image_url !== "string" && !isObject(block.slack_file)) {
        p.list.push(`must provide image_url or slack_file [json-pointer:${ptr}]`);
      } else if (typeof block.image_url === "string" && block.image_url.length > BLOCK_LIMITS.imageUrl) {
        p.list.push(`must be less than ${BLOCK_LIMITS.imageUrl + 1} characters [json-pointer:${ptr}/image_url]`);
      }
      if (typeof block.alt_text !== "string" || block.alt_text.length > BLOCK_LIMITS.altText) {
        p.list.push(`must provide alt_text of at most ${BLOCK_LIMITS.altText} characters [json-pointer:${ptr}/alt_text]`);
      }
      if (block.title !== undefined) checkText(block.title, `${ptr}/title`, BLOCK_LIMITS.altText, p, { plainOnly: true });
      return;
    case "input":
      checkText(block.label, `${ptr}/label`, BLOCK_LIMITS.label, p, { plainOnly: true });
      if (block.hint !== undefined) checkText(block.hint, `${ptr}/hint`, BLOCK_LIMITS.label, p, { plainOnly: true });
      checkElement(block.element, `${ptr}/element`, p);
      return;
    case "rich_text":
      if (!Array.isArray(block.elements)) p.list.push(`must provide elements [json-pointer:${ptr}/elements]`);
      else p.textTotal += leafText(block.elements);
      return;
    default:
      return;
  }
}

function eachElement(
  block: Record<string, unknown>, ptr: string, max: number, p: Problems, check: (el: unknown, at: string) => void,
): void {
  const els = block.elements;
  if (!Array.isArray(els) || els.length === 0 || els.length > max) {
    p.list.push(`must provide 1 to ${max} elements [json-pointer:${ptr}/elements]`);
    return;
  }
  els.forEach((el, j) => check(el, `${ptr}/elements/${j}`));
}

/** Characters of every `text` leaf in a rich_text tree. */
function leafText(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, child) => n + leafText(child), 0);
  if (!isObject(node)) return 0;
  const own = typeof node.text === "string" ? node.text.length : 0;
  return own + (Array.isArray(node.elements) ? leafText(node.elements) : 0);
}
