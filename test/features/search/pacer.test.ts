/**
 * `/docket pacer` end to end: nothing is searched or charged before the user clicks "Run PACER
 * search" on the confirmation card that names the charge (the one confirmation); then the working state, the results, and the
 * fee in the emulator's ledger under the channel's matter.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Block, EphemeralMessage } from "../../../sandbox/slack/types.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => h?.close());
beforeEach(() => {
  h.docket.ledger.clear();
  h.docket.faults.reset();
});

type Button = { action_id: string; value?: string; text: { text: string }; confirm?: { text: { text: string }; title: { text: string } } };
const buttons = (blocks: Block[] | undefined): Button[] => (blocks ?? []).flatMap((b) => (b.type === "actions" ? (b.elements as Button[]) : []));
const all = (m: { text: string; blocks?: Block[] }) => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

function shown(user: string, channel: string): EphemeralMessage[] {
  const list = h.slack.state.ephemerals(user, channel);
  for (const e of list) expectValidMessage(e);
  return list;
}

/** `/docket pacer …`: the confirmation, as shown to the user. */
async function ask(text: string, user = ADMIN, channel = ACME_CHANNEL): Promise<EphemeralMessage> {
  const delivery = await h.slack.sendCommand({ text: `pacer ${text}`, user, channel });
  expect(delivery.status).toBe(200);
  expect(delivery.lateAck).toBe(false);
  const message = shown(user, channel).at(-1)!;
  expect(message.source).toBe("ack");
  return message;
}

/**
 * Clicks Run, Next page or Cancel and waits for the click's own response_url posts: at least
 * `posts` of them, and (when given) one whose body matches `until`.
 */
async function click(user: string, message: EphemeralMessage, actionId: string, posts: number, opts: { value?: string; until?: RegExp } = {}) {
  const delivery = await h.slack.sendBlockAction({ user, actionId, ephemeral: message.message_ts, ...(opts.value ? { value: opts.value } : {}) });
  expect(delivery.lateAck).toBe(false);
  const mine = () => h.slack.responses.filter((p) => p.url === delivery.responseUrl);
  await h.slack.waitFor(() => mine().length >= posts && (!opts.until || mine().some((p) => opts.until!.test(JSON.stringify(p.body)))), {
    timeoutMs: 10_000, what: `${posts} response_url posts`,
  });
  for (const p of mine()) expect(p.status).toBe(200);
  return { delivery, posts: mine() };
}

