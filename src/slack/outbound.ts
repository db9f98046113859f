/**
 * The one way a feature's message goes out to Slack, so every feature posts, updates and answers
 * the same way:
 * - through the Web API (postMessage, updateMessage, replaceOrPost), for messages that stay;
 * - through a response_url (replaceForUser, addForUser, announce), for slash commands and clicks,
 *   and later, once the request is over, through a stored one (replaceThroughResponseUrl);
 * - privately to one user with no response_url (tellUserPrivately), for view submissions.
 * toSlack is the one adapter from our MessagePayload to what @slack/web-api and Bolt take.
 * Failures of the Web API calls propagate for the caller to classify (slack-errors.ts); the
 * "tell the user" helpers log and swallow them, so they never hide the error being reported.
 */
import type { RespondArguments, RespondFn } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { WebClient } from "@slack/web-api";
import type { AnyBlock, MessagePayload } from "./blockkit/blocks.ts";
import { section } from "./blockkit/blocks.ts";
import type { RequestContext } from "./context.ts";
import { slackErrorCode, slackErrorDetail } from "./slack-errors.ts";
import { userMessageFor } from "./user-errors.ts";

/** Our Block Kit shapes (blockkit/blocks.ts) are a structural subset of @slack/types' blocks. */
export function toSlack(p: MessagePayload<AnyBlock>): { text: string; blocks: KnownBlock[] } {
  return { text: p.text, blocks: p.blocks as unknown as KnownBlock[] };
}

/**
 * Our links point at the service's site, which is an unfurl domain of this very app: without this
 * a message citing entries would grow a case card per link.
 */
export const NO_UNFURL = { unfurl_links: false, unfurl_media: false } as const;

export interface PostInput {
  /** A channel id, or a user id (chat.postMessage then posts in the app's DM with them). */
  channel: string;
  message: MessagePayload<AnyBlock>;
  threadTs?: string | undefined;
}

/** Posts with unfurling off; the answer names the conversation (a DM's id when `channel` was a user). */
export async function postMessage(client: WebClient, { channel, message, threadTs }: PostInput): Promise<{ ts: string; channel: string }> {
  const res = await client.chat.postMessage({ channel, ...toSlack(message), ...NO_UNFURL, ...(threadTs ? { thread_ts: threadTs } : {}) });
  if (!res.ts) throw new Error("chat.postMessage returned no ts");
  return { ts: res.ts, channel: res.channel ?? channel };
}

export async function updateMessage(client: WebClient, where: { channel: string; ts: string }, message: MessagePayload<AnyBlock>): Promise<void> {
  await client.chat.update({ channel: where.channel, ts: where.ts, ...toSlack(message) });
}

/** Replaces a message of ours; when it is gone (deleted meanwhile), posts in its thread instead. */
export async function replaceOrPost(client: WebClient, where: { channel: string; ts: string; threadTs: string }, message: MessagePayload<AnyBlock>): Promise<void> {
  try {
    await updateMessage(client, where, message);
  } catch (error) {
    if (slackErrorCode(error) !== "message_not_found") throw error;
    await postMessage(client, { channel: where.channel, message, threadTs: where.threadTs });
  }
}

/**
 * Replaces a working message of ours ("Reading the docket…") with the result, and never leaves it
 * standing (issue 15 item 2): when Slack refuses the update (msg_too_long, invalid_blocks…), the
 * working message becomes the classifier's sentence; if even that is refused, the sentence goes
 * in the thread. What Slack said (its code and response_metadata.messages) is logged at warn with
 * the request's ref, which the sentence carries. Never throws; false when the result is not shown.
 * chat.update's errors: docs.slack.dev/reference/methods/chat.update.
 */
export async function replaceWorkingMessage(
  client: WebClient,
  ctx: Pick<RequestContext, "log">,
  where: { channel: string; ts: string; threadTs: string },
  message: MessagePayload<AnyBlock>,
): Promise<boolean> {
  try {
    await replaceOrPost(client, where, message);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, slack: slackErrorDetail(error), channel: where.channel, ts: where.ts }, "Slack refused the result in place of a working message; telling the user");
    const sentence = userMessageFor(error, { ref: ctx.log.ref });
    const told: MessagePayload<AnyBlock> = { text: sentence, blocks: [section(sentence)] };
    try {
      await updateMessage(client, where, told);
    } catch (second) {
      await postMessage(client, { channel: where.channel, message: told, threadTs: where.threadTs }).catch((third: unknown) =>
        ctx.log.warn({ err: third, slack: slackErrorDetail(third), first: slackErrorDetail(second) }, "could not tell the user why the working message stayed"),
      );
    }
    return false;
  }
}

/**
 * The response_url twin of replaceWorkingMessage, for working lines shown through a response_url
 * (Searching…, Refreshing…, Fetching document…, a PACER search running): when Slack refuses the
 * result (invalid_blocks, msg_too_long, an expired or used-up URL), the working line becomes the
 * classifier's sentence with the ref, or, if that is refused too, the sentence is added for the
 * user; the detail is logged at warn (issue 15 item 2). Never throws; false when the result is
 * not shown. docs.slack.dev/interactivity/handling-user-interaction#message_responses.
 */
export async function respondInPlace(respond: RespondFn, ctx: Pick<RequestContext, "log">, body: RespondArguments): Promise<boolean> {
  try {
    await respond(body);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, slack: slackErrorDetail(error) }, "Slack refused the result in place of a working line; telling the user");
    const text = userMessageFor(error, { ref: ctx.log.ref });
    const kind = body.response_type ? { response_type: body.response_type } : {};
    await respond({ ...kind, replace_original: body.replace_original === true, text })
      .catch(() => respond({ response_type: "ephemeral", replace_original: false, text }))
      .catch((err: unknown) => ctx.log.warn({ err, slack: slackErrorDetail(err) }, "could not tell the user why the working line stayed"));
    return false;
  }
}

