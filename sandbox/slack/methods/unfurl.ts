import { SlackApiError, str, type MethodHandler } from "../api-context.ts";
import { checkBlocks } from "../block-check.ts";
import { isObject } from "../element-check.ts";
import { APP_ID } from "../workspace.ts";

/**
 * chat.unfurl (https://docs.slack.dev/reference/methods/chat.unfurl): only URLs the stand-in announced
 * in a link_shared event can be unfurled (cannot_unfurl_url otherwise), found either by channel + ts
 * or by unfurl_id + source. The unfurl lands on the message as an app-unfurl attachment.
 */
const unfurl: MethodHandler = (params, ctx) => {
  const unfurls = params.unfurls;
  if (unfurls === undefined || unfurls === "") throw new SlackApiError("missing_unfurls");
  if (!isObject(unfurls)) throw new SlackApiError("invalid_unfurls_format");
  const unfurlId = str(params, "unfurl_id");
  const channel = str(params, "channel");
  const ts = str(params, "ts");
  if (!unfurlId && !channel) throw new SlackApiError("missing_channel");
  if (!unfurlId && !ts) throw new SlackApiError("missing_ts");
  const shared = unfurlId
    ? ctx.unfurls.get(unfurlId)
    : [...ctx.unfurls.values()].find((u) => u.channel === channel && u.ts === ts);
  if (!shared) {
    if (channel && ts && !ctx.state.messageRef(channel, ts)) throw new SlackApiError("cannot_find_message");
    throw new SlackApiError("cannot_unfurl_url");
  }
  for (const [url, value] of Object.entries(unfurls)) {
    if (!shared.urls.includes(url)) throw new SlackApiError("cannot_unfurl_url");
    if (!isObject(value)) throw new SlackApiError("invalid_unfurls_format");
    if (value.blocks !== undefined) {
      const check = checkBlocks(value.blocks, "message");
      if (check.error) throw new SlackApiError(check.error, check.problems.length ? { errors: check.problems } : {});
    }
  }
  const message = ctx.state.messageRef(shared.channel, shared.ts);
  if (message) {
    const kept = (message.attachments ?? []).filter((a) => !(a.is_app_unfurl && typeof a.app_unfurl_url === "string" && a.app_unfurl_url in unfurls));
    const added = Object.entries(unfurls).map(([url, value], i) => ({
      ...(value as Record<string, unknown>), id: kept.length + i + 1, app_unfurl_url: url, is_app_unfurl: true, app_id: APP_ID,
    }));
    message.attachments = [...kept, ...added];
    ctx.state.changed(shared.channel, shared.ts);
  }
  return {};
};

export const unfurlMethods: Record<string, MethodHandler> = { "chat.unfurl": unfurl };
