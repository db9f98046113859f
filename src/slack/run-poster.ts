/**
 * A scheduled post's door to Slack (digests, court-date reminders): post a message carrying
 * message metadata that names its run (docs.slack.dev/messaging/message-metadata), and find such a
 * message again in the channel's history. A scheduler looks before it posts a run that was claimed
 * but never finished (a crash between post and finish), so a restart never posts one run twice.
 * It goes over the outbox's own client (retries off: the scheduler owns retrying); failures come
 * out as SlackCallErrors. Each schedule names its runs with its own metadata event type.
 */
import type { WebClient } from "@slack/web-api";
import { z } from "zod";
import type { MessagePayload } from "./blockkit/blocks.ts";
import { NO_UNFURL, toSlack } from "./outbound.ts";
import { classifySlackError, SlackCallError } from "./slack-errors.ts";

/** The metadata payload of a run's message. */
export interface RunMetadata {
  run_id: number;
}

export interface RunPoster {
  post(input: { channel: string; message: MessagePayload; runId: number }): Promise<{ ts: string }>;
  /** The ts of the channel's message carrying run `runId`, read back to `oldestMs`; undefined if none. */
  findPosted(input: { channel: string; runId: number; oldestMs: number }): Promise<string | undefined>;
}

export interface RunPosterOptions {
  /** History pages (of 200) read at most; a busier channel is read only this far back. */
  maxPages?: number | undefined;
  /** The metadata event type naming this schedule's runs (`docketbot_digest`, …). */
  eventType: string;
}

const Posted = z.looseObject({ ts: z.string().min(1) });
const RunPayload = z.looseObject({ run_id: z.coerce.number().int().positive() });
const Page = z.looseObject({
  messages: z
    .array(z.looseObject({ ts: z.string(), metadata: z.looseObject({ event_type: z.string(), event_payload: z.unknown() }).optional().catch(undefined) }))
    .default([]),
  response_metadata: z.looseObject({ next_cursor: z.string().optional() }).optional(),
});

function parsed<T>(schema: z.ZodType<T>, value: unknown, method: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new SlackCallError({
    kind: "transient", code: "invalid_response", method,
    cause: new Error(`${method}: unexpected ${issue?.path.join(".") || "(response)"}: ${issue?.message ?? "?"}`),
  });
}

/** A Slack ts ("seconds.micros") for a clock time. */
const slackTs = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(6);

export function createRunPoster(client: WebClient, options: RunPosterOptions): RunPoster {
  const maxPages = options.maxPages ?? 10;
  const { eventType } = options;
  const call = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      throw classifySlackError(e, method);
    }
  };
  return {
    async post({ channel, message, runId }) {
      const metadata: RunMetadata = { run_id: runId };
      const res = await call("chat.postMessage", () =>
        client.chat.postMessage({
          channel, ...toSlack(message), metadata: { event_type: eventType, event_payload: { ...metadata } }, ...NO_UNFURL,
        }),
      );
      return { ts: parsed(Posted, res, "chat.postMessage").ts };
    },
    async findPosted({ channel, runId, oldestMs }) {
      let cursor: string | undefined;
      for (let page = 0; page < maxPages; page++) {
        const res = await call("conversations.history", () =>
          client.conversations.history({
            channel, include_all_metadata: true, limit: 200, oldest: slackTs(oldestMs), ...(cursor ? { cursor } : {}),
          }),
        );
        const p = parsed(Page, res, "conversations.history");
        for (const m of p.messages) {
          if (m.metadata?.event_type !== eventType) continue;
          const payload = RunPayload.safeParse(m.metadata.event_payload);
          if (payload.success && payload.data.run_id === runId) return m.ts;
        }
        cursor = p.response_metadata?.next_cursor || undefined;
        if (!cursor) return undefined;
      }
      return undefined;
    },
  };
}