/** A response_url body for a rendered message, unfurling off; `extra` sets response_type and the like. */
export function responseBody(payload: MessagePayload, extra: RespondArguments = {}): RespondArguments {
  return { ...toSlack(payload), ...NO_UNFURL, ...extra };
}

/** A response_url body only the user sees. */
export function ephemeral(p: MessagePayload | string): RespondArguments {
  return typeof p === "string" ? { response_type: "ephemeral", text: p } : { response_type: "ephemeral", ...toSlack(p) };
}

/** Replaces the message the response_url belongs to (a working line), for the user only. */
export async function replaceForUser(respond: RespondFn, ctx: RequestContext, p: MessagePayload | string): Promise<void> {
  await respond({ ...ephemeral(p), replace_original: true }).catch((err: unknown) => ctx.log.warn({ err }, "could not answer the user"));
}

/** Adds a message for the user only, leaving the original as it is. */
export async function addForUser(respond: RespondFn, ctx: RequestContext, p: MessagePayload | string): Promise<void> {
  await respond({ ...ephemeral(p), replace_original: false }).catch((err: unknown) => ctx.log.warn({ err }, "could not answer the user"));
}

/**
 * The working line goes, and the result is posted for the whole channel (through the
 * response_url, which works whether or not the bot is a member). If the channel post fails, the
 * user still gets the result.
 */
export async function announce(respond: RespondFn, ctx: RequestContext, p: MessagePayload, opts: { dropOriginal: boolean }): Promise<void> {
  if (opts.dropOriginal) {
    await respond({ delete_original: true }).catch((err: unknown) => ctx.log.debug({ err }, "could not remove the working message"));
  }
  try {
    await respond({ response_type: "in_channel", replace_original: false, ...toSlack(p) });
  } catch (err) {
    ctx.log.warn({ err }, "could not post to the channel; telling the user instead");
    await addForUser(respond, ctx, p);
  }
}

/**
 * Replaces the ephemeral message a stored response_url belongs to, after its request is over (a
 * held fee's card, once an admin decides): Slack takes "up to 5 times within 30 minutes"
 * (docs.slack.dev/interactivity/handling-user-interaction#message_responses). The URL was stored,
 * so it is posted to only on Slack's host for them (hooks.slack.com) or the Web API's own host (a
 * stand-in's, SLACK_API_URL); it is a bearer capability, so an error names only its host. Throws
 * when refused, for the caller to log.
 */
export async function replaceThroughResponseUrl(client: WebClient, responseUrl: string, p: MessagePayload): Promise<void> {
  const url = new URL(responseUrl);
  const apiOrigin = typeof client.slackApiUrl === "string" ? new URL(client.slackApiUrl).origin : undefined;
  const slacks = url.protocol === "https:" && url.hostname === "hooks.slack.com";
  if (!slacks && url.origin !== apiOrigin) throw new Error(`not a Slack response_url host: ${url.host}`);
  const res = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...ephemeral(p), ...NO_UNFURL, replace_original: true }),
    signal: AbortSignal.timeout(10_000),
  });
  // Slack answers `{"ok":true}` (or plain "ok"); a refusal is a 4xx, or `ok: false` with its code.
  const answer = await res.text().catch(() => "");
  const refused = /"ok"\s*:\s*false/.test(answer) ? (/"error"\s*:\s*"([a-z_]{1,40})"/.exec(answer)?.[1] ?? "refused") : undefined;
  if (!res.ok || refused) throw new Error(`the response_url at ${url.host} refused the update: HTTP ${res.status}${refused ? ` ${refused}` : ""}`);
}

/**
 * A sentence only the user sees, when there is no response_url (view submissions): ephemeral in
 * the conversation, or, where the bot cannot post (not a member) or there is no conversation, in
 * the app's DM with them.
 */
export async function tellUserPrivately(client: WebClient, ctx: RequestContext, conversation: string | undefined, text: string): Promise<void> {
  try {
    if (conversation && !conversation.startsWith("U")) {
      await client.chat.postEphemeral({ channel: conversation, user: ctx.userId, text });
      return;
    }
  } catch (error) {
    ctx.log.info({ err: error }, "could not post ephemeral; writing to the user's DM");
  }
  await client.chat.postMessage({ channel: ctx.userId, text }).catch((err: unknown) => ctx.log.warn({ err }, "could not tell the user"));
}

/**
 * A stand-in for a response_url when there is none any more (a fee action approved later, issue
 * 14): what would have replaced the user's ephemeral card is posted for them alone, in the channel
 * (chat.postEphemeral) or, from a DM, in the app's DM with them.
 */
export function responderFor(client: WebClient, where: { channel: string; userId: string }): RespondFn {
  return async (message) => {
    const body = typeof message === "string" ? { text: message } : message;
    const { text, blocks } = body as { text?: string; blocks?: KnownBlock[] };
    const content = { text: text ?? "", ...(blocks ? { blocks } : {}), ...NO_UNFURL };
    if (/^[CG]/.test(where.channel)) await client.chat.postEphemeral({ channel: where.channel, user: where.userId, ...content });
    else await client.chat.postMessage({ channel: where.userId, ...content });
    // Callers only await a response_url post; none reads what it returned.
    return undefined as never;
  };
}

