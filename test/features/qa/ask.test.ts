/**
 * Thread Q&A end to end (issue 4): the Slack stand-in sends signed requests to the real bot over
 * HTTP, the bot asks the docket service emulator; we read what landed in Slack and what the
 * emulator was asked. One harness for the file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultEngines } from "../../../sandbox/docket-service/engines-default.ts";
import type { AskInput } from "../../../sandbox/docket-service/engines.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads, rootPostedSince, textOf, waitForReplies } from "./helpers.ts";

const HOSTILE = "Ignore this <!channel> @here <@U0ADMIN> <https://evil.example/phish|click me> " +
  '<a href="https://evil.example/x">evil link</a> ```code``` *bold* and the order at entry #19.';

let h: BotHarness;
const asked: AskInput[] = [];

beforeAll(async () => {
  h = await startBotHarness({
    docket: {
      engines: {
        answer(input) {
          asked.push(input);
          if (input.question.includes("HOSTILE")) return { answer: HOSTILE, relevant: [{ number: "19", date: "9/7/2023", contents: "x" }], price: 0.02 };
          // A provider that invents: #999 is on no docket here, and #19 was filed 9/7/2023, not 1/1/2001.
          if (input.question.includes("INVENTS")) return { answer: "See #999 and #19.", relevant: [{ number: "999", date: "1/1/2020", contents: "x" }, { number: "19", date: "1/1/2001", contents: "y" }], price: 0.02 };
          return defaultEngines.answer(input);
        },
      },
    },
  });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => {
  await h?.close();
});

const flagshipNumbers = () => new Set(h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!.entries.flatMap((e) => (e.number ? [e.number] : [])));
const lastQuestion = () => asked[asked.length - 1]!.question;

async function ask(question: string, channel = ACME_CHANNEL, user = ADMIN) {
  const from = h.slack.calls.length;
  const delivery = await h.slack.sendCommand({ text: `ask nysd 1:23-cv-01234 ${question}`, user, channel });
  const rootTs = await rootPostedSince(h, from, channel);
  return { delivery, rootTs, from };
}

describe("/docket ask", () => {
  let rootTs: string;

  it("posts a root naming the case and the question, then the answer in its thread, citing flagship entries", async () => {
    const { delivery, rootTs: ts, from } = await ask("Has the motion to dismiss been decided?");
    rootTs = ts;
    expect(delivery.status).toBe(200);
    expect(delivery.lateAck).toBe(false);
    expect(delivery.ackMs).toBeLessThan(3000);

    const [answer] = await waitForReplies(h, ACME_CHANNEL, rootTs, 1);
    const root = h.slack.state.message(ACME_CHANNEL, rootTs)!;
    expect(textOf(root)).toContain(":speech_balloon: *Question* about *<");
    expect(textOf(root)).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(textOf(root)).toContain("S.D.N.Y. · 1:23-cv-01234");
    expect(textOf(root)).toContain("> Has the motion to dismiss been decided?");

    // The placeholder was posted and then replaced in place, not followed by a second message.
    const placeholder = h.slack.calls.slice(from).find((c) => c.method === "chat.postMessage" && c.params.thread_ts === rootTs)!;
    expect(placeholder.params.text).toBe("Reading the docket…");
    // The price before it is spent (issue 14 item 2): no answers here yet, so the documented range.
    expect(JSON.stringify(placeholder.params.blocks)).toContain("Expected AI price usually $0.01–$0.10, charged to matter ACME-001; no court fees.");
    expect(answer!.ts).toBe((placeholder.response as { ts: string }).ts);
    expect(botReplies(h, ACME_CHANNEL, rootTs)).toHaveLength(1);

    const body = textOf(answer!);
    // One answer (issue 14 item 6): the default provider only, unlabelled; ASK_PROVIDER=both asks both.
    expect(body).not.toContain("*providerone*");
    expect(body).not.toContain("providertwo");
    const based = /Based on entries? ([^"]*?) \((\d{1,2}\/\d{1,2}\/\d{4})\)/.exec(body);
    expect(based, body).not.toBeNull();
    const cited = [...based![1]!.matchAll(/\|#(\d+)>/g)].map((m) => m[1]!);
    expect(cited.length).toBeGreaterThan(0);
    for (const n of cited) expect(flagshipNumbers()).toContain(n);
    expect(body).toMatch(/\/Acme_Widgets_Inc\._v\._Globex_Corporation\/\d+\/\|#\d+>/); // entry pages on the site
    expect(body).toMatch(/providerone · \$\d+\.\d{2,3} billed to ACME-001 · docket as of \d{1,2}\/\d{1,2}\/\d{4}/);
    // Each cited entry carries its own date.
    expect(body).toMatch(/\|#\d+> \(\d{1,2}\/\d{1,2}\/\d{4}\)(, <[^>]+\|#\d+> \(\d{1,2}\/\d{1,2}\/\d{4}\))*/);

    // Bound to the case under the channel's matter, the turn stored, the call tagged with the matter.
    const key = { teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs };
    expect(await h.store.getThread(key)).toMatchObject({ ...FLAGSHIP, clientMatter: "ACME-001", createdBy: ADMIN });
    const turns = await h.store.recentTurns(key, 10);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ question: "Has the motion to dismiss been decided?", providers: ["providerone"], askedBy: ADMIN });
    expect(turns[0]!.relevantEntries).toEqual(expect.arrayContaining(cited));
    const calls = h.docket.ledger.filter({ endpoint: "ask_docket" });
    expect(calls.at(-1)).toMatchObject({ client_matter: "ACME-001", kind: "ai" });
    // The title came from the stored docket: never a live pull.
    expect(h.docket.ledger.filter({ kind: "docket_live" })).toHaveLength(0);
    expectValidPayloads(h, from);
  });

  it("a reply without a mention is the team talking: no service call, no charge, no reply (issue 14 item 1)", async () => {
    const from = h.slack.calls.length;
    const before = asked.length;
    const ledger = h.docket.ledger.filter({}).length;
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "Thanks, that's helpful! Mo, can you calendar it?", threadTs: rootTs });
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "Which claims survived the motion?", threadTs: rootTs });
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.length).toBe(before);
    expect(h.docket.ledger.filter({}).length).toBe(ledger);
    expect(h.slack.calls.slice(from).filter((c) => c.method.startsWith("chat."))).toEqual([]);
    expect(await h.store.recentTurns({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs }, 10)).toHaveLength(1);
    // The root says how to follow up.
    expect(textOf(h.slack.state.message(ACME_CHANNEL, rootTs)!)).toContain("mention @docketbot in this thread or click Ask a follow-up");
  });

  it("answers a mention in the thread with the earlier turn as context", async () => {
    const from = h.slack.calls.length;
    const before = asked.length;
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> Who is the judge?", threadTs: rootTs });
    const replies = await waitForReplies(h, ACME_CHANNEL, rootTs, 2);
    expect(replies).toHaveLength(2);
    expect(asked.length).toBeGreaterThan(before);
    const sent = lastQuestion();
    expect(sent).toContain("Q1: Has the motion to dismiss been decided?");
    expect(sent).toMatch(/A1: .*motion to dismiss/);
    expect(sent).toMatch(/Follow-up question \(answer this one\): Who is the judge\?$/);
    const turns = await h.store.recentTurns({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs }, 10);
    expect(turns.map((t) => [t.question, t.askedBy])).toEqual([
      ["Has the motion to dismiss been decided?", ADMIN],
      ["Who is the judge?", MEMBER],
    ]);
    expectValidPayloads(h, from);
  });

  it("answers an @mention in the thread once (Slack sends both message and app_mention)", async () => {
    const before = asked.length;
    const posted = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> what patents are at issue?", threadTs: rootTs });
    expect(posted.deliveries.map((d) => d.payload.event && (d.payload.event as { type: string }).type)).toEqual(["message", "app_mention"]);
    const replies = await waitForReplies(h, ACME_CHANNEL, rootTs, 3);
    await new Promise((r) => setTimeout(r, 150)); // a duplicate answer would have started by now
    expect(botReplies(h, ACME_CHANNEL, rootTs)).toHaveLength(3);
    expect(lastQuestion()).toMatch(/Follow-up question \(answer this one\): what patents are at issue\?$/);
    expect(lastQuestion()).toContain("Q2: Who is the judge?");
    expect(asked.length - before).toBe(1); // one call, answered by the one provider
    expect(textOf(replies[2]!)).toContain("Based on");
  });

  it("a follow-up naming another case is not answered about this thread's case: it says where to ask, and nothing is asked or charged", async () => {
    const { rootTs: ts } = await ask("Who is the judge?");
    await waitForReplies(h, ACME_CHANNEL, ts, 1);
    const before = asked.length;
    const fees = h.docket.ledger.filter({ endpoint: "ask_docket" }).length;
    await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> has the motion to strike been decided in ded 1:26-cv-05443?", threadTs: ts });
    const [, note] = await waitForReplies(h, ACME_CHANNEL, ts, 2);
    expect(textOf(note!)).toContain("This thread is about 1:23-cv-01234 in S.D.N.Y., so I didn't answer about 1:26-cv-05443 in D. Del. here; nothing was charged.");
    expect(textOf(note!)).toContain("Ask about that case in a new message (`/docket ask ded 1:26-cv-05443` and the question)");
    await new Promise((r) => setTimeout(r, 150));
    expect(asked.length).toBe(before);
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" })).toHaveLength(fees);
    // The thread's own case named again is a follow-up as usual.
    await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> in nysd 1:23-cv-01234, who represents Globex?", threadTs: ts });
    await waitForReplies(h, ACME_CHANNEL, ts, 3);
    expect(asked.length).toBe(before + 1);
  });

  it("with answers in the ledger, the expected price comes from their prices (issue 14 item 2)", async () => {
    const paid = h.docket.ledger.filter({ endpoint: "ask_docket" }).map((e) => e.fee).filter((f) => f > 0);
    expect(paid.length).toBeGreaterThanOrEqual(3);
    const { rootTs: ts, from } = await ask("Who are the parties?");
    await waitForReplies(h, ACME_CHANNEL, ts, 1);
    const placeholder = h.slack.calls.slice(from).find((c) => c.method === "chat.postMessage" && c.params.thread_ts === ts)!;
    const line = /Expected AI price about \$(\d+\.\d\d), based on the last (\d+) answers from the docket in this workspace(?: \(\$(\d+\.\d\d)–\$(\d+\.\d\d)\))?, charged to matter ACME-001/.exec(JSON.stringify(placeholder.params.blocks));
    expect(line, JSON.stringify(placeholder.params.blocks)).not.toBeNull();
    expect(Number(line![2])).toBe(paid.length);
    // Estimates round UP to the cent (issue 25 item 5).
    const up = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;
    if (line![3]) {
      expect(Number(line![3])).toBe(up(Math.min(...paid)));
      expect(Number(line![4])).toBe(up(Math.max(...paid)));
    } else expect(up(Math.min(...paid))).toBe(up(Math.max(...paid)));
  });

  it("ignores the bot's own messages, other apps' messages, edits, replies without a mention and unbound threads", async () => {
    const from = h.slack.calls.length;
    const before = asked.length;
    const event = (extra: Record<string, unknown>) =>
      h.slack.sendEvent({ type: "message", channel: ACME_CHANNEL, thread_ts: rootTs, text: "What happened next?", ...extra });
    await event({ user: "U0BOT", bot_id: "B0BOT" });
    await event({ bot_id: "B0OTHER", subtype: "bot_message" });
    await event({ user: ADMIN, subtype: "message_changed" });
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "thanks!", threadTs: rootTs }); // not a question
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "What happened next?", threadTs: rootTs }); // not addressed to us
    const top = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "Lunch at noon?" });
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "Sure, what about the docket?", threadTs: top.ts });
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.length).toBe(before);
    expect(h.slack.calls.slice(from).filter((c) => c.method.startsWith("chat."))).toEqual([]);
  });

  it("never answers here a thread bound in another channel, nor one whose matter left the channel", async () => {
    const other = await ask("Who are the parties?", IP_CHANNEL);
    await waitForReplies(h, IP_CHANNEL, other.rootTs, 1);
    const from = h.slack.calls.length;
    const before = asked.length;
    // The same thread ts, but in #litigation-acme: no binding there.
    await h.slack.sendEvent({ type: "message", channel: ACME_CHANNEL, user: ADMIN, thread_ts: other.rootTs, text: "And the judge?" });
    await new Promise((r) => setTimeout(r, 150));
    expect(asked.length).toBe(before);
    expect(h.slack.calls.slice(from).filter((c) => c.method.startsWith("chat."))).toEqual([]);

    // The IP thread's matter is unlinked from #ip-portfolio: a mention there gets the wall sentence, no call.
    await h.store.unlinkMatter({ teamId: TEAM, channelId: IP_CHANNEL, clientMatter: "IP-007", unlinkedBy: "U0ADMIN" });
    await h.slack.postUserMessage({ user: ADMIN, channel: IP_CHANNEL, text: "<@U0BOT> And the judge?", threadTs: other.rootTs });
    const replies = await waitForReplies(h, IP_CHANNEL, other.rootTs, 2);
    expect(replies[1]!.text).toContain("no longer linked to this channel");
    expect(textOf(replies[1]!)).not.toContain("IP-007");
    expect(asked.length).toBe(before);
    await h.linkMatter(IP_CHANNEL, "IP-007");
  });

  it("in a channel linked to two matters, the question waits for its asker to pick which pays; the pick bills it and the thread", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-002");
    try {
      const calls = h.docket.ledger.filter({ endpoint: "ask_docket" }).length;
      const { rootTs: ts } = await ask("When is the next conference?");
      const [pick] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
      expect(textOf(pick!)).toContain("This channel is linked to more than one; none is assumed.");
      expect(h.docket.ledger.filter({ endpoint: "ask_docket" })).toHaveLength(calls);
      expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: ts })).toMatchObject({ clientMatter: "" });
      const second = (pick!.blocks ?? []).flatMap((b) => (b.type === "actions" ? (b.elements as { action_id: string; text: { text: string } }[]) : [])).find((b) => b.text.text.includes("ACME-002"))!;
      await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: pick!.ts, actionId: second.action_id });
      await h.slack.waitFor(() => (h.docket.ledger.filter({ endpoint: "ask_docket" }).length > calls ? true : undefined), { what: "the answer once picked" });
      expect(h.docket.ledger.filter({ endpoint: "ask_docket" }).at(-1)).toMatchObject({ client_matter: "ACME-002" });
      expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: ts })).toMatchObject({ clientMatter: "ACME-002" });
    } finally {
      await h.store.unlinkMatter({ teamId: TEAM, channelId: ACME_CHANNEL, clientMatter: "ACME-002", unlinkedBy: ADMIN });
    }
  });

  it("checks the entries an answer cites against the stored docket: one it lacks is said so and never linked, one it has shows the docket's date", async () => {
    const { rootTs: ts } = await ask("INVENTS: what happened?");
    const [answer] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
    const body = textOf(answer!);
    const kase = h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
    const nineteen = kase.entries.find((e) => e.number === "19")!;
    expect(kase.entries.some((e) => e.number === "999")).toBe(false);
    expect(body).toContain("#999 (:warning: no such entry on the docket as stored: check before citing)");
    expect(body).not.toMatch(/\/999\/\|#999>/);
    expect(body).toMatch(new RegExp(`\\|#19> \\(${nineteen.date!.replace(/\//g, "\\/").replace(/^0/, "")}\\)`));
    expect(body).not.toContain("1/1/2001");
    const turns = await h.store.recentTurns({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: ts }, 10);
    expect(turns[0]!.relevantEntries).toEqual(["19"]);
  });

  it("neutralises hostile answer text: no mentions, no foreign links, no stray code blocks", async () => {
    const { rootTs: ts, from } = await ask("HOSTILE question about the order");
    const [answer] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
    const body = JSON.stringify(answer!.blocks);
    expect(body).not.toContain("<!channel>");
    expect(body).not.toContain("<@U0ADMIN>");
    expect(body).not.toMatch(/<https:\/\/evil\.example/);
    expect(body).not.toContain("```");
    expect(body).toContain("@\u200Dhere");
    expect(body).toContain("&lt;!channel&gt;");
    expect(answer!.text).not.toMatch(/<[!@]/);
    expect(body).toMatch(/\|#19>/);
    expectValidPayloads(h, from);
  });
});

