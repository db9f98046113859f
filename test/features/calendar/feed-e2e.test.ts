/**
 * The calendar feed end to end (issue 16 item 5): an admin makes a matter's feed URL with
 * `/docket calendar` in Slack (the stand-in, over signed HTTP), a calendar app fetches it from the
 * real bot over loopback, and ical.js (not our parser) reads it: only that matter's dates; a moved
 * date keeps its UID with a higher SEQUENCE; a vacated one is CANCELLED; a wrong or revoked token
 * gets the same 404 as any unknown path, and no token reaches the logs.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { FEED_PAST_DAYS } from "../../../src/features/calendar/feed.ts";
import { VERSION_TTL_MS } from "../../../src/features/calendar/feed-cache.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { captureLog, type CapturedLog } from "../../helpers/log-capture.ts";
import { ackBody, bodyOf, command, expectValidPayloads, mark, textOf, waitForResponse } from "../tracking/helpers.ts";

const PUBLIC_URL = "https://docketbot.example.com/";
const ACME_CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme v. Widget" };
const IP_CASE = { court: "Delaware District Court", docket: "1:24-cv-00077", caseTitle: "Ipso v. Facto" };

const date = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "hearing:motion-to-dismiss",
  kind: "hearing",
  title: "Hearing on Motion to Dismiss",
  date: "2026-12-15",
  time: "10:00",
  place: "Courtroom 12A",
  source: { entryNumber: "45", entryDate: "2026-11-10", entryIndex: 44 },
  confidence: 0.9,
  status: "scheduled",
  history: [],
  ...over,
});

let h: BotHarness;
const clock = new FakeClock();
let log: CapturedLog;
beforeAll(async () => {
  log = captureLog("debug");
  h = await startBotHarness({ env: { PUBLIC_URL }, clock, logger: log.logger });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
  await h.store.recordCourtDates({ ...ACME_CASE, matters: ["ACME-001"], dates: [date(), date({ key: "deadline:expert-reports", kind: "deadline", title: "Expert Reports due", date: "2026-12-08", time: undefined, place: undefined })] });
  await h.store.recordCourtDates({ ...IP_CASE, matters: ["IP-007"], dates: [date({ key: "trial:jury", kind: "trial", title: "Jury Trial", date: "2027-02-01", time: "09:00" })] });
});
afterAll(async () => {
  await h?.close();
});

async function fetchFeed(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, type: res.headers.get("content-type"), headers: res.headers, body: await res.text() };
}

function events(ics: string): ICAL.Event[] {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

/** Clicks the matter's first Make / Revoke button in the admin's latest /docket calendar answer; returns the new answer. */
async function click(actionId: string) {
  const eph = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1)!;
  const from = mark(h);
  await h.slack.sendBlockAction({ user: ADMIN, actionId, ephemeral: eph.message_ts });
  const p = await waitForResponse(h, from, () => true, actionId);
  expectValidPayloads(h, from);
  return bodyOf(p);
}

/** The feed's URL on the bot's loopback address instead of the public one. */
const local = (publicFeedUrl: string) => `${h.bot.url}/${publicFeedUrl.slice(PUBLIC_URL.length)}`;

