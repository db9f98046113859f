/**
 * What every Slack request costs before a handler runs. Bolt's conversation store
 * (context.conversation / updateConversation, tools.slack.dev/bolt-js/concepts/conversation-store)
 * is off: nothing reads it, its memory store cannot be shared between replicas, and it looked up
 * every request's conversation.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
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