describe("/docket pacer", () => {
  it("asks first: the fee and matter are named, and nothing is searched or charged before the click", async () => {
    const confirm = await ask("Acme");
    expect(confirm.text).toContain("PACER");
    expect(all(confirm)).toContain("$0.10 for the search plus $0.10 per page");
    expect(all(confirm)).toContain("charged to matter ACME-001");
    expect(all(confirm)).toContain("30–60 seconds");
    const run = buttons(confirm.blocks).find((b) => b.action_id === "pacer_run")!;
    expect(run.text.text).toBe("Run PACER search ($0.20)");
    expect(run.confirm).toBeUndefined(); // one confirmation: the card, not a second dialog (issue 14 item 7)
    expect(buttons(confirm.blocks).map((b) => b.action_id)).toContain("pacer_cancel");
    // A full round trip through the bot and the service later, still no PACER call.
    const later = await h.slack.sendCommand({ text: "search acme", user: ADMIN, channel: ACME_CHANNEL });
    await h.slack.waitFor(() => h.slack.responses.some((p) => p.url === later.responseUrl));
    expect(h.docket.ledger.count({ endpoint: "search" })).toBe(1);
    expect(h.docket.ledger.count({ endpoint: "searchpacer" })).toBe(0);
  });

  it("runs after the click: working state at once, then results with View/Track, and the fee is recorded", async () => {
    const confirm = await ask("Acme");
    const { posts } = await click(ADMIN, confirm, "pacer_run", 2);
    expect(posts[0]!.outcome).toBe("replaced");
    expect((posts[0]!.body as { text: string }).text).toBe("Searching PACER… this takes about 30–60 seconds");
    expect(posts[1]!.outcome).toBe("replaced");
    const results = shown(ADMIN, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts)!;
    expect(results.text).toMatch(/^PACER: \d+ cases? for “Acme”/);
    expect(all(results)).toContain("Acme Widgets, Inc.");
    expect(all(results)).toMatch(/(Plaintiff|Defendant|Appellee|Appellant): Acme/);
    expect(all(results)).toContain("PACER fee $0.20, charged to matter ACME-001");
    const ids = buttons(results.blocks).map((b) => b.action_id);
    expect(ids).toEqual(expect.arrayContaining(["view_case:0", "track_case:0"]));
    expect(h.docket.ledger.filter({ endpoint: "searchpacer" })).toEqual([
      expect.objectContaining({ kind: "pacer_search", fee: 0.2, client_matter: "ACME-001", test: false }),
    ]);
    // The bot's own usage ledger (for `/docket usage`) counts it as a fee-bearing call of the matter.
    const [usage] = await h.store.usageMonthToDate(["ACME-001"]);
    expect(usage?.feeBearingCalls).toBeGreaterThanOrEqual(1);
  });

  it("cancels without a charge", async () => {
    const confirm = await ask("Acme");
    const { posts } = await click(ADMIN, confirm, "pacer_cancel", 1);
    expect(posts[0]!.outcome).toBe("replaced");
    expect(shown(ADMIN, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts)!.text).toMatch(/cancelled; nothing was charged/);
    expect(h.docket.ledger.count({ endpoint: "searchpacer" })).toBe(0);
  });

  it("splits a 50-case page into valid messages and offers the next page with its own confirm and fee", async () => {
    const confirm = await ask("type:civil");
    expect(confirm.text).toContain("civil");
    // working + first results + continuation(s) + pager: at most 5 posts on one response_url.
    const page1 = await click(ADMIN, confirm, "pacer_run", 4, { until: /pacer_page/ });
    expect(page1.posts.length).toBeLessThanOrEqual(5);
    const messages = shown(ADMIN, ACME_CHANNEL);
    const pager = messages.find((e) => buttons(e.blocks).some((b) => b.action_id === "pacer_page"))!;
    const next = buttons(pager.blocks).find((b) => b.action_id === "pacer_page")!;
    expect(next.text.text).toBe("Next page ($0.10)");
    expect(next.confirm?.text.text).toMatch(/Page 2 .* costs \$0\.10 .*charged to matter ACME-001/);
    const caseButtons = messages.flatMap((e) => buttons(e.blocks)).filter((b) => b.action_id.startsWith("view_case:"));
    expect(new Set(caseButtons.map((b) => b.action_id)).size).toBeGreaterThanOrEqual(50);
    expect(h.docket.ledger.filter({ endpoint: "searchpacer" }).map((e) => e.kind)).toEqual(["pacer_search"]);

    // Next page replaces only the pager: the cases already paid for stay.
    const before = messages.length;
    const page2 = await click(ADMIN, pager, "pacer_page", 3, { until: /pacer_page/ });
    expect(page2.posts.length).toBeLessThanOrEqual(5);
    expect(shown(ADMIN, ACME_CHANNEL).length).toBeGreaterThan(before);
    expect(shown(ADMIN, ACME_CHANNEL).find((e) => e.message_ts === pager.message_ts)!.text).toMatch(/page 2 of 3/);
    expect(h.docket.ledger.filter({ endpoint: "searchpacer" }).map((e) => [e.kind, e.fee])).toEqual([["pacer_search", 0.2], ["pacer_page", 0.1]]);
    // Every post stayed within the response_url's five uses.
    expect(h.slack.responses.filter((p) => p.status !== 200)).toEqual([]);
  });

  it("acks the click within 3 seconds while PACER hangs, then shows the results", async () => {
    const confirm = await ask("Acme", MEMBER);
    h.docket.faults.delayNext("searchpacer", 3_100);
    const delivery = await h.slack.sendBlockAction({ user: MEMBER, actionId: "pacer_run", ephemeral: confirm.message_ts });
    expect(delivery.ackMs).toBeLessThan(3_000);
    expect(delivery.lateAck).toBe(false);
    const mine = () => h.slack.responses.filter((p) => p.url === delivery.responseUrl);
    // The working state is visible before the results arrive.
    await h.slack.waitFor(() => mine().length >= 1);
    expect(shown(MEMBER, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts)!.text).toMatch(/^Searching PACER…/);
    await h.slack.waitFor(() => mine().length >= 2, { timeoutMs: 10_000 });
    expect(shown(MEMBER, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts)!.text).toMatch(/^PACER: /);
  });

  it("charges once when Run is clicked twice while the search runs", async () => {
    const confirm = await ask("Acme");
    h.docket.faults.delayNext("searchpacer", 400);
    const clicks = await Promise.all([1, 2].map(() => h.slack.sendBlockAction({ user: ADMIN, actionId: "pacer_run", ephemeral: confirm.message_ts })));
    const posts = (d: (typeof clicks)[number]) => h.slack.responses.filter((p) => p.url === d.responseUrl);
    await h.slack.waitFor(() => clicks.some((d) => posts(d).some((p) => JSON.stringify(p.body).includes("PACER: "))), { what: "the results" });
    await h.slack.waitFor(() => clicks.some((d) => posts(d).some((p) => JSON.stringify(p.body).includes("already running"))), { what: "the second click's answer" });
    expect(h.docket.ledger.count({ endpoint: "searchpacer" })).toBe(1);
  });

  it("never charges another matter: a button naming a matter this channel lacks runs nothing", async () => {
    const confirm = await ask("Acme");
    const run = buttons(confirm.blocks).find((b) => b.action_id === "pacer_run")!;
    const tampered = run.value!.replace('"m":"ACME-001"', '"m":"IP-007"');
    expect(tampered).not.toBe(run.value);
    const { posts } = await click(ADMIN, confirm, "pacer_run", 1, { value: tampered });
    expect(JSON.stringify(posts[0]!.body)).toMatch(/client matters changed.*nothing was charged/);
    expect(JSON.stringify(posts[0]!.body)).not.toContain("IP-007");
    expect(h.docket.ledger.count({ endpoint: "searchpacer" })).toBe(0);
  });

  it("in a channel linked to two matters, names neither: the card offers one Run per matter, and the one clicked is billed", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-002");
    try {
      const confirm = await ask("Acme");
      expect(all(confirm)).not.toContain("charged to matter ACME-001");
      const runs = buttons(confirm.blocks).filter((b) => b.action_id.startsWith("pacer_run"));
      expect(runs.map((b) => b.text.text).join(" | ")).toMatch(/ACME-001.*\| .*ACME-002/);
      const second = runs.find((b) => b.text.text.includes("ACME-002"))!;
      await click(ADMIN, confirm, second.action_id, 2, { value: second.value!, until: /PACER: / });
      expect(h.docket.ledger.filter({ endpoint: "searchpacer" }).map((r) => r.client_matter)).toEqual(["ACME-002"]);
    } finally {
      await h.store.unlinkMatter({ teamId: "T0DOCKET", channelId: ACME_CHANNEL, clientMatter: "ACME-002", unlinkedBy: ADMIN });
    }
  });

  it("refuses a damaged button value without searching", async () => {
    const confirm = await ask("Acme");
    const { posts } = await click(ADMIN, confirm, "pacer_run", 1, { value: '{"v":1,"pg":1,"m":"ACME-001"}' });
    expect(JSON.stringify(posts[0]!.body)).toContain("out of date");
    expect(h.docket.ledger.count({ endpoint: "searchpacer" })).toBe(0);
  });

  it("explains bad filters at once instead of offering a search the service would refuse", async () => {
    const delivery = await h.slack.sendCommand({ text: "pacer Acme filed:2026-03-31..2026-01-01", user: ADMIN, channel: ACME_CHANNEL });
    const body = delivery.body as { text: string; blocks: Block[] };
    expect(body.text).toMatch(/ends before it starts/);
    expect(buttons(body.blocks)).toHaveLength(0);
    expectValidMessage(body);
  });

  it("tells the user when PACER fails, with a ref and no raw error", async () => {
    const confirm = await ask("Acme");
    h.docket.faults.failNext("searchpacer", 500, 1);
    const { posts } = await click(ADMIN, confirm, "pacer_run", 2);
    const text = (posts[1]!.body as { text: string }).text;
    expect(text).toMatch(/docket service answered with an error.*\(ref [0-9a-f]+\)/);
    expectValidMessage(posts[1]!.body as { text: string; blocks: Block[] });
  });
});
