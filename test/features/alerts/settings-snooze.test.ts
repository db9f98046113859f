/**
 * Issue 12, items 3 and 5 over real HTTP with the Slack stand-in: `/docket alerts settings` opens
 * the modal for admins only and its submission is stored and told to the channel; the Snooze menu
 * on a case root stores the snooze (7 days from the clock, next order, until unmuted) and its
 * removal, re-renders the root and tells the thread; a menu naming another matter's case changes
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_NOT_ADMIN } from "../../../src/features/alerts/settings-command.ts";
import { NOT_THIS_CHANNELS_CASE } from "../../../src/features/alerts/snooze.ts";
import { renderCaseRoot } from "../../../src/features/alerts/views/case-root.ts";
import { postMessage } from "../../../src/slack/outbound.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { readAudit } from "../../helpers/audit-trail.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme Corp v. Widget Inc" };
const IP = { court: "Delaware District Court", docket: "1:26-cv-00777", title: "Patentco v. Copyco" };
let acmeRoot: string;
const DAY = 24 * 60 * 60 * 1000;

async function root(channel: string, matter: string, c: typeof ACME): Promise<string> {
  const posted = await postMessage(h.bot.slack!.app.client, { channel, message: renderCaseRoot({ ...c, newEntries: 2, clientMatter: matter }, { siteUrl: h.docket.siteUrl }) });
  await h.store.saveCaseThread({ teamId: TEAM, channelId: channel, ...c, clientMatter: matter, rootTs: posted.ts });
  return posted.ts;
}

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-777");
  acmeRoot = await root(ACME_CHANNEL, "ACME-001", ACME);
  await root(IP_CHANNEL, "IP-777", IP);
});
afterAll(async () => {
  await h?.close();
});

const topModal = (user: string) => h.slack.state.modals(user).at(-1)?.view;

describe("/docket alerts settings", () => {
  it("a member reads the settings, and who may change them, with no form (issue 25 item 11)", async () => {
    const opened = h.slack.callsTo("views.open").length;
    const d = await h.slack.sendCommand({ text: "alerts settings", user: MEMBER, channel: ACME_CHANNEL });
    const body = d.body as { text: string; blocks: unknown[]; response_type: string };
    expect(body.response_type).toBe("ephemeral");
    expect(body.text).toMatch(/^This channel's alert settings: Posting to the channel: orders, opinions and judgments/);
    expect(JSON.stringify(body.blocks)).toContain(`Only docketbot admins can change them: <@${ADMIN}>`);
    expect(JSON.stringify(body.blocks)).not.toMatch(/"type":"(?:button|static_select|checkboxes)"/);
    expect(h.slack.callsTo("views.open")).toHaveLength(opened);
    // No matter here: the same sentence as before, nothing to read.
    const none = await h.slack.sendCommand({ text: "alerts settings", user: MEMBER, channel: IP_CHANNEL });
    expect((none.body as { text: string }).text).not.toContain("Only docketbot admins can change them:");
    void SETTINGS_NOT_ADMIN;
  });

  it("an admin gets the modal; the submission is stored and told to the channel", async () => {
    const d = await h.slack.sendCommand({ text: "alerts settings", user: ADMIN, channel: ACME_CHANNEL });
    expect(d.lateAck).toBe(false);
    const modal = await h.slack.waitFor(() => topModal(ADMIN), { what: "the settings modal" });
    expect(JSON.stringify(modal.blocks)).toContain("Orders, opinions and judgments always post");
    const submit = await h.slack.sendViewSubmission({
      user: ADMIN,
      values: { alert_settings_classes: ["notable", "routine"], alert_settings_daily: "08:00", alert_settings_weekly: "1", alert_settings_zone: "America/Chicago" },
    });
    expect(submit.ackMs).toBeLessThan(3000);
    const post = await h.slack.waitFor(() => h.slack.callsTo("chat.postMessage").find((c) => c.params.channel === ACME_CHANNEL && String(c.params.text).includes("changed this channel's alert settings")), { what: "the confirmation" });
    expectValidMessage(post.params as never);
    expect(await h.store.getAlertSettings({ teamId: TEAM, channelId: ACME_CHANNEL })).toMatchObject({
      postNotable: true, postRoutine: true, dailyAt: "08:00", weeklyOn: 1, timeZone: "America/Chicago", updatedBy: ADMIN,
    });
    // The other channel keeps its defaults.
    expect((await h.store.getAlertSettings({ teamId: TEAM, channelId: IP_CHANNEL })).postRoutine).toBe(false);
  });

  it("the modal opens with what is stored", async () => {
    const opened = h.slack.callsTo("views.open").length;
    await h.slack.sendCommand({ text: "alerts settings", user: ADMIN, channel: ACME_CHANNEL });
    const modal = await h.slack.waitFor(() => h.slack.callsTo("views.open")[opened], { what: "the modal" });
    await h.slack.waitFor(() => topModal(ADMIN), { what: "the modal open" });
    const json = JSON.stringify(modal.params.view);
    expect(json).toContain('"value":"08:00"}');
    expect(json).toContain('"initial_options"');
    const submit = await h.slack.sendViewSubmission({ user: ADMIN, values: { alert_settings_classes: [], alert_settings_daily: "off", alert_settings_weekly: "off", alert_settings_zone: "UTC" } });
    expect(submit.lateAck).toBe(false);
    const saved = await vitestPoll(() => h.store.getAlertSettings({ teamId: TEAM, channelId: ACME_CHANNEL }), (s) => s.timeZone === "UTC");
    expect(saved).toMatchObject({ postNotable: false, postRoutine: false, dailyAt: undefined, weeklyOn: undefined });
  });

  it("a channel with no matter is told so", async () => {
    const d = await h.slack.sendCommand({ text: "alerts settings", user: ADMIN, channel: "D0ANN" });
    expect((d.body as { text: string }).text).toContain("isn't linked to a client matter");
  });
});

async function vitestPoll<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Snooze on a case root", () => {
  const key = { teamId: TEAM, channelId: ACME_CHANNEL, court: ACME.court, docket: ACME.docket };
  const thread = () => h.slack.state.thread(ACME_CHANNEL, acmeRoot);

  it("mutes for 7 days from the clock, re-renders the root and tells the thread who did it", async () => {
    const before = Date.now();
    const click = await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: acmeRoot, actionId: "case_snooze", value: "7d" });
    expect(click.ackMs).toBeLessThan(3000);
    const note = await h.slack.waitFor(() => thread().find((m) => m.text.startsWith("Muted until")), { what: "the thread note" });
    expect(note.text).toContain(`by <@${MEMBER}>`);
    const snooze = await h.store.activeSnooze(key);
    expect(snooze).toMatchObject({ mode: "until", by: MEMBER, clientMatter: "ACME-001" });
    expect(snooze!.until!).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(snooze!.until!).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const rootNow = h.slack.state.message(ACME_CHANNEL, acmeRoot)!;
    expect(JSON.stringify(rootNow.blocks)).toContain("Muted until");
    expectValidMessage(rootNow as never);
  });

  it("until the next order, then unmute: stored and told", async () => {
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: acmeRoot, actionId: "case_snooze", value: "next_order" });
    await h.slack.waitFor(() => thread().find((m) => m.text.startsWith("Muted until the next order")), { what: "the note" });
    expect((await h.store.activeSnooze(key))?.mode).toBe("next_order");

    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: acmeRoot, actionId: "case_snooze", value: "off" });
    await h.slack.waitFor(() => thread().find((m) => m.text.startsWith(`Unmuted by <@${ADMIN}>`)), { what: "the unmute note" });
    expect(await h.store.activeSnooze(key)).toBeUndefined();
    expect(JSON.stringify(h.slack.state.message(ACME_CHANNEL, acmeRoot)!.blocks)).not.toContain("Muted until");
  });

  it("unmuting a case that isn't muted says so and tells nobody else", async () => {
    // A stale copy of the root, from when the case was muted (the live root no longer offers Unmute).
    const stale = (await h.bot.slack!.app.client.chat.postMessage({
      channel: ACME_CHANNEL, text: "stale root",
      blocks: [{
        type: "actions", block_id: `case_snooze:${JSON.stringify({ c: ACME.court, k: ACME.docket })}`,
        elements: [{ type: "static_select", action_id: "case_snooze", options: [{ text: { type: "plain_text", text: "Unmute" }, value: "off" }] }],
      }],
    })).ts!;
    const notes = thread().length;
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: stale, actionId: "case_snooze", value: "off" });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => JSON.stringify(r.body).includes("isn't muted")), { what: "the sentence" });
    expect(thread()).toHaveLength(notes);
  });

  it("a menu naming another matter's case changes nothing and gets a sentence", async () => {
    const forged = (await h.bot.slack!.app.client.chat.postMessage({
      channel: ACME_CHANNEL, text: "forged",
      blocks: [{
        type: "actions", block_id: `case_snooze:${JSON.stringify({ c: IP.court, k: IP.docket })}`,
        elements: [{ type: "static_select", action_id: "case_snooze", options: [{ text: { type: "plain_text", text: "Mute 7 days" }, value: "7d" }] }],
      }],
    })).ts!;
    const from = h.slack.responses.length;
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: forged, actionId: "case_snooze", value: "7d" });
    await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => JSON.stringify(r.body).includes(NOT_THIS_CHANNELS_CASE)), { what: "the refusal" });
    expect(await h.store.activeSnooze({ teamId: TEAM, channelId: ACME_CHANNEL, court: IP.court, docket: IP.docket })).toBeUndefined();
    expect(await h.store.activeSnooze({ teamId: TEAM, channelId: IP_CHANNEL, court: IP.court, docket: IP.docket })).toBeUndefined();
  });
});

describe("the audit trail of settings and mutes (issue 22)", () => {
  it("names who changed the channel's alert settings and who muted and unmuted which case, in /docket audit and its CSV, within the wall", async () => {
    const { text, csv } = await readAudit(h, ACME_CHANNEL);
    expect(text).toContain(
      "<@U0ADMIN> changed the channel's alert settings (notable filings post, routine ones post; daily digest at 08:00, weekly digest on Monday at 08:00 (America/Chicago)) · *ACME-001* · in <#C0ACME>",
    );
    expect(text).toMatch(/<@U0MEMBER> muted 1:23-cv-01234 \([^)]+\) \(until \d{4}-\d\d-\d\d \d\d:\d\d UTC\) · \*ACME-001\* · in <#C0ACME>/);
    expect(text).toMatch(/<@U0ADMIN> muted 1:23-cv-01234 \([^)]+\) \(until the next order\) · \*ACME-001\*/);
    expect(text).toMatch(/<@U0ADMIN> unmuted 1:23-cv-01234 \([^)]+\) · \*ACME-001\*/);
    expect(csv).toMatch(/"alert_settings","U0ADMIN","ACME-001","C0ACME",.*"notable filings post, routine ones post; daily digest at 08:00/);
    expect(csv).toContain('"muted","U0MEMBER","ACME-001","C0ACME","New York Southern District Court","1:23-cv-01234"');
    expect(csv).toContain('"unmuted","U0ADMIN","ACME-001","C0ACME"');
    const ip = await readAudit(h, IP_CHANNEL);
    expect(ip.text).not.toContain("ACME-001");
    expect(ip.csv).not.toContain("ACME-001");
  });
});
