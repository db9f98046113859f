import { isObject } from "./element-check.ts";
import type { Block } from "./types.ts";

/**
 * What a user's choice looks like in Slack payloads, per element type: `value` for text inputs and
 * buttons, `selected_option` for selects, overflow menus and radio buttons, `selected_options` for
 * checkboxes and multi-selects, `selected_date` and friends for pickers
 * (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload,
 * https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload#view_submission).
 * Tests and the web page give the plain value(s); the option objects come from the element itself.
 */
export type UserChoice = string | string[] | null | undefined;

export function elementState(element: Record<string, unknown>, choice: UserChoice): Record<string, unknown> {
  const type = String(element.type);
  const one = Array.isArray(choice) ? choice[0] : choice;
  const many = choice === null || choice === undefined ? [] : Array.isArray(choice) ? choice : [choice];
  switch (type) {
    case "static_select":
    case "radio_buttons":
    case "overflow":
    case "external_select":
      return { type, selected_option: one == null ? null : optionFor(element, one) };
    case "checkboxes":
    case "multi_static_select":
    case "multi_external_select":
      return { type, selected_options: many.map((v) => optionFor(element, v)) };
    case "users_select":
      return { type, selected_user: one ?? null };
    case "multi_users_select":
      return { type, selected_users: many };
    case "conversations_select":
      return { type, selected_conversation: one ?? null };
    case "multi_conversations_select":
      return { type, selected_conversations: many };
    case "channels_select":
      return { type, selected_channel: one ?? null };
    case "multi_channels_select":
      return { type, selected_channels: many };
    case "datepicker":
      return { type, selected_date: one ?? null };
    case "timepicker":
      return { type, selected_time: one ?? null };
    case "datetimepicker":
      return { type, selected_date_time: one == null ? null : Number(one) };
    default:
      return { type, value: one ?? null };
  }
}

/** The option object with this value; an unknown value is a test bug, so it throws. */
function optionFor(element: Record<string, unknown>, value: string): Record<string, unknown> {
  const groups = Array.isArray(element.option_groups) ? element.option_groups : [];
  const options = [
    ...(Array.isArray(element.options) ? element.options : []),
    ...groups.flatMap((g) => (isObject(g) && Array.isArray(g.options) ? g.options : [])),
  ];
  const found = options.find((o) => isObject(o) && o.value === value);
  if (!isObject(found)) {
    if (String(element.type).includes("external")) return { text: { type: "plain_text", text: value }, value };
    throw new Error(`Element ${String(element.action_id)} has no option with value "${value}"`);
  }
  return found;
}

export interface FoundElement {
  block: Block;
  element: Record<string, unknown>;
}

/** Finds an interactive element by action_id (and block_id when given) in a list of blocks. */
export function findElement(blocks: Block[], actionId: string, blockId?: string): FoundElement | undefined {
  for (const block of blocks) {
    if (blockId !== undefined && block.block_id !== blockId) continue;
    const candidates: unknown[] = [
      ...(Array.isArray(block.elements) ? block.elements : []),
      block.accessory,
      block.element,
    ];
    const element = candidates.find((e) => isObject(e) && e.action_id === actionId);
    if (isObject(element)) return { block, element };
  }
  return undefined;
}
