/**
 * What every Slack request costs before a handler runs. Bolt's conversation store
 * (context.conversation / updateConversation, tools.slack.dev/bolt-js/concepts/conversation-store)
 * is off: nothing reads it, its memory store cannot be shared between replicas, and it looked up
 * every request's conversation. And the routers mounted ahead of the receiver (metrics, calendar
 * feeds, pushes) see only their own paths: one that matches nothing ends with a setImmediate, so
 * each used to cost every Slack request an event-loop turn before Bolt saw it.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { ACME_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-COST");
});
afterAll(async () => {
  await h?.close();
});

it("runs no conversation-store middleware: a command's context has neither conversation nor updateConversation", async () => {
  const seen: string[] = [];
  h.bot.slack!.app.use(async ({ context, next }) => {
    seen.push(["conversation", "updateConversation"].filter((k) => k in context).join(",") || "none");
    await next();
  });
  const d = await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL });
  expect(d.status).toBe(200);
  expect(seen).toEqual(["none"]);
});

it("reaches the Slack receiver without a turn of the event loop spent in routers that are not its own", async () => {
  const routerTurns: string[] = [];
  const real = globalThis.setImmediate;
  const spy = vi.spyOn(globalThis, "setImmediate").mockImplementation(((fn: (...a: unknown[]) => void, ...args: unknown[]) => {
    const stack = new Error().stack ?? "";
    if (/node_modules[\\/]router[\\/]/.test(stack)) routerTurns.push(stack.split("\n")[2] ?? "");
    return real(fn, ...args);
  }) as typeof setImmediate);
  try {
    const d = await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL });
    expect(d.status).toBe(200);
    expect(routerTurns).toEqual([]);
  } finally {
    spy.mockRestore();
  }
});
