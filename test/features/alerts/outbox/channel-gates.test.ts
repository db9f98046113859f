/**
 * Issue 12 at the outbox, over real HTTP with the Slack stand-in on one FakeClock: significant
 * filings reach the channel as a headline broadcast from the case thread; routine ones stay in the
 * thread; channel settings and per-case snoozes are applied when the delivery is attempted; the
 * filings shown are recorded with the message showing them; walls hold.
 */
import { afterEach, describe, expect, it } from "vitest";
import { filingValue } from "../../../../src/features/alerts/views/alert-controls.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { ACME, ADMIN, COURT, IP, isBroadcast, SITE, TEAM, startRig, type Rig } from "./helpers.ts";

let rig: Rig;
afterEach(async () => {
  await rig?.close();
});

const DOCKET = "1:23-cv-01234";
const CASE = { teamId: TEAM, channelId: ACME, court: COURT, docket: DOCKET };
const DAY = 86_400_000;
let n = 200;
const order = (date = "3/4/2026") => ({ date, number: String(n++), contents: "ORDER granting Motion to Compel Discovery. Signed by Judge A. Smith.", link: `${SITE}cases/x/docs/${n}.pdf` });
const motion = (date = "3/4/2026") => ({ date, number: String(n++), contents: "MOTION to Dismiss for Lack of Jurisdiction filed by Widget Inc." });
const routine = (date = "3/4/2026") => ({ date, number: String(n++), contents: "NOTICE of Appearance by Jane Roe on behalf of Acme Corp" });
const push = (entries: object[], matter = "ACME-001") => ({
  push_type: "docket", client_matter: matter, court: COURT, docket: DOCKET, info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [],
});

const headlines = (channel = ACME) => rig.slack.state.messages(channel).filter(isBroadcast);
const roots = (channel = ACME) => rig.slack.state.messages(channel).filter((m) => !isBroadcast(m));
const thread = (channel = ACME) => rig.slack.state.thread(channel, roots(channel)[0]!.ts);

async function linked(): Promise<Rig> {
  rig = await startRig();
  await rig.link(ACME, "ACME-001");
  return rig;
}

describe("visible filings", () => {
  it("an order reaches the channel: a reply broadcast from the case thread, naming it, with Docketed and Assign; the full alert follows unbroadcast", async () => {
    await linked();
    const o = order();
    await rig.push(push([o, routine()]));
    await rig.drained();
    const [headline] = headlines();
    expect(headline).toBeDefined();
    expect(headline!.thread_ts).toBe(roots()[0]!.ts);
    expect(headline!.text).toMatch(new RegExp(`^Order in Acme Corp v\\. Widget Inc · S\\.D\\.N\\.Y\\. · 1:23-cv-01234: #${o.number} ORDER granting`));
    const blocks = JSON.stringify(headline!.blocks);
    expect(blocks).toContain(`|#${o.number}>* · 3/4/2026 · \`Order\` — ORDER granting Motion to Compel Discovery`);
    expect(blocks).toContain("+1 routine filing in the thread");
    expectValidMessage({ text: headline!.text, blocks: headline!.blocks });

    const posts = rig.posts(ACME);
    expect(posts.map((p) => p.params.reply_broadcast)).toEqual([undefined, "true", undefined]); // root, headline, reply
    expect(thread().map((m) => m.subtype ?? "")).toEqual(["", "thread_broadcast", ""]);

    // Recorded: the order shown in the channel (its button carries its id), the notice in the thread.
    const shown = await rig.store.filingsOfMessage({ teamId: TEAM, channelId: ACME }, headline!.ts);
    expect(shown.map((f) => [f.entryNumber, f.level, f.kind, f.shown])).toEqual([[o.number, "urgent", "Order", "channel"]]);
    const button = (headline!.blocks as { accessory?: { action_id?: string; value?: string } }[]).find((b) => b.accessory?.action_id === "filing_docketed");
    expect(filingValue.decode(button?.accessory?.value)).toEqual({ f: shown[0]!.id });
    const all = await rig.store.filingsBetween({ teamId: TEAM, channelId: ACME }, 0, rig.clock.now() + 1, { matters: ["ACME-001"] });
    expect(all.map((f) => f.shown).sort()).toEqual(["channel", "thread"]);
  });

  it("a routine filing stays in the thread: nothing new at the bottom of the channel", async () => {
    await linked();
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(0);
    expect(thread()).toHaveLength(2);
    expect(JSON.stringify(thread()[1]!.blocks)).toContain("+1 routine filing (notice of appearance)");
  });
});

describe("folded filings are counted in the next channel-level message", () => {
  it("routine filings of earlier pushes are counted by the next headline, then not again", async () => {
    await linked();
    await rig.push(push([routine(), routine()]));
    await rig.push(push([routine()]));
    await rig.push(push([order(), routine()]));
    await rig.push(push([order()]));
    await rig.drained();
    const [first, second] = headlines();
    expect(JSON.stringify(first!.blocks)).toContain("+4 routine filings in the thread");
    expect(JSON.stringify(second!.blocks)).toContain("Every entry is in the thread");
  });
});

describe("channel settings", () => {
  it("notable filings stay in the thread when the channel says so; orders can never be hidden", async () => {
    await linked();
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: false, postRoutine: false, timeZone: "America/New_York" });
    await rig.push(push([motion()]));
    await rig.push(push([order(), motion()]));
    await rig.drained();
    expect(headlines()).toHaveLength(1);
    expect(headlines()[0]!.text).toMatch(/^Order in/);
    expect(JSON.stringify(headlines()[0]!.blocks)).toContain("+2 notable filings in the thread"); // this push's and the earlier one's
  });

  it("routine filings post to the channel when the channel asks for them", async () => {
    await linked();
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: true, postRoutine: true, timeZone: "America/New_York" });
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines().map((h) => h.text.split(" in ")[0])).toEqual(["Notice of appearance"]);
  });
});

