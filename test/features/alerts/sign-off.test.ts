/**
 * Issue 12, item 4 over real HTTP with the Slack stand-in: Docketed ✓ and Assign on a headline
 * update it in place, are stored with who, when, channel and matter, and the assignee gets a DM;
 * `/docket alerts` lists the undocketed filings oldest first with their own Docketed ✓; a forged
 * value or block naming another matter's filing changes nothing and gets a sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headlineRenderer } from "../../../src/features/alerts/register-alerts.ts";
import { NOT_THIS_CHANNELS, STALE_CONTROL } from "../../../src/features/alerts/sign-off.ts";
import { renderCaseRoot } from "../../../src/features/alerts/views/case-root.ts";
import { countsBlockId } from "../../../src/features/alerts/views/alert-controls.ts";
import { postMessage } from "../../../src/slack/outbound.ts";
import type { FilingInput, FilingRecord } from "../../../src/store/store.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
let acme: FilingRecord[];
let ip: FilingRecord[];
let headlineTs: string;
let ipHeadlineTs: string;

const ACME_CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };
const IP_CASE = { court: "Delaware District Court", docket: "1:26-cv-00777", caseTitle: "Patentco v. Copyco" };

function filing(channelId: string, clientMatter: string, c: typeof ACME_CASE, n: number, extra: Partial<FilingInput> = {}): FilingInput {
  return {
    teamId: TEAM, channelId, clientMatter, ...c, entryKey: String(n), entryNumber: String(n), entryDate: `2026-11-${10 + n}`,
    level: "urgent", kind: "Order", summary: `ORDER granting motion ${n}`, shown: "channel", ...extra,
  };
}

/** Posts a case root and, in its thread, the headline of these filings, as the outbox does. */
async function deliver(channel: string, filings: FilingRecord[]): Promise<string> {
  const client = h.bot.slack!.app.client;
  const f = filings[0]!;
  const root = await postMessage(client, { channel, message: renderCaseRoot({ court: f.court, docket: f.docket, title: f.caseTitle, newEntries: filings.length, clientMatter: f.clientMatter }, { siteUrl: h.docket.siteUrl }) });
  await h.store.saveCaseThread({ teamId: TEAM, channelId: channel, court: f.court, docket: f.docket, clientMatter: f.clientMatter, rootTs: root.ts, title: f.caseTitle });
  const headline = headlineRenderer(h.docket.siteUrl)(filings, { moreSignificant: 0, routine: 3 });
  const posted = await postMessage(client, { channel, threadTs: root.ts, message: headline });
  await h.store.attachFilingMessage(filings.map((x) => x.id), posted.ts);
  return posted.ts;
}

const messageText = (channel: string, ts: string) => JSON.stringify(h.slack.state.message(channel, ts)?.blocks ?? []);
const lastEphemeralText = (user: string, channel: string) => h.slack.state.ephemerals(user, channel).at(-1)?.text ?? "";

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-777");
  acme = await h.store.recordFilings([
    filing(ACME_CHANNEL, "ACME-001", ACME_CASE, 1),
    filing(ACME_CHANNEL, "ACME-001", ACME_CASE, 2, { level: "notable", kind: "Motion", summary: "MOTION to compel <!channel> discovery" }),
  ]);
  ip = await h.store.recordFilings([filing(IP_CHANNEL, "IP-777", IP_CASE, 7)]);
  headlineTs = await deliver(ACME_CHANNEL, acme);
  ipHeadlineTs = await deliver(IP_CHANNEL, ip);
});
afterAll(async () => {
  await h?.close();
});

