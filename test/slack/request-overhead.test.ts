/**
 * What every Slack request costs before a handler runs. Bolt's conversation store
 * (context.conversation / updateConversation, tools.slack.dev/bolt-js/concepts/conversation-store)
 * is off: nothing reads it, its memory store cannot be shared between replicas, and it looked up
 * every request's conversation. And the routers mounted ahead of the receiver (metrics, calendar
 * feeds, pushes) see only their own paths: one that matches nothing ends with a setImmediate, so
 * each used to cost every Slack request an event-loop turn before Bolt saw it. And once a command
 * is acknowledged Bolt's dispatch is over, though the handler still waits on the docket service:
 * what Bolt and the receiver hold for a request is let go instead of piling up behind the service.
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

it("lets Bolt's dispatch finish once a command is acked, while its docket call still hangs", async () => {
  const app = h.bot.slack!.app;
  const dispatch = app.processEvent.bind(app);
  let settledAt: number | undefined;
  app.processEvent = (event) => {
    const p = dispatch(event);
    void p.finally(() => (settledAt ??= performance.now()));
    return p;
  };
  h.docket.faults.delayNext("getdocket", 4_000, 5);
  const calls = () => h.docket.ledger.filter({ endpoint: "getdocket" }).length;
  try {
    const before = calls();
    const sentAt = performance.now();
    const d = await h.slack.sendCommand({ text: "case nysd 1:23-cv-07777", user: MEMBER, channel: ACME_CHANNEL });
    expect(JSON.stringify(d.body)).toMatch(/Getting 1:23-cv-07777/);
    await h.slack.waitFor(() => settledAt !== undefined, { timeoutMs: 3_000, what: "Bolt's dispatch to finish" });
    expect(settledAt! - sentAt).toBeLessThan(2_000);
    // The service holds the lookup 4 s: Bolt was done long before it; the lookup still runs to its end.
    await h.slack.waitFor(() => calls() > before, { timeoutMs: 10_000, what: "the lookup" });
  } finally {
    app.processEvent = dispatch;
    h.docket.faults.reset();
  }
});
