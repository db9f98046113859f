/**
 * Splitting an alert into messages that each fit Slack's limits (limits.ts): at most 50 blocks and
 * about 12,000 characters of block text per message. A push may carry hundreds of entries (a newly
 * tracked case, a saved search that matched a busy day), so alerts are packed greedily, newest
 * first, never splitting one item's blocks across two messages.
 */
import type { Block } from "../../../slack/blockkit/blocks.ts";
import { BLOCK_TEXT_TARGET, SLACK_LIMITS, blockTextLength } from "../../../slack/blockkit/limits.ts";

export interface PackBudget {
  /** Block text and blocks every message keeps free for its own head and foot. */
  reserveText: number;
  reserveBlocks: number;
}

/**
 * Groups of blocks (one group per entry or case) packed into as few messages as fit; every message
 * gets at least one group, so a single oversized group still goes out (each block is already cut to
 * its own limits by blocks.ts, so a group of a few blocks always fits Slack's ceiling).
 */
export function packGroups(groups: readonly Block[][], budget: PackBudget): Block[][][] {
  const maxText = BLOCK_TEXT_TARGET - budget.reserveText;
  const maxBlocks = SLACK_LIMITS.messageBlocks - budget.reserveBlocks;
  const messages: Block[][][] = [];
  let current: Block[][] = [];
  let text = 0;
  let blocks = 0;
  for (const group of groups) {
    const t = blockTextLength(group);
    if (current.length > 0 && (text + t > maxText || blocks + group.length > maxBlocks)) {
      messages.push(current);
      current = [];
      text = 0;
      blocks = 0;
    }
    current.push(group);
    text += t;
    blocks += group.length;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}

/**
 * Packs the groups and keeps at most `maxMessages` messages; `omitted` counts the groups left out,
 * which the alert's foot names so nothing is dropped silently. Always at least one (maybe empty)
 * message, so the alert still says what came.
 */
export function packCapped(groups: readonly Block[][], budget: PackBudget, maxMessages: number): { packed: Block[][][]; omitted: number } {
  let packed = packGroups(groups, budget);
  let omitted = 0;
  if (packed.length > maxMessages) {
    omitted = packed.slice(maxMessages).reduce((n, msg) => n + msg.length, 0);
    packed = packed.slice(0, maxMessages);
  }
  if (packed.length === 0) packed = [[]];
  return { packed, omitted };
}

/** `part 2 of 3` for multi-message alerts, "" for one. */
export function partLabel(index: number, total: number): string {
  return total > 1 ? `part ${index + 1} of ${total}` : "";
}
