import { SlackApiError, type ApiContext } from "./api-context.ts";
import { isObject } from "./element-check.ts";
import { buildView, checkedView } from "./methods/views.ts";
import type { SlackView } from "./types.ts";
import { ViewStore } from "./view-store.ts";

/**
 * What a view_submission acknowledgement does to the user's modals
 * (https://docs.slack.dev/surfaces/modals#updating_response): `response_action` "errors" shows field
 * errors and keeps the view open, "update" replaces it, "push" stacks a new one, "clear" closes them
 * all; an empty 200 closes the submitted view. Returns a Slack error when the answer is unusable
 * (Slack then shows the user an error in the modal).
 */
export function applyViewSubmissionAck(ctx: ApiContext, user: string, view: SlackView, body: unknown): string | undefined {
  const views = ctx.state.views;
  const done = () => {
    ctx.state.emit({ kind: "modal", user });
    return undefined;
  };
  if (!isObject(body) || body.response_action === undefined) {
    views.close(user, view.id);
    return done();
  }
  try {
    switch (body.response_action) {
      case "errors": {
        if (!isObject(body.errors)) return "invalid_response_action";
        const blockIds = new Set(view.blocks.map((b) => b.block_id));
        const errors = Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k, String(v)]));
        if (!Object.keys(errors).every((k) => blockIds.has(k))) return "invalid_errors_block_id";
        views.setErrors(user, view.id, errors);
        return done();
      }
      case "update": {
        const found = views.find({ viewId: view.id });
        if (!found) return "not_found";
        views.replace(found, buildView(ctx, checkedView({ view: body.view }, "modal"), { ...view, state: { values: {} } }));
        return done();
      }
      case "push": {
        if (views.stack(user).length >= ViewStore.MAX_STACK) return "push_limit_reached";
        const input = checkedView({ view: body.view }, "modal");
        views.push(user, buildView(ctx, input, { root_view_id: view.root_view_id ?? view.id, previous_view_id: view.id }));
        return done();
      }
      case "clear":
        views.clear(user);
        return done();
      default:
        return "invalid_response_action";
    }
  } catch (e) {
    if (e instanceof SlackApiError) return e.code;
    throw e;
  }
}