describe("Docketed ✓", () => {
  it("records who and when, shows it on the message in place, and a second click undoes it", async () => {
    const id = acme[0]!.id;
    const click = await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed" });
    expect(click.ackMs).toBeLessThan(3000);
    await h.slack.waitFor(() => messageText(ACME_CHANNEL, headlineTs).includes(`✓ Docketed by <@${MEMBER}>`), { what: "the headline updated" });
    expectValidMessage(h.slack.state.message(ACME_CHANNEL, headlineTs)! as never);
    const stored = await h.store.getFiling(id);
    expect(stored?.docketedBy).toBe(MEMBER);
    expect(stored?.docketedAt).toBeGreaterThan(0);
    // The routine count rides along on a re-render.
    expect(messageText(ACME_CHANNEL, headlineTs)).toContain("routine");

    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed" });
    await h.slack.waitFor(() => !messageText(ACME_CHANNEL, headlineTs).includes("✓ Docketed by"), { what: "the headline undone" });
    expect((await h.store.getFiling(id))?.docketedBy).toBeUndefined();
    const actions = await h.store.filingActions(id);
    expect(actions.map((a) => [a.action, a.userId, a.channelId, a.clientMatter])).toEqual([
      ["docketed", MEMBER, ACME_CHANNEL, "ACME-001"],
      ["undocketed", ADMIN, ACME_CHANNEL, "ACME-001"],
    ]);
  });

  it("a forged value naming another matter's filing changes nothing and gets a sentence", async () => {
    const updates = h.slack.callsTo("chat.update").length;
    const forged = JSON.stringify({ f: ip[0]!.id });
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed", value: forged });
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes(NOT_THIS_CHANNELS.slice(0, 30))), { what: "the refusal" });
    expect((await h.store.getFiling(ip[0]!.id))?.docketedBy).toBeUndefined();
    expect(await h.store.filingActions(ip[0]!.id)).toEqual([]);
    expect(h.slack.callsTo("chat.update")).toHaveLength(updates);
    expect(messageText(IP_CHANNEL, ipHeadlineTs)).not.toContain("✓ Docketed by");
  });

  it("a value that is not ours at all is out of date", async () => {
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed", value: '{"f":"1 OR 1=1"}' });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => JSON.stringify(r.body).includes(STALE_CONTROL.slice(0, 30))), { what: "the sentence" });
  });
});

describe("Assign", () => {
  it("stores the assignee, shows it on the message and DMs the assignee with the filing, case and channel", async () => {
    const id = acme[1]!.id;
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_assign", blockId: `filing_assign:${id}`, value: ADMIN });
    await h.slack.waitFor(() => messageText(ACME_CHANNEL, headlineTs).includes(`Assigned to <@${ADMIN}>`), { what: "the headline updated" });
    const stored = await h.store.getFiling(id);
    expect(stored).toMatchObject({ assignee: ADMIN, assignedBy: MEMBER });
    expect((await h.store.filingActions(id)).map((a) => [a.action, a.userId, a.assignee, a.channelId, a.clientMatter])).toEqual([
      ["assigned", MEMBER, ADMIN, ACME_CHANNEL, "ACME-001"],
    ]);
    const dm = await h.slack.waitFor(() => h.slack.callsTo("chat.postMessage").find((c) => c.params.channel === ADMIN), { what: "the DM" });
    const dmText = JSON.stringify(dm.params.blocks);
    expect(dmText).toContain(`<@${MEMBER}> assigned you a filing in <#${ACME_CHANNEL}>`);
    expect(dmText).toContain("#2");
    expect(dmText).toContain("Acme Corp v. Widget Inc");
    expect(dmText).not.toContain("<!channel>");
    expectValidMessage(dm.params as never);
  });

  it("a forged Assign block naming another matter's filing changes nothing", async () => {
    const client = h.bot.slack!.app.client;
    const ts = (await client.chat.postMessage({
      channel: ACME_CHANNEL, text: "forged",
      blocks: [{ type: "actions", block_id: `filing_assign:${ip[0]!.id}`, elements: [{ type: "users_select", action_id: "filing_assign" }] }],
    })).ts!;
    const dms = h.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === MEMBER).length;
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: ts, actionId: "filing_assign", value: MEMBER });
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes(NOT_THIS_CHANNELS.slice(0, 30)) && r.url.length > 0), { what: "the refusal" });
    expect((await h.store.getFiling(ip[0]!.id))?.assignee).toBeUndefined();
    expect(h.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === MEMBER)).toHaveLength(dms);
  });
});

