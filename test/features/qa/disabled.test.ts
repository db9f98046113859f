/**
 * Without any AI provider key (PROVIDERONE_KEY, PROVIDERTWO_KEY) Q&A is off, and every way in says
 * so plainly, at once, without calling the service.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QA_DISABLED } from "../../../src/features/qa/views/question.ts";
import { actions, button } from "../../../src/slack/blockkit/blocks.ts";
import { ACTION, encodeValue } from "../../../src/slack/blockkit/ids.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads } from "./helpers.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { PROVIDERONE_KEY: "", PROVIDERTWO_KEY: "" } });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

describe("Q&A without a provider key", () => {
  it("/docket ask answers in the acknowledgement, only to the user", async () => {
    const d = await h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 Who is the judge?", user: ADMIN, channel: ACME_CHANNEL });
    expect(d.body).toEqual({ response_type: "ephemeral", text: QA_DISABLED });
    expect(h.slack.state.messages(ACME_CHANNEL)).toEqual([]);
  });

  it("the Ask button says so instead of opening the modal", async () => {
    const res = await h.bot.slack!.app.client.chat.postMessage({
      channel: ACME_CHANNEL, text: "case", blocks: [actions([button({ text: "Ask", actionId: ACTION.askCase, value: encodeValue(FLAGSHIP) })])] as never,
    });
    await h.slack.sendBlockAction({ user: ADMIN, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: res.ts! });
    await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN).find((e) => e.text === QA_DISABLED));
    expect(h.slack.state.modals(ADMIN)).toEqual([]);
  });

  it("a mention naming a case gets the sentence in its thread", async () => {
    const posted = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> nysd 1:23-cv-01234 who is the judge?" });
    const [reply] = await h.slack.waitFor(() => {
      const r = botReplies(h, ACME_CHANNEL, posted.ts);
      return r.length > 0 ? r : undefined;
    });
    expect(reply!.text).toBe(QA_DISABLED);
    expect(h.docket.ledger.count({ endpoint: "ask_docket" })).toBe(0);
    expectValidPayloads(h);
  });
});