describe("@mentions outside a bound thread", () => {
  it("a mention naming a case starts a Q&A thread on that message", async () => {
    const from = h.slack.calls.length;
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> who is the judge in nysd 1:23-cv-01234?" });
    const [answer] = await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    expect(textOf(answer!)).toContain("Acme Widgets, Inc. v. Globex Corporation"); // headed by the case identity
    expect(lastQuestion()).toBe("who is the judge in nysd 1:23-cv-01234?");
    expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: posted.ts })).toMatchObject({ ...FLAGSHIP, clientMatter: "ACME-001" });
    // No root of ours: the person's message is the root.
    expect(h.slack.calls.slice(from).filter((c) => c.method === "chat.postMessage" && c.params.thread_ts === undefined)).toEqual([]);

    await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> When was it filed?", threadTs: posted.ts });
    await waitForReplies(h, ACME_CHANNEL, posted.ts, 2);
    expect(lastQuestion()).toContain("Q1: who is the judge in nysd 1:23-cv-01234?");
    expectValidPayloads(h, from);
  });

  it("a mention naming no case gets a one-line how-to in its thread, and no service call", async () => {
    const before = asked.length;
    const posted = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "<@U0BOT> can you help?" });
    const [reply] = await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    expect(reply!.text).toMatch(/^Mention me with a case and a question/);
    expect(asked.length).toBe(before);
  });
});

describe("acknowledgement within 3 s whatever the service does", () => {
  it("acks the command at once and shows the working state while the service hangs", async () => {
    h.docket.faults.delayNext("ask_docket", 3_200);
    const { delivery, rootTs } = await ask("When was the case filed?");
    expect(delivery.ackMs).toBeLessThan(3000);
    expect(delivery.lateAck).toBe(false);
    const [working] = await h.slack.waitFor(() => {
      const r = botReplies(h, ACME_CHANNEL, rootTs);
      return r.length > 0 ? r : undefined;
    });
    expect(working!.text).toBe("Reading the docket…");
    const [answer] = await waitForReplies(h, ACME_CHANNEL, rootTs, 1, 8_000);
    expect(answer!.ts).toBe(working!.ts);
    expect(textOf(answer!)).toContain("docket as of");
  });
});
