import type { SlackIds } from "./ids.ts";
import type { ResponseUrls } from "./response-urls.ts";
import type { WorkspaceState } from "./state.ts";
import type { Triggers } from "./triggers.ts";
import type { Block, SlackView } from "./types.ts";
import { elementState, findElement, type UserChoice } from "./element-values.ts";
import { homeTeam, interactionTeamFields, type InteractionKind, type PayloadShape } from "./payload-shapes.ts";
import { APP_ID } from "./workspace.ts";

/**
 * block_actions and view_submission payloads as Slack sends them
 * (https://docs.slack.dev/reference/interaction-payloads/block_actions-payload,
 * https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload). The clicked
 * element is looked up in the surface it is on, so a test can only click what the bot rendered.
 */
export const VERIFICATION_TOKEN = "sandbox-verification-token";

export interface PayloadDeps {
  state: WorkspaceState;
  ids: SlackIds;
  triggers: Triggers;
  responseUrls: ResponseUrls;
}

/** The acting user and the payload's team fields, in the given shape (payload-shapes.ts). */
export function actorFields(deps: PayloadDeps, id: string, kind: InteractionKind, shape: PayloadShape = "plain"): {
  user: Record<string, unknown>;
  team: Record<string, unknown>;
} {
  const user = deps.state.userRef(id);
  if (!user) throw new Error(`The Slack stand-in has no user ${id}`);
  const { fields, userTeamId } = interactionTeamFields(shape, kind, homeTeam(deps.state, id));
  return { user: { id, username: user.name, name: user.name, team_id: userTeamId }, team: fields };
}

export function channelField(deps: PayloadDeps, id: string): { id: string; name: string } {
  const channel = deps.state.channelRef(id);
  if (!channel) throw new Error(`The Slack stand-in has no channel ${id}`);
  return { id, name: channel.is_im ? "directmessage" : channel.name };
}

export interface BlockActionInput {
  user: string;
  actionId: string;
  blockId?: string;
  /** A button's value, or the choice for a select, overflow, checkboxes, date picker... */
  value?: UserChoice;
  /** The surface: a channel message (channel + message ts), the user's ephemeral message, or a view. */
  channel?: string;
  message?: string;
  ephemeral?: string;
  view?: string;
  /**
   * For a view: what the user has entered in its inputs so far, as in ViewSubmissionInput.values.
   * Slack sends the live values in `view.state` with every block_actions from a view.
   */
  viewValues?: ViewValues;
}

/** block_id -> action_id -> choice; or block_id -> choice for the block's one element. */
export type ViewValues = Record<string, Record<string, UserChoice> | UserChoice>;

/** The `state.values` of a view whose inputs hold these choices (unmentioned inputs: empty). */
export function viewStateValues(view: SlackView, given: ViewValues | undefined): Record<string, Record<string, unknown>> {
  const values: Record<string, Record<string, unknown>> = {};
  for (const block of view.blocks) {
    if (block.type !== "input" || typeof block.block_id !== "string") continue;
    const element = block.element as Record<string, unknown>;
    const actionId = String(element.action_id);
    const choice = given?.[block.block_id];
    const value = choice !== null && typeof choice === "object" && !Array.isArray(choice) ? choice[actionId] : choice;
    values[block.block_id] = { [actionId]: elementState(element, value) };
  }
  return values;
}

export function blockActionsPayload(deps: PayloadDeps, input: BlockActionInput, shape: PayloadShape = "plain"): Record<string, unknown> {
  const actor = actorFields(deps, input.user, "block_actions", shape);
  const base = {
    type: "block_actions", user: actor.user, api_app_id: APP_ID, token: VERIFICATION_TOKEN,
    trigger_id: deps.triggers.issue(input.user), ...actor.team,
  };
  let blocks: Block[];
  let surface: Record<string, unknown>;
  if (input.view) {
    const found = deps.state.views.find({ viewId: input.view });
    if (!found) throw new Error(`No open view ${input.view}`);
    if (input.viewValues) found.view.state = { values: viewStateValues(found.view, input.viewValues) };
    blocks = found.view.blocks;
    surface = { container: { type: "view", view_id: found.view.id }, view: structuredClone(found.view), state: found.view.state };
  } else if (input.ephemeral) {
    const eph = deps.state.ephemeralRef(input.user, input.ephemeral);
    if (!eph) throw new Error(`User ${input.user} has no ephemeral message ${input.ephemeral}`);
    blocks = eph.blocks ?? [];
    surface = {
      container: { type: "message", message_ts: eph.message_ts, channel_id: eph.channel, is_ephemeral: true },
      channel: channelField(deps, eph.channel), state: { values: {} },
      response_url: deps.responseUrls.issue("actions", {
        channel: eph.channel, user: input.user, original: { ts: eph.message_ts, ephemeral: true },
      }),
    };
  } else {
    if (!input.channel || !input.message) throw new Error("sendBlockAction needs channel + message, ephemeral, or view");
    const message = deps.state.message(input.channel, input.message);
    if (!message) throw new Error(`No message ${input.message} in ${input.channel}`);
    blocks = message.blocks ?? [];
    surface = {
      container: {
        type: "message", message_ts: message.ts, channel_id: input.channel, is_ephemeral: false,
        ...(message.thread_ts && message.thread_ts !== message.ts ? { thread_ts: message.thread_ts } : {}),
      },
      channel: channelField(deps, input.channel), message, state: { values: {} },
      response_url: deps.responseUrls.issue("actions", {
        channel: input.channel, user: input.user, original: { ts: message.ts, ephemeral: false },
      }),
    };
  }
  const found = findElement(blocks, input.actionId, input.blockId);
  if (!found) throw new Error(`No element with action_id "${input.actionId}" on that surface`);
  const { element, block } = found;
  const action: Record<string, unknown> = {
    ...elementState(element, input.value ?? (typeof element.value === "string" ? element.value : undefined)),
    action_id: input.actionId, block_id: block.block_id, action_ts: `${deps.ids.seconds()}.000000`,
  };
  if (element.type === "button") {
    action.text = element.text;
    if (element.style) action.style = element.style;
  }
  return { ...base, ...surface, actions: [action] };
}

export interface ViewSubmissionInput {
  user: string;
  /** The id of a view in the user's modal stack (default: the top one). */
  view?: string;
  values?: ViewValues;
}

export function viewSubmissionPayload(deps: PayloadDeps, input: ViewSubmissionInput, shape: PayloadShape = "plain"): { payload: Record<string, unknown>; view: SlackView } {
  const stack = deps.state.views.stack(input.user);
  const entry = input.view ? stack.find((e) => e.view.id === input.view) : stack[stack.length - 1];
  if (!entry) throw new Error(`User ${input.user} has no open modal${input.view ? ` ${input.view}` : ""}`);
  entry.view.state = { values: viewStateValues(entry.view, input.values) };
  const actor = actorFields(deps, input.user, "view_submission", shape);
  const payload = {
    type: "view_submission", user: actor.user,
    api_app_id: APP_ID, token: VERIFICATION_TOKEN, trigger_id: deps.triggers.issue(input.user),
    view: structuredClone(entry.view), response_urls: [], ...actor.team,
  };
  return { payload, view: entry.view };
}