describe("snooze, enforced when the delivery is attempted", () => {
  const recorded = async () =>
    (await rig.store.filingsBetween({ teamId: TEAM, channelId: ACME }, 0, rig.clock.now() + 1, { matters: ["ACME-001"] })).map((f) => [f.level, f.shown]);

  it("issue 22 item 3: a mute folds routine filings only; an order still reaches the channel with Docketed ✓ and Assign, and the counts agree", async () => {
    await linked();
    await rig.store.snoozeCase({ ...CASE, clientMatter: "ACME-001", mode: "until", until: rig.clock.now() + 7 * DAY, by: ADMIN });
    await rig.push(push([order(), routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(1);
    const blocks = JSON.stringify(headlines()[0]!.blocks);
    expect(headlines()[0]!.text).toMatch(/^Order in/);
    expect(blocks).toContain('"action_id":"filing_docketed"');
    expect(blocks).toContain('"action_id":"filing_assign"');
    expect(blocks).toContain("+1 routine filing in the thread");
    expect(JSON.stringify(thread().at(-1)!.blocks)).toContain("+1 routine filing (notice of appearance)");
    expect(JSON.stringify(roots()[0]!.blocks)).toContain("Muted until <!date^");

    // Still muted: the next order's headline counts only this push's routine filing, as its thread reply does.
    await rig.push(push([order(), routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(2);
    expect(JSON.stringify(headlines()[1]!.blocks)).toContain("+1 routine filing in the thread");
    expect((await recorded()).sort()).toEqual([["routine", "thread"], ["routine", "thread"], ["urgent", "channel"], ["urgent", "channel"]]);
  });

  it("a mute keeps routine filings the settings would post in the thread (recorded as muted) and the next headline counts them", async () => {
    await linked();
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: true, postRoutine: true, timeZone: "America/New_York" });
    await rig.store.snoozeCase({ ...CASE, clientMatter: "ACME-001", mode: "unmuted", by: ADMIN });
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(0);
    await rig.push(push([motion()]));
    await rig.drained();
    expect(headlines().map((h) => h.text.split(" in ")[0])).toEqual(["Motion"]);
    expect(JSON.stringify(headlines()[0]!.blocks)).toContain("+1 routine filing in the thread");
    expect((await recorded()).sort()).toEqual([["notable", "channel"], ["routine", "muted"]]);
  });

  it("after a 7-day mute ends, routine filings the settings post reach the channel again", async () => {
    await linked();
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: true, postRoutine: true, timeZone: "America/New_York" });
    await rig.store.snoozeCase({ ...CASE, clientMatter: "ACME-001", mode: "until", until: rig.clock.now() + 7 * DAY, by: ADMIN });
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(0);
    await rig.clock.advance(7 * DAY + 1);
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(1);
    expect(JSON.stringify(roots()[0]!.blocks)).not.toContain("Muted until");
  });

  it("'until the next order': a routine filing stays in the thread, the next order ends the snooze and is posted", async () => {
    await linked();
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: true, postRoutine: true, timeZone: "America/New_York" });
    await rig.store.snoozeCase({ ...CASE, clientMatter: "ACME-001", mode: "next_order", by: ADMIN });
    await rig.push(push([routine()]));
    await rig.drained();
    expect(headlines()).toHaveLength(0);
    expect(await rig.store.activeSnooze(CASE, rig.clock.now())).toBeDefined();
    await rig.push(push([order()]));
    await rig.drained();
    expect(headlines().map((h) => h.text.split(" in ")[0])).toEqual(["Order"]);
    expect(await rig.store.activeSnooze(CASE, rig.clock.now())).toBeUndefined();
  });

  it("a snooze set while the alert waited in the outbox is honoured (the last gate)", async () => {
    rig = await startRig({ start: false });
    await rig.link(ACME, "ACME-001");
    await rig.store.saveAlertSettings({ teamId: TEAM, channelId: ACME, postNotable: true, postRoutine: true, timeZone: "America/New_York" });
    await rig.push(push([routine()]));
    await rig.store.snoozeCase({ ...CASE, clientMatter: "ACME-001", mode: "unmuted", by: ADMIN });
    await rig.outbox.start();
    await rig.drained();
    expect(headlines()).toHaveLength(0);
    expect(thread()).toHaveLength(2);
  });
});

describe("walls", () => {
  it("another client's channel gets no message and no filing; an unlinked channel gets nothing at the last gate", async () => {
    rig = await startRig({ start: false });
    await rig.link(ACME, "ACME-001");
    await rig.link(IP, "IP-9");
    await rig.link(IP, "ACME-001");
    await rig.push(push([order()]));
    await rig.store.unlinkMatter({ teamId: TEAM, channelId: IP, clientMatter: "ACME-001" });
    await rig.outbox.start();
    await rig.drained();
    expect(headlines(ACME)).toHaveLength(1);
    expect(rig.posts(IP)).toHaveLength(0);
    expect(await rig.store.filingsBetween({ teamId: TEAM, channelId: IP }, 0, rig.clock.now() + 1, { matters: ["ACME-001", "IP-9"] })).toEqual([]);
  });
});
