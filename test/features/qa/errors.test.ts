/**
 * Failures while answering replace the "working" placeholder with the user's sentence and the ref
 * (issue 4, Errors users see). The bot's clock sleeps briefly here, so the client's retries on a
 * busy service take milliseconds instead of seconds; timeouts are real time either way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, type Clock } from "../../../src/clock.ts";
import { ASK_BLOCK } from "../../../src/features/qa/views/ask-modal.ts";
import { CALLBACK } from "../../../src/slack/blockkit/ids.ts";
import { CANNOT_POST } from "../../../src/slack/slack-errors.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidPayloads, rootPostedSince, textOf, waitForReplies } from "./helpers.ts";

const quickSleeps: Clock = { now: () => Date.now(), sleep: (ms, signal) => systemClock.sleep(Math.min(ms, 5), signal) };

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ clock: quickSleeps });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

async function askAndWait(text: string) {
  const from = h.slack.calls.length;
  await h.slack.sendCommand({ text, user: ADMIN, channel: ACME_CHANNEL });
  const rootTs = await rootPostedSince(h, from, ACME_CHANNEL);
  const [reply] = await waitForReplies(h, ACME_CHANNEL, rootTs, 1);
  expectValidPayloads(h, from);
  return reply!;
}

describe("errors replace the placeholder with a sentence and a ref", () => {
  it("case not found: says what was looked up and what to do, never the service's own text", async () => {
    const reply = await askAndWait("ask nysd 1:23-cv-99999 What is the status?");
    expect(reply.text).toMatch(/^I couldn't find 1:23-cv-99999 in S\.D\.N\.Y\. Check the court and docket number, or try .\/docket search.\. \(ref [0-9a-f]{8}\)$/);
    expect(textOf(reply)).toContain(":warning:");
    expect(textOf(reply)).not.toMatch(/Could not find|court=/);
  });

  it("service busy after the client's retries", async () => {
    h.docket.faults.failNext("ask_docket", 502, 10);
    const reply = await askAndWait("ask nysd 1:23-cv-01234 What is the status?");
    h.docket.faults.reset();
    expect(reply.text).toMatch(/^The docket service is busy; .*\(ref [0-9a-f]{8}\)$/);
  });

  it("a malformed answer from the service", async () => {
    h.docket.faults.malformNext("ask_docket", "wrong-shape");
    const reply = await askAndWait("ask nysd 1:23-cv-01234 What is the status?");
    expect(reply.text).toMatch(/^The docket service answered with an error\. .*\(ref [0-9a-f]{8}\)$/);
  });
});

describe("a conversation the bot is not in", () => {
  it("/docket ask tells the user how to invite the bot, only to them", async () => {
    h.slack.removeBotFrom(IP_CHANNEL);
    try {
      await h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 Who is the judge?", user: ADMIN, channel: IP_CHANNEL });
      const note = await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN, IP_CHANNEL).find((e) => e.text === CANNOT_POST));
      expect(note.source).toBe("response_url");
      expect(h.slack.state.messages(IP_CHANNEL)).toEqual([]);
    } finally {
      h.slack.addBotTo(IP_CHANNEL);
    }
  });

  it("a modal submitted from there: the sentence goes to the user's DM with the app", async () => {
    h.slack.removeBotFrom(IP_CHANNEL);
    try {
      const posted = await h.slack.postUserMessage({ user: ADMIN, channel: IP_CHANNEL, text: "What about nysd 1:23-cv-01234?" });
      await h.slack.sendMessageShortcut({ callbackId: CALLBACK.askShortcut, user: ADMIN, channel: IP_CHANNEL, message: posted.ts });
      await h.slack.waitFor(() => h.slack.state.modals(ADMIN).at(-1));
      await h.slack.sendViewSubmission({ user: ADMIN, values: { [ASK_BLOCK.question]: "Who is the judge?", [ASK_BLOCK.target]: "docket" } });
      const dm = await h.slack.waitFor(() => h.slack.state.messages("D0ANN").find((m) => m.text === CANNOT_POST));
      expect(dm.bot_id).toBeDefined();
    } finally {
      h.slack.addBotTo(IP_CHANNEL);
    }
  });
  it("/docket ask in a direct message between two people moves to the asker's DM with the app, and says so", async () => {
    // A person-to-person DM: the app is not a member and nobody can /invite it there (issue 15 item 6).
    h.slack.addConversation({
      id: "D0ANNMO", name: "", is_im: true, is_private: true, is_archived: false, created: 1_700_000_000, creator: ADMIN,
      topic: "", purpose: "", members: new Set([ADMIN, "U0MEMBER"]),
    });
    const from = h.slack.calls.length;
    await h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 Who is the judge?", user: ADMIN, channel: "D0ANNMO" });
    const note = await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN, "D0ANNMO").at(-1));
    expect(note.text).toContain("I can't post in a direct message between people");
    expect(note.text).not.toContain("/invite");
    expect(h.slack.state.messages("D0ANNMO")).toEqual([]);
    // Posted to the asker's user id, which is the app's DM with them (D0ANN in the stand-in).
    const root = await h.slack.waitFor(() => h.slack.state.messages("D0ANN").find((m) => textOf(m).includes("Who is the judge?")));
    // The app DM has no matter: the asker picks one of their channels' (issue 14 item 5), then it is answered.
    const [chooser] = await waitForReplies(h, "D0ANN", root.ts, 1);
    expect(textOf(chooser!)).toContain("Which matter is it for?");
    await h.slack.sendBlockAction({ user: ADMIN, channel: "D0ANN", message: chooser!.ts, actionId: "fee_matter:0" });
    const replies = await waitForReplies(h, "D0ANN", root.ts, 2);
    expect(textOf(replies.at(-1)!)).toContain("judge");
    // The one refused call is the root in the people's DM; everything after it went through.
    const refused = h.slack.calls.slice(from).filter((c) => !c.ok);
    expect(refused.map((c) => [c.method, c.error])).toEqual([["chat.postMessage", "not_in_channel"]]);
  });
});

describe("a question over the length limit", () => {
  it("is not lost: the Ask form opens with it, cut at a word to the limit, and the user is told why", async () => {
    const long = `Summarise every ruling on discovery so far, ${"including the privilege log disputes and the expert schedule ".repeat(20)}please.`;
    expect(long.length).toBeGreaterThan(1_000);
    const modals = h.slack.state.modals(ADMIN).length;
    const delivery = await h.slack.sendCommand({ text: `ask nysd 1:23-cv-01234 ${long}`, user: ADMIN, channel: ACME_CHANNEL });
    expect(delivery.status).toBe(200);
    const modal = await h.slack.waitFor(() => h.slack.state.modals(ADMIN)[modals]);
    const input = JSON.stringify(modal).match(/"initial_value":"([^"]*)"/)?.[1] ?? "";
    expect(input.length).toBeGreaterThan(900);
    expect(input.length).toBeLessThanOrEqual(1_000);
    expect(long.startsWith(input.replace(/…$/, ""))).toBe(true);
    const note = await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).find((e) => e.text.startsWith("Keep the question under 1,000 characters")));
    expect(note.text).toContain("I opened the Ask form with your question so you can shorten it there.");
  });
});
