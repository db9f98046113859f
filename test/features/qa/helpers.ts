/**
 * Shared by the Q&A end-to-end tests: finding the messages the bot posted, waiting for an answer
 * to replace its placeholder, and checking every payload the bot sent Slack.
 */
import { expect } from "vitest";
import type { ApiCall, SlackMessage } from "../../../sandbox/slack/types.ts";
import type { BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidMessage, expectValidView } from "../../helpers/blockkit.ts";

export const textOf = (m: Pick<SlackMessage, "text" | "blocks">): string => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

const isPlaceholder = (m: SlackMessage) => m.text.startsWith("Reading the ");

/** The bot's replies in a thread (not the root), oldest first. */
export function botReplies(h: BotHarness, channel: string, rootTs: string): SlackMessage[] {
  return h.slack.state.thread(channel, rootTs).filter((m) => m.ts !== rootTs && m.bot_id !== undefined);
}

/** Waits until the thread has `count` bot replies and none is still "Reading the docket…". */
export async function waitForReplies(h: BotHarness, channel: string, rootTs: string, count: number, timeoutMs = 5000): Promise<SlackMessage[]> {
  return h.slack.waitFor(
    () => {
      const replies = botReplies(h, channel, rootTs);
      return replies.length >= count && !replies.some(isPlaceholder) ? replies : undefined;
    },
    { timeoutMs, what: `${count} finished bot replies in thread ${rootTs}` },
  );
}

/** The root message the bot posted in `channel` after call number `from` (its first top-level post). */
export async function rootPostedSince(h: BotHarness, from: number, channel: string): Promise<string> {
  const call = await h.slack.waitFor(
    () => h.slack.calls.slice(from).find((c) => c.method === "chat.postMessage" && c.params.channel === channel && c.params.thread_ts === undefined && c.ok),
    { what: "the question's root message" },
  );
  return (call.response as { ts: string }).ts;
}

/** Every message and view the bot sent since call number `from` passes both Block Kit checks. */
export function expectValidPayloads(h: BotHarness, from = 0): ApiCall[] {
  const calls = h.slack.calls.slice(from);
  for (const c of calls) {
    if (c.method === "chat.postMessage" || c.method === "chat.update" || c.method === "chat.postEphemeral") {
      expect(c.ok, `${c.method} failed: ${c.error}`).toBe(true);
      expectValidMessage({ text: c.params.text, blocks: (c.params.blocks as unknown[] | undefined) ?? [] });
    }
    if (c.method === "views.open") {
      expect(c.ok, `views.open failed: ${c.error}`).toBe(true);
      expectValidView(c.params.view as Record<string, unknown>);
    }
  }
  return calls;
}
