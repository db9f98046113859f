/**
 * Issue 25 item 3 over real HTTP: "@docketbot what does the latest order require us to do, and by
 * when?" in a case's alert thread is a question about that case (the store's case thread for the
 * channel, matched by its root), answered in the thread under the same fee rules and billed to the
 * matter the alerts come for; a mention without a case in a thread that is no case's still gets
 * the how-to.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads, textOf, waitForReplies } from "./helpers.ts";

const USER = "hook";
const PASS = "alert-thread-pw";
let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ env: { PUSH_USERNAME: USER, PUSH_PASSWORD: PASS } });
  const { port } = new URL(h.bot.url);
  h.docket.setPushUrl("demo", `http://${USER}:${PASS}@127.0.0.1:${port}/docket/push`);
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "ACME-001" });
});
afterAll(async () => {
  await h?.close();
});

const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";

describe("a mention in a case's alert thread", () => {
  it("is answered about the thread's case, billed to its matter", async () => {
    await h.docket.triggerPush({ ...FLAGSHIP, filings: ["order", "routine"] });
    const root = await h.slack.waitFor(() => {
      const top = h.slack.state.messages(ACME_CHANNEL).find((m) => !isBroadcast(m) && m.bot_id);
      return top && h.slack.state.thread(ACME_CHANNEL, top.ts).length === 3 ? top : undefined;
    }, { timeoutMs: 10_000, what: "the alert thread" });
    const from = h.slack.calls.length;
    const before = botReplies(h, ACME_CHANNEL, root.ts).length;
    await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> what does the latest order require us to do, and by when?", threadTs: root.ts });
    const replies = await waitForReplies(h, ACME_CHANNEL, root.ts, before + 1);
    const answer = textOf(replies.at(-1)!);
    expect(answer).not.toContain("Mention me with a case");
    expect(answer).toContain("Acme Widgets, Inc. v. Globex Corporation"); // the case named, as a mention's answer is
    expect(answer).toMatch(/requires: .*By when:/);
    expect(answer).toContain("billed to ACME-001");
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" }).at(-1)).toMatchObject({ client_matter: "ACME-001" });
    // The thread is now a Q&A thread too: the next mention follows up there.
    const binding = await h.store.getThread({ teamId: "T0DOCKET", channelId: ACME_CHANNEL, threadTs: root.ts });
    expect(binding).toMatchObject({ court: "New York Southern District Court", docket: FLAGSHIP.docket, clientMatter: "ACME-001" });
    expectValidPayloads(h, from);
  });

  it("in a thread that is no case's, a mention without a case still gets the how-to", async () => {
    const top = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "lunch?" });
    const ts = top.message.ts;
    await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> what does the latest order require?", threadTs: ts });
    const [reply] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
    expect(textOf(reply!)).toContain("Mention me with a case");
  });
});