describe("/docket alerts lists what nobody has docketed", () => {
  it("oldest first, this channel's matters only, each with Docketed ✓, for members too", async () => {
    const d = await h.slack.sendCommand({ text: "alerts", user: MEMBER, channel: ACME_CHANNEL });
    expect(d.lateAck).toBe(false);
    const body = d.body as { text: string; blocks: unknown[] };
    expectValidMessage(body as never);
    expect(body.text).toContain("Only docketbot admins");
    const all = JSON.stringify(body.blocks);
    expect(all.indexOf("ORDER granting motion 1")).toBeGreaterThan(-1);
    expect(all.indexOf("ORDER granting motion 1")).toBeLessThan(all.indexOf("MOTION to compel"));
    expect(all).not.toContain("Patentco");
    expect(all).toContain(`Assigned to <@${ADMIN}>`);
    expect(all.match(/"action_id":"filing_docketed:\d+"/g)).toHaveLength(2);
  });

  it("Docketed ✓ from the list updates the list and the headline", async () => {
    const list = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: list.message_ts, actionId: `filing_docketed:${acme[0]!.id}` });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => r.outcome === "replaced"), { what: "the list re-rendered" });
    await h.slack.waitFor(() => messageText(ACME_CHANNEL, headlineTs).includes(`✓ Docketed by <@${MEMBER}>`), { what: "the headline updated" });
    expect((await h.store.getFiling(acme[0]!.id))?.docketedBy).toBe(MEMBER);
    const after = JSON.stringify(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!.blocks);
    expect(after).not.toContain("ORDER granting motion 1");
    expect(after).toContain("MOTION to compel");
  });

  it("admins still see delivery above the list", async () => {
    const d = await h.slack.sendCommand({ text: "alerts", user: ADMIN, channel: ACME_CHANNEL });
    const all = JSON.stringify((d.body as { blocks: unknown[] }).blocks);
    expect(all).toContain("Alert delivery");
    expect(all).toContain("Not docketed yet");
    expect(lastEphemeralText(ADMIN, ACME_CHANNEL)).toMatch(/Alert delivery/);
  });

  it("bad input after alerts gets one line", async () => {
    const d = await h.slack.sendCommand({ text: "alerts everything", user: ADMIN, channel: ACME_CHANNEL });
    expect((d.body as { text: string }).text).toBe('I didn\'t understand "everything" after `alerts`: use `/docket alerts` or `/docket alerts settings`.');
  });
});

describe("Slack refusals", () => {
  it("the click is stored and the user reads the classifier's sentence when the message can't be updated", async () => {
    const id = acme[1]!.id;
    const from = h.slack.responses.length;
    h.slack.faults.failNext("chat.update", "not_in_channel");
    const click = await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: headlineTs, actionId: "filing_docketed", blockId: `filing:${id}` });
    expect(click.ackMs).toBeLessThan(3000);
    const told = await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => JSON.stringify(r.body).includes("couldn't update the alert message")), { what: "the sentence" });
    expect(JSON.stringify(told.body)).toContain("Invite me with `/invite @docketbot`");
    expect((await h.store.getFiling(id))?.docketedBy).toBe(MEMBER);
  });
});

describe("a filing carried by a plain thread reply", () => {
  it("is docketed from the list without turning the reply into a headline", async () => {
    const [quiet] = await h.store.recordFilings([filing(ACME_CHANNEL, "ACME-001", ACME_CASE, 9, { level: "notable", kind: "Brief", summary: "BRIEF in opposition", shown: "thread" })]);
    const rootTs = (await h.store.getCaseThread({ teamId: TEAM, channelId: ACME_CHANNEL, court: ACME_CASE.court, docket: ACME_CASE.docket }))!.rootTs;
    const reply = await postMessage(h.bot.slack!.app.client, { channel: ACME_CHANNEL, threadTs: rootTs, message: { text: "2 new entries", blocks: [{ type: "section", text: { type: "mrkdwn", text: "#9 BRIEF in opposition" } }] } });
    await h.store.attachFilingMessage([quiet!.id], reply.ts);
    await h.slack.sendCommand({ text: "alerts", user: MEMBER, channel: ACME_CHANNEL });
    const list = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: list.message_ts, actionId: `filing_docketed:${quiet!.id}` });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => r.outcome === "replaced"), { what: "the list re-rendered" });
    expect((await h.store.getFiling(quiet!.id))?.docketedBy).toBe(MEMBER);
    expect(h.slack.callsTo("chat.update").filter((c) => c.params.ts === reply.ts)).toHaveLength(0);
    expect(h.slack.state.message(ACME_CHANNEL, reply.ts)?.text).toBe("2 new entries");
  });
});

