/**
 * Shared by the tracking end-to-end tests: run a command and check its ack, wait for what the bot
 * posted through response_urls and the Web API, and check every payload against Block Kit.
 */
import { expect } from "vitest";
import type { Delivery } from "../../../sandbox/slack/bot-client.ts";
import type { ResponseUrlPost } from "../../../sandbox/slack/response-urls.ts";
import type { SlackMessage } from "../../../sandbox/slack/types.ts";
import { checkMessageLimits } from "../../../src/slack/blockkit/limits.ts";
import { expectValidMessage as expectValidBlocks, expectValidView } from "../../helpers/blockkit.ts";
import type { BotHarness } from "../../helpers/bot-harness.ts";

/**
 * A message with blocks goes through both Block Kit checks; a text-only one (Slack accepts those:
 * our one-sentence errors) through our own limits check, since the schema wants blocks when given.
 */
export function expectValidMessage(m: { text?: unknown; blocks?: unknown[] | undefined }): void {
  if (m.blocks && m.blocks.length > 0) expectValidBlocks({ text: m.text, blocks: m.blocks });
  else expect(checkMessageLimits({ text: m.text })).toEqual([]);
}

export const textOf = (m: { text?: unknown; blocks?: unknown }): string => `${String(m.text ?? "")}\n${JSON.stringify(m.blocks ?? [])}`;

export interface Mark {
  calls: number;
  responses: number;
}

export const mark = (h: BotHarness): Mark => ({ calls: h.slack.calls.length, responses: h.slack.responses.length });

/** Sends `/docket <text>`; the ack must be a fast 200, and a body, if any, a valid message. */
export async function command(h: BotHarness, text: string, user: string, channel: string): Promise<Delivery> {
  const d = await h.slack.sendCommand({ text, user, channel });
  expect(d.status).toBe(200);
  expect(d.lateAck).toBe(false);
  expect(d.ackMs).toBeLessThan(3000);
  if (d.body !== "" && typeof d.body === "object") expectValidMessage(d.body as { text?: unknown; blocks?: unknown[] });
  return d;
}

export const ackBody = (d: Delivery) => d.body as { text: string; blocks?: unknown[]; response_type?: string };

/** The first response_url post since `from` that matches. */
export function waitForResponse(h: BotHarness, from: Mark, match: (p: ResponseUrlPost) => boolean, what = "a response_url post"): Promise<ResponseUrlPost> {
  return h.slack.waitFor(() => h.slack.responses.slice(from.responses).find((p) => p.status === 200 && match(p)), { what });
}

export const bodyOf = (p: ResponseUrlPost) => p.body as { text?: string; blocks?: unknown[]; response_type?: string; replace_original?: boolean; delete_original?: boolean };

export const inChannel = (p: ResponseUrlPost) => p.outcome === "in_channel";

/** Waits for the bot's in-channel post since `from` (through a response_url). */
export async function channelPost(h: BotHarness, from: Mark, what = "the channel post"): Promise<SlackMessage> {
  const p = await waitForResponse(h, from, inChannel, what);
  const channel = h.slack.state.channels().find((c) => h.slack.state.message(c.id, p.ts!))!;
  return h.slack.state.message(channel.id, p.ts!)!;
}

/** Every message and view the bot sent since `from`, through the Web API or response_urls, passes both Block Kit checks. */
export function expectValidPayloads(h: BotHarness, from: Mark = { calls: 0, responses: 0 }): void {
  for (const c of h.slack.calls.slice(from.calls)) {
    if (["chat.postMessage", "chat.update", "chat.postEphemeral"].includes(c.method)) {
      expect(c.ok, `${c.method} failed: ${c.error}`).toBe(true);
      expectValidMessage({ text: c.params.text, blocks: c.params.blocks as unknown[] | undefined });
    }
    if (["views.open", "views.update", "views.publish"].includes(c.method)) {
      expect(c.ok, `${c.method} failed: ${c.error}`).toBe(true);
      expectValidView(c.params.view as Record<string, unknown>);
    }
  }
  for (const p of h.slack.responses.slice(from.responses)) {
    expect(p.status, `response_url post rejected: ${p.error}`).toBe(200);
    const body = bodyOf(p);
    if (body.delete_original) continue;
    expectValidMessage({ text: body.text, blocks: body.blocks });
  }
}

/** The latest ephemeral the user sees in `channel` (acks and response_url posts alike). */
export function lastEphemeral(h: BotHarness, user: string, channel: string) {
  return h.slack.state.ephemerals(user, channel).at(-1);
}
