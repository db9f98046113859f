/**
 * Deadlines end to end over real HTTP (issue 16, Tests): a pushed scheduling order becomes an alert
 * naming its dates; `/docket deadlines` lists them in the matter's channel only; Calendared ✓ is
 * stored with who and when, and undone; a reminder is posted once at its time on the injected
 * clock, and not again after a restart on the same database. The clock is real time plus an offset
 * the test moves; the scheduler's pass is called directly (like the digest end-to-end test).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, type Clock } from "../../../src/clock.ts";
import { addDays } from "../../../src/court/rules/iso-day.ts";
import { todayIn } from "../../../src/court/today.ts";
import { REMINDER_EVENT_TYPE } from "../../../src/features/deadlines/reminders.ts";
import { readAudit } from "../../helpers/audit-trail.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let offset = 0;
const clock: Clock = { now: () => Date.now() + offset, sleep: (ms, signal) => systemClock.sleep(ms, signal) };
const DAY = 86_400_000;
const COURT = "Delaware District Court";
const DOCKET = "1:26-cv-00016";
const ACME = { teamId: TEAM, channelId: ACME_CHANNEL };
const ZONE = "America/New_York";

const us = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return `${m}/${d}/${y}`;
};
const today = () => todayIn(ZONE, clock.now());
let expertDue: string;
let conference: string;

let dir: string;
let h: BotHarness;
const start = () => startBotHarness({ clock, databasePath: join(dir, "docketbot.db") });
const channelMessages = () => h.slack.state.messages(ACME_CHANNEL);
const reminders = () => channelMessages().filter((m) => m.metadata?.event_type === REMINDER_EVENT_TYPE);

async function push(entries: { number: string; date: string; contents: string }[]): Promise<void> {
  const body = {
    push_type: "docket", client_matter: "ACME-001", court: COURT, docket: DOCKET,
    info: { title: "Deadline Co. v. Calendar LLC", date_filed: "1/2/2026" }, docket_report: entries, parties: [],
  };
  await h.store.storePush({ body: JSON.stringify(body), receivedAt: clock.now(), pushType: "docket", clientMatter: "ACME-001" });
  h.bot.outbox?.notify();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-deadlines-"));
  h = await start();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
  expertDue = addDays(today(), 10);
  conference = addDays(today(), 20);
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("deadlines from a pushed docket", () => {
  it("a pushed scheduling order becomes an alert naming the dates it sets", async () => {
    await push([{
      number: "16", date: us(addDays(today(), -1)),
      contents: `SCHEDULING ORDER: Expert Reports due by ${us(expertDue)}. Status Conference set for ${us(conference)} at 10:00 AM in Courtroom 4B before Judge Maryellen Noreika. (Signed by Judge Maryellen Noreika)`,
    }]);
    const headline = await h.slack.waitFor(() => channelMessages().find((m) => JSON.stringify(m.blocks ?? []).includes("filing_dates:")), { timeoutMs: 10_000, what: "the headline with its dates" });
    const json = JSON.stringify(headline.blocks);
    // With the weekday (a clerk checks it) and the court's clock (D. Del.: Eastern).
    const day = (iso: string) => `${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(`${iso}T12:00:00Z`).getUTCDay()]} ${us(iso)}`;
    expect(json).toContain(`sets Expert Reports due ${day(expertDue)}`);
    expect(json).toContain(`sets Status Conference ${day(conference)} 10:00 AM ET`);
    const stored = await h.store.courtDatesOfMatters(["ACME-001"]);
    expect(stored.map((d) => [d.key, d.date, d.time])).toEqual([
      ["deadline:expert-reports", expertDue, undefined],
      ["conference:status", conference, "10:00"],
    ]);
  });

  it("/docket deadlines lists them in the matter's channel only", async () => {
    const d = await h.slack.sendCommand({ text: "deadlines", user: MEMBER, channel: ACME_CHANNEL });
    expect(d.lateAck).toBe(false);
    const body = d.body as { response_type: string; text: string; blocks: unknown[] };
    expect(body.response_type).toBe("ephemeral");
    expectValidMessage(body as never);
    const json = JSON.stringify(body.blocks);
    expect(json).toContain("Expert Reports due");
    expect(json).toContain("Status Conference");
    expect(json).toContain("Courtroom 4B");
    expect(json).toContain("From #16 filed");
    expect(json.match(/"action_id":"court_date_calendared:\d+"/g)).toHaveLength(2);

    const other = await h.slack.sendCommand({ text: "deadlines", user: MEMBER, channel: IP_CHANNEL });
    const otherJson = JSON.stringify(other.body);
    expect(otherJson).not.toContain("Expert Reports");
    expect(otherJson).toContain("None in the next 30 days");
  });

  it("Calendared ✓ is stored with who and when, shown, and can be undone", async () => {
    const list = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
    const [expert] = await h.store.courtDatesOfMatters(["ACME-001"]);
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: list.message_ts, actionId: `court_date_calendared:${expert!.id}` });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => r.outcome === "replaced"), { what: "the list re-rendered" });
    const [signOff] = await h.store.calendaredIn(ACME, [expert!.id]);
    expect(signOff).toMatchObject({ calendaredBy: MEMBER, date: expertDue });
    expect(JSON.stringify(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!.blocks)).toContain(`✓ Calendared by <@${MEMBER}>`);

    const again = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
    const from2 = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: again.message_ts, actionId: `court_date_calendared:${expert!.id}` });
    await h.slack.waitFor(() => h.slack.responses.slice(from2).find((r) => r.outcome === "replaced"), { what: "the undo re-rendered" });
    expect(await h.store.calendaredIn(ACME, [expert!.id])).toEqual([]);
    // Calendared again for the rest of the test.
    await h.store.setCalendared({ ...ACME, courtDateId: expert!.id, userId: MEMBER, calendared: true }, ["ACME-001"]);
  });

  it("admins set the channel's reminder days; members are refused", async () => {
    const member = await h.slack.sendCommand({ text: "deadlines settings 3", user: MEMBER, channel: ACME_CHANNEL });
    expect((member.body as { text: string }).text).toContain("Only docketbot admins");
    const admin = await h.slack.sendCommand({ text: "deadlines settings 7 1", user: ADMIN, channel: ACME_CHANNEL });
    expect((admin.body as { text: string }).text).toContain("7 days and 1 day before each date");
    expect((await h.store.getReminderSettings(ACME)).daysBefore).toEqual([7, 1]);
  });

  it("a reminder is posted once at its time, and not again after a restart", async () => {
    expect((await h.bot.reminders!.runDue()).filter((o) => o.result === "posted")).toEqual([]);
    // Three days before the expert reports are due (its 7-day reminder), 09:30 New York time.
    const at = Date.parse(`${addDays(expertDue, -7)}T14:30:00Z`);
    offset = at - Date.now();
    const outcomes = await h.bot.reminders!.runDue();
    expect(outcomes).toEqual([expect.objectContaining({ result: "posted", channelId: ACME_CHANNEL })]);
    expect(reminders()).toHaveLength(1);
    const posted = reminders()[0]!;
    expect(posted.text).toMatch(/^Reminder: Expert Reports due is in 7 days \(\w{3} \d+\/\d+\/\d{4}\)$/);
    expect(JSON.stringify(posted.blocks)).toContain(`✓ Calendared by <@${MEMBER}>`);
    expect(h.slack.state.messages(IP_CHANNEL).filter((m) => m.metadata?.event_type === REMINDER_EVENT_TYPE)).toEqual([]);
    expect(await h.bot.reminders!.runDue()).toEqual([]);

    // Undo on the reminder itself updates that message in place, for the whole channel.
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: posted.ts, actionId: (JSON.stringify(posted.blocks).match(/court_date_calendared:\d+/) ?? [""])[0] });
    await h.slack.waitFor(() => JSON.stringify(h.slack.state.message(ACME_CHANNEL, posted.ts)?.blocks ?? []).includes("Not calendared yet") || undefined, { what: "the reminder updated" });
    expect(JSON.stringify(h.slack.state.message(ACME_CHANNEL, posted.ts)?.blocks)).toContain(":bell: *Reminder:*");

    // Marked again from someone's private list: the reminder in the channel says so too; undone
    // from the list, the reminder no longer says "✓ Calendared" (it said so before, stale).
    const mine = async () => {
      const before = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
      await h.slack.sendCommand({ text: "deadlines", user: MEMBER, channel: ACME_CHANNEL });
      return h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[before]);
    };
    const id = (JSON.stringify(posted.blocks).match(/court_date_calendared:(\d+)/) ?? ["", ""])[1];
    const shows = (what: string) => JSON.stringify(h.slack.state.message(ACME_CHANNEL, posted.ts)?.blocks ?? []).includes(what) || undefined;
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: (await mine()).message_ts, actionId: `court_date_calendared:${id}` });
    await h.slack.waitFor(() => shows(`✓ Calendared by <@${MEMBER}>`), { what: "the reminder showing the mark made in the list" });
    await h.slack.sendBlockAction({ user: MEMBER, ephemeral: (await mine()).message_ts, actionId: `court_date_calendared:${id}` });
    await h.slack.waitFor(() => shows("Not calendared yet"), { what: "the reminder showing the undo made in the list" });

    await h.close();
    h = await start();
    // The restarted bot (its own scheduler loop ran at start, too) posts nothing: the run is in the store.
    expect(await h.bot.reminders!.runDue()).toEqual([]);
    expect(reminders()).toEqual([]);
    expect(h.slack.callsTo("chat.postMessage").filter((c) => JSON.stringify(c).includes(REMINDER_EVENT_TYPE))).toEqual([]);
    expect(await h.store.unfinishedReminderRuns()).toEqual([]);
  });
});

describe("the audit trail of court dates (issue 22)", () => {
  it("names who marked and unmarked Calendared ✓ on which date and who set the reminder days, in /docket audit and its CSV, within the wall", async () => {
    const { text, csv } = await readAudit(h, ACME_CHANNEL);
    expect(text).toMatch(/<@U0MEMBER> marked calendared 1:26-cv-00016 \([^)]+\) \([^)]+ on \d{4}-\d\d-\d\d[^)]*\) · \*ACME-001\* · in <#C0ACME>/);
    expect(text).toMatch(/<@U0MEMBER> unmarked calendared 1:26-cv-00016/);
    expect(text).toMatch(/<@U0ADMIN> unmarked calendared 1:26-cv-00016/); // the Undo on the reminder
    expect(text).toContain("<@U0ADMIN> changed the channel's court-date reminders (7 days before, 1 day before) · *ACME-001* · in <#C0ACME>");
    expect(csv).toMatch(/"calendared","U0MEMBER","ACME-001","C0ACME",/);
    expect(csv).toMatch(/"uncalendared","U0ADMIN","ACME-001","C0ACME",/);
    expect(csv).toContain('"reminder_settings","U0ADMIN","ACME-001","C0ACME","","","","","","7 days before, 1 day before"');
    const ip = await readAudit(h, IP_CHANNEL);
    expect(ip.text).not.toContain("ACME-001");
    expect(ip.csv).not.toContain("ACME-001");
  });
});

/** Polls an async read until it gives something (the outbox delivers in the background). */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("deadlines met and computed across pushes (issue 23)", () => {
  it("a later push's filing by the party named meets an earlier push's deadline: it leaves the list, the feed keeps it as met", async () => {
    const due = addDays(today(), 30);
    await push([{ number: "30", date: us(addDays(today(), -2)), contents: `SCHEDULING ORDER: Appellee's brief due ${us(due)}. (Signed by Judge Maryellen Noreika)` }]);
    const brief = await eventually(async () => (await h.store.courtDatesOfMatters(["ACME-001"])).find((d) => /brief/i.test(d.title)), "the brief's deadline");
    expect(brief.date).toBe(due);
    await push([{ number: "31", date: us(today()), contents: "BRIEF filed by Appellee Calendar LLC. (Attachments: # 1 Appendix)" }]);
    await eventually(async () => ((await h.store.courtDatesOfMatters(["ACME-001"])).some((d) => d.id === brief.id) ? undefined : true), "the deadline met");
    const kept = (await h.store.courtDatesOfMatters(["ACME-001"], { includeMet: true })).find((d) => d.id === brief.id);
    expect(kept?.met).toMatchObject({ source: { entryNumber: "31" }, words: expect.stringContaining("BRIEF filed by Appellee") });
  });

  it("a served summons brings the answer date the rule gives, shown as computed — verify", async () => {
    await push([{ number: "40", date: us(today()), contents: `SUMMONS Returned Executed. Calendar LLC served on ${us(addDays(today(), -1))}.` }]);
    const answer = await eventually(async () => (await h.store.courtDatesOfMatters(["ACME-001"])).find((d) => d.key.startsWith("computed:answer-after-service")), "the computed answer date");
    expect(answer.byRule).toMatchObject({ courtStates: false, citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", note: "computed — verify", trigger: { entryNumber: "40" } });
  });
});