describe("issue 22 items 10 and 11: the stored object and its channel decide, never the payload", () => {
  /** Sends a click whose payload carries `forged` blocks for `ts`, while Slack keeps the real ones. */
  async function clickForged(channel: string, ts: string, forged: unknown[], input: Omit<Parameters<BotHarness["slack"]["sendBlockAction"]>[0], "channel" | "message">) {
    // The stand-in's own record of the message (its state view hands out copies).
    const stored = (h.slack.state as unknown as { messageRef(c: string, t: string): { blocks?: unknown[] } }).messageRef(channel, ts)!;
    const real = stored.blocks;
    stored.blocks = forged;
    const sent = h.slack.sendBlockAction({ ...input, channel, message: ts }); // the payload is built now
    stored.blocks = real;
    return sent;
  }

  it("Assign to someone who isn't a member of the alert's channel: a sentence, nothing assigned, no DM with the matter's filing", async () => {
    const dms = h.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === MEMBER).length;
    await h.slack.sendBlockAction({ user: ADMIN, channel: IP_CHANNEL, message: ipHeadlineTs, actionId: "filing_assign", blockId: `filing_assign:${ip[0]!.id}`, value: MEMBER });
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes("isn't a member of this alert's channel, so I assigned nothing")), { what: "the refusal" });
    expect((await h.store.getFiling(ip[0]!.id))?.assignee).toBeUndefined();
    await new Promise((r) => setTimeout(r, 150));
    expect(h.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === MEMBER)).toHaveLength(dms);
  });

  it("Docketed ✓ by someone who isn't a member of the filing's channel changes nothing", async () => {
    await h.slack.sendBlockAction({ user: MEMBER, channel: IP_CHANNEL, message: ipHeadlineTs, actionId: "filing_docketed" });
    await h.slack.waitFor(() => h.slack.responses.find((r) => JSON.stringify(r.body).includes("You aren't a member of this alert's channel")), { what: "the refusal" });
    expect((await h.store.getFiling(ip[0]!.id))?.docketedBy).toBeUndefined();
  });

  it("Docketed ✓ re-renders the headline from what Slack stores, not from forged payload blocks", async () => {
    const real = h.slack.state.message(ACME_CHANNEL, headlineTs)!.blocks as { block_id?: string }[];
    const forged = real.map((b) => (b.block_id?.startsWith("filing_counts:") ? { ...b, block_id: countsBlockId({ moreSignificant: 0, routine: 99, notableInThread: 0 }) } : b));
    const before = (await h.store.getFiling(acme[0]!.id))?.docketedBy;
    const updates = h.slack.callsTo("chat.update").length;
    await clickForged(ACME_CHANNEL, headlineTs, forged, { user: MEMBER, actionId: "filing_docketed", value: JSON.stringify({ f: acme[0]!.id }) });
    await h.slack.waitFor(() => (h.slack.callsTo("chat.update").length > updates ? true : undefined), { what: "the re-render" });
    expect((await h.store.getFiling(acme[0]!.id))?.docketedBy).not.toBe(before);
    // The forged count as a reader would see it (the text also carries a port and timestamps, which may hold "99").
    expect(messageText(ACME_CHANNEL, headlineTs)).not.toMatch(/\b99 routine/);
    expect(messageText(ACME_CHANNEL, headlineTs)).toContain("+3 routine filings in the thread");
  });

  it("a Calendared ✓ click whose payload forges a date onto a headline never overwrites the headline", async () => {
    const { records } = await h.store.recordCourtDates({
      ...ACME_CASE, matters: ["ACME-001"],
      dates: [{ key: "hearing:x", kind: "hearing", title: "Hearing", date: "2027-03-01", time: "10:00", source: { entryNumber: "9", entryDate: "2026-11-10", entryIndex: 8 }, confidence: 0.9, status: "scheduled", history: [] }],
    });
    const d = records[0]!.id;
    const forged = [
      { type: "section", block_id: `court_date:${d}`, text: { type: "mrkdwn", text: "forged" }, accessory: { type: "button", action_id: "court_date_calendared", text: { type: "plain_text", text: "Calendared ✓" }, value: JSON.stringify({ d, on: true }) } },
    ];
    const before = messageText(ACME_CHANNEL, headlineTs);
    const updates = h.slack.callsTo("chat.update").filter((c) => c.params.ts === headlineTs).length;
    await clickForged(ACME_CHANNEL, headlineTs, forged, { user: MEMBER, actionId: "court_date_calendared" });
    await new Promise((r) => setTimeout(r, 300));
    expect(h.slack.callsTo("chat.update").filter((c) => c.params.ts === headlineTs)).toHaveLength(updates);
    expect(messageText(ACME_CHANNEL, headlineTs)).toBe(before);
  });
});
