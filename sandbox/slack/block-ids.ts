import { randomBytes } from "node:crypto";
import type { Block } from "./types.ts";

/**
 * Slack fills in a block_id for every block that has none, and an action_id for every interactive
 * element that has none (https://docs.slack.dev/reference/block-kit/blocks: "If not specified, a
 * block_id will be generated"), so payloads that come back (block_actions, view state) carry them.
 * Returns copies; what the app sent is left as it was.
 */
export function withGeneratedIds(blocks: Block[]): Block[] {
  return blocks.map((original) => {
    const block = structuredClone(original);
    if (block.block_id === undefined) block.block_id = shortId();
    for (const el of elementsOf(block)) if (el.action_id === undefined && el.type !== "image") el.action_id = shortId();
    return block;
  });
}

function elementsOf(block: Block): Record<string, unknown>[] {
  const out: unknown[] = [];
  if (block.type === "actions" && Array.isArray(block.elements)) out.push(...block.elements);
  if (block.type === "section" && block.accessory) out.push(block.accessory);
  if (block.type === "input" && block.element) out.push(block.element);
  return out.filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null);
}

function shortId(): string {
  return randomBytes(4).toString("base64url").slice(0, 5);
}
