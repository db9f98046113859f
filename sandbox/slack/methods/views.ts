import { randomBytes } from "node:crypto";
import { required, SlackApiError, str, type ApiContext, type MethodHandler, type Params } from "../api-context.ts";
import { checkBlocks } from "../block-check.ts";
import { withGeneratedIds } from "../block-ids.ts";
import { isObject } from "../element-check.ts";
import type { Block, SlackView, ViewType } from "../types.ts";
import { ViewStore } from "../view-store.ts";
import { APP_ID, BOT, TEAM } from "../workspace.ts";

/**
 * views.open / push / update / publish (https://docs.slack.dev/surfaces/modals,
 * https://docs.slack.dev/surfaces/app-home). Opening and pushing exchange a trigger_id (single use,
 * 3 s); update and publish honour `hash` (hash_conflict). A view that fails validation answers
 * invalid_arguments with the problems in response_metadata.messages, as Slack does.
 */
const LIMITS = { title: 24, button: 24, privateMetadata: 3000, callbackId: 255, externalId: 255, bytes: 250_000 } as const;

function invalid(problems: string[]): SlackApiError {
  return new SlackApiError("invalid_arguments", { response_metadata: { messages: problems.map((p) => `[ERROR] ${p}`) } });
}

/** Checks a view payload and returns its parts; `type` is what this method accepts. */
export function checkedView(params: Params, type: ViewType): Record<string, unknown> & { blocks: Block[] } {
  const view = params.view;
  if (!isObject(view)) throw invalid(["failed to match all allowed schemas [json-pointer:/view]"]);
  if (JSON.stringify(view).length > LIMITS.bytes) throw new SlackApiError("view_too_large");
  const problems: string[] = [];
  if (view.type !== type) problems.push(`must be ${type} [json-pointer:/view/type]`);
  const plain = (field: string, max: number, needed: boolean) => {
    const v = view[field];
    if (v === undefined) {
      if (needed) problems.push(`must provide ${field} [json-pointer:/view/${field}]`);
      return;
    }
    const text = isObject(v) && v.type === "plain_text" ? v.text : undefined;
    if (typeof text !== "string" || text.length === 0) problems.push(`must be a plain_text object [json-pointer:/view/${field}]`);
    else if (text.length > max) problems.push(`must be less than ${max + 1} characters [json-pointer:/view/${field}/text]`);
  };
  if (type === "modal") {
    plain("title", LIMITS.title, true);
    plain("submit", LIMITS.button, view.blocks !== undefined && hasInput(view.blocks));
    plain("close", LIMITS.button, false);
  }
  for (const [field, max] of [["private_metadata", LIMITS.privateMetadata], ["callback_id", LIMITS.callbackId], ["external_id", LIMITS.externalId]] as const) {
    const v = view[field];
    if (v !== undefined && (typeof v !== "string" || v.length > max)) problems.push(`must be a string of at most ${max} characters [json-pointer:/view/${field}]`);
  }
  const check = checkBlocks(view.blocks, type);
  problems.push(...check.problems.map((p) => p.replace("[json-pointer:/blocks", "[json-pointer:/view/blocks")));
  if (problems.length > 0) throw invalid(problems);
  return { ...view, blocks: withGeneratedIds(view.blocks as Block[]) };
}

function hasInput(blocks: unknown): boolean {
  return Array.isArray(blocks) && blocks.some((b) => isObject(b) && b.type === "input");
}

export function buildView(ctx: ApiContext, input: Record<string, unknown> & { blocks: Block[] }, base: Partial<SlackView>): SlackView {
  const id = base.id ?? ctx.ids.next("V");
  const view: SlackView = {
    id, team_id: TEAM.id, type: input.type as ViewType, blocks: input.blocks,
    private_metadata: (input.private_metadata as string | undefined) ?? "",
    callback_id: (input.callback_id as string | undefined) ?? "",
    external_id: (input.external_id as string | undefined) ?? "",
    state: base.state ?? { values: {} },
    hash: `${ctx.ids.seconds()}.${randomBytes(4).toString("hex")}`,
    clear_on_close: input.clear_on_close === true,
    notify_on_close: input.notify_on_close === true,
    root_view_id: base.root_view_id ?? id,
    previous_view_id: base.previous_view_id ?? null,
    app_id: APP_ID, app_installed_team_id: TEAM.id, bot_id: BOT.botId,
  };
  for (const field of ["title", "submit", "close"] as const) if (input[field] !== undefined) view[field] = input[field];
  return view;
}

function uniqueExternalId(ctx: ApiContext, input: Record<string, unknown>, except?: string): void {
  const ext = input.external_id;
  if (typeof ext !== "string" || ext === "") return;
  const found = ctx.state.views.find({ externalId: ext });
  if (found && found.view.id !== except) throw new SlackApiError("duplicate_external_id");
}

const open: MethodHandler = (params, ctx) => {
  const input = checkedView(params, "modal");
  const user = ctx.triggers.exchange(str(params, "trigger_id") ?? str(params, "interactivity_pointer"));
  uniqueExternalId(ctx, input);
  const view = buildView(ctx, input, {});
  ctx.state.views.open(user, view);
  ctx.state.emit({ kind: "modal", user });
  return { view: structuredClone(view) };
};

const push: MethodHandler = (params, ctx) => {
  const input = checkedView(params, "modal");
  const user = ctx.triggers.exchange(str(params, "trigger_id") ?? str(params, "interactivity_pointer"));
  const stack = ctx.state.views.stack(user);
  const top = stack[stack.length - 1];
  if (!top) throw new SlackApiError("not_found");
  if (stack.length >= ViewStore.MAX_STACK) throw new SlackApiError("push_limit_reached");
  uniqueExternalId(ctx, input);
  const view = buildView(ctx, input, { root_view_id: top.view.root_view_id ?? top.view.id, previous_view_id: top.view.id });
  ctx.state.views.push(user, view);
  ctx.state.emit({ kind: "modal", user });
  return { view: structuredClone(view) };
};

const update: MethodHandler = (params, ctx) => {
  const found = ctx.state.views.find({ viewId: str(params, "view_id"), externalId: str(params, "external_id") });
  if (!found) throw new SlackApiError("not_found");
  const input = checkedView(params, found.view.type);
  const hash = str(params, "hash");
  if (hash !== undefined && hash !== found.view.hash) throw new SlackApiError("hash_conflict");
  uniqueExternalId(ctx, input, found.view.id);
  const view = buildView(ctx, input, found.view);
  ctx.state.views.replace(found, view);
  ctx.state.emit({ kind: found.surface === "home" ? "home" : "modal", user: found.user });
  return { view: structuredClone(view) };
};

const publish: MethodHandler = (params, ctx) => {
  const user = required(params, "user_id", "user_not_found");
  if (!ctx.state.userRef(user)) throw new SlackApiError("user_not_found");
  const input = checkedView(params, "home");
  const current = ctx.state.views.home(user);
  const hash = str(params, "hash");
  if (hash !== undefined && current && hash !== current.hash) throw new SlackApiError("hash_conflict");
  const view = buildView(ctx, input, current ? { id: current.id, root_view_id: current.root_view_id } : {});
  ctx.state.views.publishHome(user, view);
  ctx.state.emit({ kind: "home", user });
  return { view: structuredClone(view) };
};

export const viewMethods: Record<string, MethodHandler> = {
  "views.open": open,
  "views.push": push,
  "views.update": update,
  "views.publish": publish,
};