describe("/docket calendar and GET /calendar/<token>.ics", () => {
  let feedUrl = "";

  it("is for admins only", async () => {
    const d = await command(h, "calendar", MEMBER, ACME_CHANNEL);
    expect(ackBody(d).text).toContain("Only docketbot admins can make or revoke calendar feeds");
  });

  it("lists the channel's matter without a feed, then makes its URL once, warning who can read it", async () => {
    const d = await command(h, "calendar", ADMIN, ACME_CHANNEL);
    expect(textOf(ackBody(d))).toContain("*ACME-001*: no calendar feed.");
    expect(textOf(ackBody(d))).not.toContain("IP-007");
    expect(textOf(ackBody(d))).toContain("Anyone with a feed URL can read that matter's court dates");
    const made = await click("calendar_create:0");
    const url = /https:\/\/docketbot\.example\.com\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(textOf(made))?.[0];
    expect(url).toBeDefined();
    feedUrl = url!;
    expect(textOf(made)).toContain("made <!date^");
  });

  it("serves only that matter's dates as text/calendar that ical.js reads", async () => {
    const r = await fetchFeed(local(feedUrl));
    expect(r.status).toBe(200);
    expect(r.type).toBe("text/calendar; charset=utf-8");
    const es = events(r.body);
    expect(es.map((e) => e.summary).sort()).toEqual([
      "Expert Reports due — Acme v. Widget (1:23-cv-01234)",
      "Hearing on Motion to Dismiss — Acme v. Widget (1:23-cv-01234)",
    ]);
    expect(r.body).not.toContain("Ipso");
    expect(r.headers.get("cache-control")).toBe("private, max-age=300");
    expect(r.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(r.headers.get("content-disposition")).toBe('inline; filename="docketbot-ACME-001.ics"');
    // Byte-identical until a date changes, so a calendar app's conditional GET costs a 304.
    const etag = r.headers.get("etag")!;
    expect(etag).toBeTruthy();
    await clock.advance(60_000);
    // (A Cache-Control of our own: fetch adds `no-cache` to a conditional request, as browsers do.)
    expect((await fetchFeed(local(feedUrl), { headers: { "if-none-match": etag, "cache-control": "max-age=0" } })).status).toBe(304);
    const head = await fetchFeed(local(feedUrl), { method: "HEAD" });
    expect([head.status, head.type, head.body]).toEqual([200, "text/calendar; charset=utf-8", ""]);
    const hearing = es.find((e) => e.summary.startsWith("Hearing"))!;
    expect(hearing.startDate.toJSDate().toISOString()).toBe("2026-12-15T15:00:00.000Z");
  });

  it("keeps a moved date's UID and raises its SEQUENCE; a vacated date turns CANCELLED", async () => {
    const before = events((await fetchFeed(local(feedUrl))).body).find((e) => e.summary.startsWith("Hearing"))!;
    await h.store.recordCourtDates({ ...ACME_CASE, dates: [date({ date: "2027-01-12", time: "14:30", status: "moved", source: { entryNumber: "50", entryDate: "2026-11-20", entryIndex: 49 }, changedBy: { source: { entryNumber: "50", entryDate: "2026-11-20", entryIndex: 49 }, words: "reset to" } })] });
    // The feed reads its dates' version again at most every VERSION_TTL_MS (feed-cache.ts, issue 22 item 12).
    await clock.advance(VERSION_TTL_MS);
    const moved = events((await fetchFeed(local(feedUrl))).body).find((e) => e.uid === before.uid)!;
    expect(moved.sequence).toBeGreaterThan(before.sequence);
    expect(moved.startDate.toJSDate().toISOString()).toBe("2027-01-12T19:30:00.000Z");
    await h.store.recordCourtDates({ ...ACME_CASE, dates: [date({ date: "2027-01-12", time: "14:30", status: "cancelled", source: { entryNumber: "51", entryDate: "2026-11-21", entryIndex: 50 } })] });
    await clock.advance(VERSION_TTL_MS);
    const vacated = events((await fetchFeed(local(feedUrl))).body).find((e) => e.uid === before.uid)!;
    expect(vacated.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vacated.sequence).toBeGreaterThan(moved.sequence);
  });

  it("answers a wrong token exactly as it answers any unknown path", async () => {
    const wrongToken = "A".repeat(43);
    const wrong = await fetchFeed(`${h.bot.url}/calendar/${wrongToken}.ics`);
    const unknown = await fetchFeed(`${h.bot.url}/calendar/${"B".repeat(43)}.ics`);
    const nonsense = await fetchFeed(`${h.bot.url}/calendar/x.ics`);
    expect([wrong.status, unknown.status, nonsense.status]).toEqual([404, 404, 404]);
    expect(wrong.body.replace(wrongToken, "B".repeat(43))).toBe(unknown.body);
    expect(wrong.type).toBe(unknown.type);
    expect(wrong.body).not.toMatch(/calendar feed|revoked|matter/i);
  });

  it("a new URL replaces the old, and a revoked URL gets the same 404", async () => {
    const old = feedUrl;
    const remade = await click("calendar_create:0");
    feedUrl = /https:\/\/docketbot\.example\.com\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(textOf(remade))![0];
    expect(feedUrl).not.toBe(old);
    expect(textOf(remade)).toContain("the old URL no longer works");
    expect((await fetchFeed(local(old))).status).toBe(404);
    expect((await fetchFeed(local(feedUrl))).status).toBe(200);

    const revoked = await click("calendar_revoke:0");
    expect(revoked.text).toBe("The calendar feed of ACME-001 is revoked: its URL no longer works.");
    const after = await fetchFeed(local(feedUrl));
    expect(after.status).toBe(404);
    const token = feedUrl.slice(feedUrl.lastIndexOf("/") + 1, -4);
    const unknown = await fetchFeed(`${h.bot.url}/calendar/${"B".repeat(43)}.ics`);
    expect(after.body.replace(token, "B".repeat(43))).toBe(unknown.body);
  });

  it("the case card's Add to calendar sends the case's dates, and only them, as an .ics to the clicker's DM", async () => {
    await command(h, "case nysd 1:23-cv-01234", MEMBER, ACME_CHANNEL);
    const card = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => JSON.stringify(e.blocks ?? []).includes('"case_ics"')), { what: "the case card" });
    const from = mark(h);
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "case_ics", ephemeral: card.message_ts });
    const told = await waitForResponse(h, from, (p) => /^Sent its/.test(bodyOf(p).text ?? ""), "the confirmation");
    // Showing the case may itself read dates from its docket (the deadlines feature): count what is stored.
    const since = new Date(clock.now() - FEED_PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
    const stored = await h.store.courtDatesOfCase(ACME_CASE, ["ACME-001"], { from: since, includeCancelled: true, includeMet: true });
    // The counts as the file shows them: struck (vacated, or ended by a Rule 12 motion), past, the rest ahead.
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const struck = stored.filter((d) => d.status === "cancelled" || d.met?.why !== undefined).length;
    const past = stored.filter((d) => !(d.status === "cancelled" || d.met?.why !== undefined) && d.date < today).length;
    expect([struck, past].some((n) => n > 0)).toBe(true);
    const parts = [`${stored.length - struck - past} ahead`, struck ? `${struck} vacated or ended, marked cancelled` : "", past ? `${past} past` : ""].filter(Boolean);
    expect(bodyOf(told).text).toBe(`Sent its ${stored.length} court dates (${parts.join(", ")}) as an .ics file to your direct messages with docketbot.`);
    const file = await h.slack.waitFor(() => h.slack.state.files().find((f) => f.name.endsWith(".ics")), { what: "the .ics upload" });
    expect(file.name).toBe("court-dates-1-23-cv-01234.ics");
    const res = await fetch(file.url_private_download, { headers: { authorization: `Bearer ${h.bot.slack!.app.client.token}` } });
    const es = events(await res.text());
    expect(es).toHaveLength(stored.length);
    expect(es.every((e) => /\(1:23-cv-01234\)(?: \(computed — verify\))?$/.test(e.summary))).toBe(true);
    expect(es.map((e) => e.summary)).toEqual(expect.arrayContaining([
      expect.stringMatching(/^Cancelled: Hearing on Motion to Dismiss — /),
      expect.stringMatching(/^Expert Reports due — /),
    ]));
    expectValidPayloads(h, from);
  });

  it("the case card's Add to calendar gives nothing where the channel has no matter", async () => {
    await command(h, "case nysd 1:23-cv-01234", MEMBER, "D0MO");
    const card = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, "D0MO").find((e) => JSON.stringify(e.blocks ?? []).includes('"case_ics"')), { what: "the case card" });
    const from = mark(h);
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "case_ics", ephemeral: card.message_ts });
    const told = await waitForResponse(h, from, () => true, "the answer");
    expect(bodyOf(told).text).toContain("this channel has none");
  });

  it("goes dark (the same 404) while no channel of its workspace has the matter, and back when one links it again", async () => {
    await command(h, "calendar", ADMIN, IP_CHANNEL);
    const eph = h.slack.state.ephemerals(ADMIN, IP_CHANNEL).at(-1)!;
    const from = mark(h);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "calendar_create:0", ephemeral: eph.message_ts });
    const made = bodyOf(await waitForResponse(h, from, () => true, "the IP-007 URL"));
    const ipUrl = local(/https:\/\/docketbot\.example\.com\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(textOf(made))![0]);
    expect(events((await fetchFeed(ipUrl)).body).map((e) => e.summary)).toEqual(["Jury Trial — Ipso v. Facto (1:24-cv-00077)"]);
    await h.store.unlinkMatter({ teamId: TEAM, channelId: IP_CHANNEL, clientMatter: "IP-007", unlinkedBy: "U0ADMIN" });
    expect((await fetchFeed(ipUrl)).status).toBe(404);
    await h.linkMatter(IP_CHANNEL, "IP-007");
    expect((await fetchFeed(ipUrl)).status).toBe(200);
  });

  it("the matter's audit trail says who made and revoked its feed URLs", async () => {
    const d = await command(h, "audit", ADMIN, ACME_CHANNEL);
    const text = textOf(ackBody(d));
    expect(text).toContain("<@U0ADMIN> made a calendar feed URL · *ACME-001*");
    expect(text).toContain("<@U0ADMIN> revoked a calendar feed URL · *ACME-001*");
  });

  it("never logs a token", async () => {
    const lines = JSON.stringify(log.lines());
    expect(lines).not.toMatch(/\/calendar\/[A-Za-z0-9_-]{43}/);
    expect(lines).toContain("/calendar/[REDACTED].ics");
    expect(lines).toContain("calendar feed made");
  });
});

describe("/docket calendar without PUBLIC_URL", () => {
  it("tells the admin what to set instead of making a URL nobody can reach", async () => {
    const bare = await startBotHarness();
    try {
      await bare.linkMatter(ACME_CHANNEL, "ACME-001");
      const d = await bare.slack.sendCommand({ text: "calendar", user: ADMIN, channel: ACME_CHANNEL });
      expect((d.body as { text: string }).text).toContain("set PUBLIC_URL");
    } finally {
      await bare.close();
    }
  });
});
