/**
 * Ack first (Slack's 3-second rule: api.slack.com/interactivity/slash-commands#responding_basic_receipt):
 * a command whose ack needs only its text (`case`'s and `search`'s working messages, `ask`'s
 * empty ack, their refusals of bad input) is acknowledged before the channel's matters are read from the store; the
 * handler still runs with that context afterwards, so the wall is read fresh, never skipped. The rest
 * of it waits a turn of the event loop, so commands arriving meanwhile are acknowledged first.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.ts";
import { registerDocketCommand } from "../../../src/slack/commands/router.ts";
import { ACME_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-ACK");
});
afterAll(async () => {
  await h?.close();
});

/** Holds every read of a channel's matters until released. */
function holdMatterReads(): { release: () => void; reads: () => number } {
  const original = h.store.mattersOfChannel;
  let reads = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  h.store.mattersOfChannel = async (...args) => {
    reads++;
    await gate;
    return original.apply(h.store, args);
  };
  return {
    release: () => {
      h.store.mattersOfChannel = original;
      release();
    },
    reads: () => reads,
  };
}

const bodyText = (body: unknown) => JSON.stringify(body ?? "");

it("acks /docket case and /docket search with their working messages while the store read is still pending", async () => {
  const held = holdMatterReads();
  try {
    const [caseAck, searchAck] = await Promise.all([
      h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL }),
      h.slack.sendCommand({ text: "search acme widget", user: MEMBER, channel: ACME_CHANNEL }),
    ]);
    expect(caseAck.status).toBe(200);
    expect(bodyText(caseAck.body)).toMatch(/Getting 1:23-cv-01234/);
    expect(caseAck.ackMs).toBeLessThan(2000); // not the router's empty safety ack at 2.5 s
    expect(bodyText(searchAck.body)).toMatch(/acme widget/i);
    await h.slack.waitFor(() => held.reads() >= 2);
  } finally {
    held.release();
  }
  // The handlers then ran with the channel's matters: the docket call is tagged with the wall.
  for (const endpoint of ["getdocket", "search"] as const) {
    await h.slack.waitFor(() => h.docket.ledger.filter({ endpoint }).some((c) => JSON.stringify(c).includes("ACME-ACK")), { timeoutMs: 10_000, what: endpoint });
  }
});

it("acks /docket ask (a question, or its refusal) while the store read is still pending", async () => {
  const held = holdMatterReads();
  try {
    const [asked, refused] = await Promise.all([
      h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 What did the court order last week?", user: MEMBER, channel: ACME_CHANNEL }),
      h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL }),
    ]);
    for (const d of [asked, refused]) {
      expect(d.status).toBe(200);
      expect(d.ackMs).toBeLessThan(2000);
    }
    expect(bodyText(refused.body)).not.toBe('""');
  } finally {
    held.release();
  }
});

it("still refuses an over-long search in the ack, without running the search", async () => {
  const before = h.docket.ledger.filter({ endpoint: "search" }).length;
  const d = await h.slack.sendCommand({ text: `search ${"q".repeat(600)}`, user: MEMBER, channel: ACME_CHANNEL });
  expect(bodyText(d.body)).toMatch(/characters long/);
  await new Promise((r) => setTimeout(r, 200));
  expect(h.docket.ledger.filter({ endpoint: "search" }).length).toBe(before);
});

it("a command whose ack needs the context (help lists the channel's matters) still waits for it", async () => {
  const held = holdMatterReads();
  const pending = h.slack.sendCommand({ text: "help", user: MEMBER, channel: ACME_CHANNEL });
  await h.slack.waitFor(() => held.reads() >= 1);
  held.release();
  const d = await pending;
  expect(d.status).toBe(200);
  expect(bodyText(d.body)).toMatch(/ACME-ACK/);
});

it("reads the context a turn after its ack, so commands that arrive meanwhile are acknowledged before it", async () => {
  // The router on its own: two `/docket case` commands, the second arriving while the first is
  // being acknowledged. Its ack goes out before the first's store read and docket call begin.
  const order: string[] = [];
  let listener!: (args: Record<string, unknown>) => Promise<void>;
  const app = { command: (_name: string, fn: typeof listener) => void (listener = fn) };
  const deps = {
    logger: createLogger({ level: "silent" }), admins: new Set<string>(), installation: undefined, siteUrl: "https://www.docketservice.example",
    store: { mattersOfChannel: async ({ channelId }: { channelId: string }) => (order.push(`read ${channelId}`), []) },
  };
  const router = registerDocketCommand(app as never, deps as never);
  router.on("case", async () => undefined, { ackFirst: () => ({ answer: "working" }) });
  const command = (channel: string) => ({
    command: { text: "case nysd 1:23-cv-01234", team_id: "T1", user_id: "U1", channel_id: channel },
    ack: async () => void order.push(`ack ${channel}`), respond: async () => undefined, client: {},
  });
  setImmediate(() => void listener(command("C2")));
  await listener(command("C1"));
  await new Promise((r) => setTimeout(r, 20));
  expect(order).toEqual(["ack C1", "ack C2", "read C1", "read C2"]);
});
