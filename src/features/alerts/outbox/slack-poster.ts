/**
 * The outbox's only door to Slack: the few Web API calls it makes, over its OWN WebClient with
 * retries off and 429s rejected (issue 5: "the outbox owns retrying"; a client that slept on a
 * Retry-After itself would hold the channel's lane without the store knowing why). Every failure
 * comes out as a SlackCallError (slack/slack-errors.ts); responses are checked with zod at this edge.
 *
 * Every alert message carries message metadata naming its delivery
 * (docs.slack.dev/messaging/message-metadata), which is how a restart finds what it already posted.
 */
import { webApi, type Logger as SlackLogger } from "@slack/bolt";
import type { FetchFunction, WebClient } from "@slack/web-api";
import { z } from "zod";
import type { AnyBlock, MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { NO_UNFURL, toSlack } from "../../../slack/outbound.ts";
import { classifySlackError, SlackCallError } from "../../../slack/slack-errors.ts";

export const ALERT_EVENT_TYPE = "docketbot_alert";

/** The metadata payload: which delivery, and which message of it (`part` of `parts`, or its case root). */
export interface AlertMetadata {
  delivery_id: number;
  role: "root" | "alert";
  part?: number;
  parts?: number;
}

export interface FoundMessage {
  ts: string;
  threadTs?: string | undefined;
  /** Present when the message is one of our alerts (event_type docketbot_alert with a delivery id). */
  alert?: AlertMetadata | undefined;
}

export interface MessagePage {
  messages: FoundMessage[];
  nextCursor?: string | undefined;
}

export interface PageOptions {
  /** Slack ts (seconds) before which nothing is returned. */
  oldest?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface SlackPoster {
  /**
   * `broadcast`: a thread reply also shown in the channel (reply_broadcast, docs.slack.dev
   * chat.postMessage): how a significant filing reaches the channel from its case thread.
   */
  post(input: { channel: string; message: MessagePayload<AnyBlock>; threadTs?: string | undefined; broadcast?: boolean | undefined; metadata?: AlertMetadata | undefined }): Promise<{ ts: string }>;
  update(input: { channel: string; ts: string; message: MessagePayload<AnyBlock> }): Promise<void>;
  history(channel: string, options: PageOptions): Promise<MessagePage>;
  replies(channel: string, threadTs: string, options: PageOptions): Promise<MessagePage>;
  /** A plain-text DM to a user (chat.postMessage to a user id posts in the app's DM with them). */
  dm(user: string, text: string): Promise<void>;
}

const Posted = z.looseObject({ ts: z.string().min(1) });

const AlertPayload = z.looseObject({
  delivery_id: z.coerce.number().int().positive(),
  role: z.enum(["root", "alert"]).catch("alert"),
  part: z.coerce.number().int().positive().optional().catch(undefined),
  parts: z.coerce.number().int().positive().optional().catch(undefined),
});

const Message = z.looseObject({
  ts: z.string(),
  thread_ts: z.string().optional(),
  metadata: z.looseObject({ event_type: z.string(), event_payload: z.unknown() }).optional().catch(undefined),
});

const Page = z.looseObject({
  messages: z.array(Message).default([]),
  has_more: z.boolean().optional(),
  response_metadata: z.looseObject({ next_cursor: z.string().optional() }).optional(),
});

function parsed<T>(schema: z.ZodType<T>, value: unknown, method: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join(".") || "(response)";
  // A response of the wrong shape is its own error naming the field; retried like a 5xx.
  throw new SlackCallError({ kind: "transient", code: "invalid_response", method, cause: new Error(`${method}: unexpected ${field}: ${issue?.message ?? "?"}`) });
}

function toFound(m: z.infer<typeof Message>): FoundMessage {
  const found: FoundMessage = { ts: m.ts, threadTs: m.thread_ts };
  if (m.metadata?.event_type === ALERT_EVENT_TYPE) {
    const payload = AlertPayload.safeParse(m.metadata.event_payload);
    if (payload.success) found.alert = payload.data;
  }
  return found;
}

function toPage(value: unknown, method: string): MessagePage {
  const page = parsed(Page, value, method);
  const next = page.response_metadata?.next_cursor;
  return { messages: page.messages.map(toFound), nextCursor: next ? next : undefined };
}

export function createSlackPoster(client: WebClient): SlackPoster {
  const call = async <T>(method: string, threadOp: boolean, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw classifySlackError(e, method, threadOp);
    }
  };
  return {
    async post({ channel, message, threadTs, broadcast, metadata }) {
      const common = {
        channel,
        ...toSlack(message),
        ...(metadata ? { metadata: { event_type: ALERT_EVENT_TYPE, event_payload: { ...metadata } } } : {}),
        // Entries link to the service's site; previews of every link would bury the alert.
        ...NO_UNFURL,
      };
      const res = await call("chat.postMessage", threadTs !== undefined, () =>
        client.chat.postMessage(
          threadTs === undefined ? common
          : broadcast ? { ...common, thread_ts: threadTs, reply_broadcast: true as const }
          : { ...common, thread_ts: threadTs },
        ),
      );
      return { ts: parsed(Posted, res, "chat.postMessage").ts };
    },
    async update({ channel, ts, message }) {
      await call("chat.update", true, () => client.chat.update({ channel, ts, ...toSlack(message) }));
    },
    async history(channel, o) {
      const res = await call("conversations.history", false, () =>
        client.conversations.history({
          channel, include_all_metadata: true, limit: o.limit ?? 200,
          ...(o.oldest !== undefined ? { oldest: o.oldest } : {}),
          ...(o.cursor !== undefined ? { cursor: o.cursor } : {}),
        }),
      );
      return toPage(res, "conversations.history");
    },
    async replies(channel, threadTs, o) {
      const res = await call("conversations.replies", true, () =>
        client.conversations.replies({
          channel, ts: threadTs, include_all_metadata: true, limit: o.limit ?? 200,
          ...(o.oldest !== undefined ? { oldest: o.oldest } : {}),
          ...(o.cursor !== undefined ? { cursor: o.cursor } : {}),
        }),
      );
      return toPage(res, "conversations.replies");
    },
    async dm(user, text) {
      await call("chat.postMessage", false, () => client.chat.postMessage({ channel: user, text, unfurl_links: false }));
    },
  };
}

export interface OutboxSlackClientOptions {
  botToken: string;
  /** SLACK_API_URL. */
  apiUrl: string;
  /** The Web API logger (main passes the Bolt adapter, so lines are pino JSON). */
  logger?: SlackLogger | undefined;
  /** Per request; a timeout is a transient failure the outbox retries (default 10 s). */
  timeoutMs?: number | undefined;
  /** The transport (main passes slack/timed-fetch.ts, which times each call for /metrics). */
  fetch?: FetchFunction | undefined;
}

/** The outbox's own client: no retries inside the SDK, 429s handed back at once. */
export function createOutboxSlackClient(o: OutboxSlackClientOptions): WebClient {
  return new webApi.WebClient(o.botToken, {
    slackApiUrl: o.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: o.timeoutMs ?? 10_000,
    ...(o.logger ? { logger: o.logger } : {}),
    ...(o.fetch ? { fetch: o.fetch } : {}),
  });
}
