/**
 * Tracking end to end (issue 4): `/docket track`, `untrack`, `watch`, `unwatch`, `tracking`, the
 * pick-a-matter buttons and Untrack buttons, over real HTTP from the Slack stand-in to the real
 * bot to the docket service emulator. Two channels linked to different matters prove the wall.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_PARTY } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import { encodeUntrack } from "../../../src/features/tracking/views/tracking-values.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, bodyOf, channelPost, command, expectValidPayloads, lastEphemeral, mark, textOf, waitForResponse } from "./helpers.ts";

let h: BotHarness;
let hostile: EmuCase;
const HOSTILE_REF = () => `ded ${hostile.docket}`;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
  hostile = h.docket.corpus.cases.find((c) => c.parties.some((p) => p.name === HOSTILE_PARTY))!;
});
afterAll(async () => {
  await h?.close();
});

/** The emulator's trackers, read as an admin would (every matter). */
async function trackers() {
  const { data } = await h.bot.docket.listTrackers({ limit: 50 });
  return data.dockets;
}
const trackerOf = async (docket: string) => (await trackers()).find((t) => t.docket === docket);
const searchTracker = async (q: string) => (await trackers()).find((t) => t.q === q);

/** A command whose result replaces a working line shown in the ack; resolves with the final post. */
async function slow(text: string, user: string, channel: string, final: (p: ReturnType<typeof bodyOf>, outcome: string) => boolean) {
  const from = mark(h);
  const d = await command(h, text, user, channel);
  expect(ackBody(d).text).toMatch(/^:hourglass_flowing_sand: /);
  const post = await waitForResponse(h, from, (p) => p.outcome !== "deleted" && final(bodyOf(p), p.outcome), `the result of ${text}`);
  return { d, from, post, body: bodyOf(post) };
}

/** Clicks `actionId` on the user's latest ephemeral message in the channel; resolves with the first post matching `final`. */
async function click(user: string, channel: string, actionId: string, final: (p: ReturnType<typeof bodyOf>, outcome: string) => boolean) {
  const e = lastEphemeral(h, user, channel)!;
  const from = mark(h);
  await h.slack.sendBlockAction({ user, actionId, ephemeral: e.message_ts });
  const post = await waitForResponse(h, from, (p) => p.outcome !== "deleted" && final(bodyOf(p), p.outcome), `the result of ${actionId}`);
  return { from, post, body: bodyOf(post) };
}

/** `untrack`/`unwatch` asks first (issue 13): the ack is the question, the button does it. */
async function confirmedStop(text: string, user: string, channel: string) {
  const d = await command(h, text, user, channel);
  expect(ackBody(d).text).toMatch(/^Stop (tracking|watching) .*\?$/);
  return click(user, channel, "untrack_case:confirm", (_b, o) => o === "in_channel");
}

describe("track and untrack", () => {
  it("tells a channel with no matter how to link one, and calls nothing", async () => {
    const before = h.docket.ledger.count({ endpoint: "track" });
    const d = await command(h, "track nysd 1:23-cv-01234", MEMBER, "D0MO");
    expect(ackBody(d).text).toBe("This channel isn't linked to a client matter, so it can't track cases yet. A docketbot admin can link one with `/docket matter link ACME-001`.");
    expect(h.docket.ledger.count({ endpoint: "track" })).toBe(before);
  });

  it("tracks for the channel's matter and confirms in the channel what and how often", async () => {
    const { from, post } = await slow("track nysd 1:23-cv-01234 daily", MEMBER, ACME_CHANNEL, (_b, o) => o === "in_channel");
    const message = h.slack.state.message(ACME_CHANNEL, post.ts!)!;
    expect(message.text).toBe("Tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001, checked daily · 7 upcoming dates found: next File a joint letter on the status due Wed 12/9/2026 (computed — verify).");
    // Issue 23 item 1: the docket's dates were read at once, from the stored copy (no fee), and
    // are the matter's now: listed and reminded before the first push.
    const dates = await h.store.courtDatesOfMatters(["ACME-001"], { from: "2026-11-01" });
    expect(dates.length).toBeGreaterThanOrEqual(7);
    expect(h.docket.ledger.total({ endpoint: "getdocket", client_matter: "ACME-001" })).toBe(0);
    expect(h.docket.ledger.count({ endpoint: "getdocket", client_matter: "ACME-001" })).toBeGreaterThan(0);
    expect(textOf(message)).toContain("by <@U0MEMBER>");
    expect(textOf(message)).toContain("`/docket untrack nysd 1:23-cv-01234`");
    // The working line is gone; only the channel post remains.
    expect(h.slack.responses.slice(from.responses).some((p) => p.outcome === "deleted")).toBe(true);
    expect(lastEphemeral(h, MEMBER, ACME_CHANNEL)?.text ?? "").not.toMatch(/hourglass/);
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ court: FLAGSHIP.court, enabled: true, frequency: "daily", client_matter: "ACME-001" });
    // Tracking is free: no fee dialog, and the service's ledger shows no charge.
    expect(h.docket.ledger.total({ endpoint: "track" })).toBe(0);
    expectValidPayloads(h, from);
  });

  it("says what changed when the case is tracked again, with its title from the listing; lowering asks first", async () => {
    const asked = await slow("track nysd 1:23-cv-1234 weekly", ADMIN, ACME_CHANNEL, () => true);
    expect(asked.post.outcome).toBe("replaced");
    expect(asked.body.text).toBe("Check Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 less often for ACME-001: weekly instead of daily?");
    expect(textOf(asked.body)).toContain("once a week instead of once a day");
    expect((await trackerOf(FLAGSHIP.docket))?.frequency).toBe("daily"); // nothing changed yet
    const { post } = await click(ADMIN, ACME_CHANNEL, "track_matter:lower", (_b, o) => o === "in_channel");
    const message = h.slack.state.message(ACME_CHANNEL, post.ts!)!;
    expect(message.text).toBe("Tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001, checked weekly · 7 upcoming dates found: next File a joint letter on the status due Wed 12/9/2026 (computed — verify).");
    expect(textOf(message)).toContain("Checked weekly (was daily)");
    expect((await trackerOf(FLAGSHIP.docket))?.frequency).toBe("weekly");
  });

  it("lets another matter subscribe to the same case without taking it, and never names the first (issue 13)", async () => {
    const { body, post } = await slow("track nysd 1:23-cv-01234 realtime", ADMIN, IP_CHANNEL, () => true);
    expect(post.outcome).toBe("in_channel");
    expect(body.text).toBe("Tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for IP-007, checked in real time · 7 upcoming dates found: next File a joint letter on the status due Wed 12/9/2026 (computed — verify).");
    expect(textOf(body)).not.toContain("ACME");
    // The service's one tracker is the union: still tagged with its first subscriber, at the most frequent frequency.
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "realtime", client_matter: "ACME-001" });
    // IP-007's untrack ends IP-007's subscription only: ACME-001's tracker goes back to weekly.
    const stop = await confirmedStop("untrack nysd 1:23-cv-01234", ADMIN, IP_CHANNEL);
    expect(stop.body.text).toBe("Stopped tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for IP-007.");
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "weekly", client_matter: "ACME-001" });
    // Issue 25 item 9: untracking what the channel does not track is answered at once, no "Stop tracking…?" first.
    const again = await slow("untrack nysd 1:23-cv-01234", ADMIN, IP_CHANNEL, (b) => !b.text?.startsWith(":hourglass"));
    // Named only as this channel's matters know it: another matter's tracker lends it no title (the wall).
    expect(again.body.text).toBe("This channel's matters don't track 1:23-cv-01234 · S.D.N.Y., so there is nothing to stop. `/docket tracking` lists what they do.");
    expect(JSON.stringify(again.body)).not.toContain("untrack_case:confirm");
  });

  it("answers a case the service doesn't have with a sentence naming it", async () => {
    const { body } = await slow("track nysd 1:99-cv-99999", ADMIN, IP_CHANNEL, () => true);
    expect(body.text).toBe("I couldn't find 1:99-cv-99999 (S.D.N.Y.). Check the court and docket number, or try `/docket search`.");
  });

  it("watches and unwatches a saved search", async () => {
    const { post } = await slow('watch "widget patent" weekly', MEMBER, ACME_CHANNEL, (_b, o) => o === "in_channel");
    expect(h.slack.state.message(ACME_CHANNEL, post.ts!)!.text).toBe("Watching saved search “widget patent” for ACME-001, checked weekly.");
    expect(await searchTracker("widget patent")).toMatchObject({ enabled: true, frequency: "weekly", client_matter: "ACME-001" });
    const stop = await confirmedStop('unwatch "widget patent"', MEMBER, ACME_CHANNEL);
    expect(h.slack.state.message(ACME_CHANNEL, stop.post.ts!)!.text).toBe("Stopped watching saved search “widget patent” for ACME-001.");
    expect((await searchTracker("widget patent"))?.enabled).toBe(false);
  });

  it("saves a search as the user typed it: Slack's &amp; escapes are decoded once at the edge", async () => {
    // Slack sends `AT&T` in a slash command's text as `AT&amp;T` (issue 15 item 3).
    const { post } = await slow('watch "AT&amp;T merger" weekly', MEMBER, ACME_CHANNEL, (_b, o) => o === "in_channel");
    expect(h.slack.state.message(ACME_CHANNEL, post.ts!)!.text).toBe("Watching saved search “AT&T merger” for ACME-001, checked weekly.");
    expect(await searchTracker("AT&T merger")).toMatchObject({ enabled: true, client_matter: "ACME-001" });
    expect(await searchTracker("AT&amp;T merger")).toBeUndefined();
    await confirmedStop('unwatch "AT&amp;T merger"', MEMBER, ACME_CHANNEL);
    expect((await searchTracker("AT&T merger"))?.enabled).toBe(false);
  });

  it("lets a channel with several matters pick one with a button, checked again on click", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-002");
    try {
      const from = mark(h);
      const d = await command(h, `track ${HOSTILE_REF()} twice_daily`, MEMBER, ACME_CHANNEL);
      expect(ackBody(d).text).toMatch(/^This channel has 2 client matters\. Which one should track /);
      const picker = lastEphemeral(h, MEMBER, ACME_CHANNEL)!;
      expect(textOf(picker)).not.toContain("<!channel>");
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "track_matter:1", ephemeral: picker.message_ts });
      const post = await waitForResponse(h, from, (p) => p.outcome === "in_channel", "the confirmation");
      const message = h.slack.state.message(ACME_CHANNEL, post.ts!)!;
      expect(message.text).toMatch(/ for ACME-002, checked twice a day( · .* upcoming dates? found: .*| · no upcoming dates on its docket yet)?\.$/);
      expect(await trackerOf(hostile.docket)).toMatchObject({ enabled: true, frequency: "twice_daily", client_matter: "ACME-002" });
      expectValidPayloads(h, from);

      // A value edited to name a matter this channel doesn't have is refused.
      const again = mark(h);
      await command(h, `track ${HOSTILE_REF()}`, MEMBER, ACME_CHANNEL);
      const picker2 = lastEphemeral(h, MEMBER, ACME_CHANNEL)!;
      const forged = JSON.stringify({ c: hostile.court, d: hostile.docket, f: "daily", m: "IP-007" });
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "track_matter:0", ephemeral: picker2.message_ts, value: forged });
      const refused = await waitForResponse(h, again, (p) => bodyOf(p).text?.includes("isn't linked to this channel") ?? false, "the refusal");
      expect(refused.outcome).toBe("replaced");
      expect((await trackerOf(hostile.docket))?.client_matter).toBe("ACME-002");
    } finally {
      await h.store.unlinkMatter({ teamId: TEAM, channelId: ACME_CHANNEL, clientMatter: "ACME-002", unlinkedBy: "U0ADMIN" });
    }
  });
});

describe("/docket tracking: this channel's matters only", () => {
  it("lists a channel's own trackers and nothing of the other matter's", async () => {
    await h.bot.docket.track({ court: hostile.court, docket: hostile.docket }, { enable: true, frequency: "monthly" }, { clientMatter: "IP-007" });
    const acme = await slow("tracking", MEMBER, ACME_CHANNEL, (b) => !b.text?.startsWith(":hourglass"));
    expect(acme.post.outcome).toBe("replaced");
    expect(acme.body.text).toBe("This channel tracks 1 case for ACME-001.");
    expect(textOf(acme.body)).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(textOf(acme.body)).not.toMatch(/IP-007|Holdings|widget patent/);
    expectValidPayloads(h, acme.from);

    const ip = await slow("tracking", ADMIN, IP_CHANNEL, (b) => !b.text?.startsWith(":hourglass"));
    expect(ip.body.text).toBe("This channel tracks 1 case for IP-007.");
    expect(textOf(ip.body)).not.toMatch(/ACME|Acme Widgets/);
    expect(textOf(ip.body)).not.toContain("<!channel>");
    expect(textOf(ip.body)).toContain("Holdings LLC");
  });

  it("refuses an Untrack button edited to point at another matter's case", async () => {
    await command(h, "tracking", ADMIN, IP_CHANNEL);
    const list = await h.slack.waitFor(() => {
      const e = lastEphemeral(h, ADMIN, IP_CHANNEL);
      return e && e.text.startsWith("This channel tracks") ? e : undefined;
    });
    const from = mark(h);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "untrack_case:0", ephemeral: list.message_ts, value: encodeUntrack({ target: FLAGSHIP, page: 0 }) });
    await waitForResponse(h, from, (p) => /^This channel's matters don't track 1:23-cv-01234 · S\.D\.N\.Y\., so there is nothing to stop\./.test(bodyOf(p).text ?? ""), "the refusal");
    expect((await trackerOf(FLAGSHIP.docket))?.enabled).toBe(true);
    expect(h.slack.responses.slice(from.responses).some((p) => p.outcome === "in_channel")).toBe(false);
  });

  it("names a case nobody here tracks by the title its clicker has seen, from the command and the Untrack button alike", async () => {
    // The admin viewed the case (the case view records its title): theirs to read, not the listing's.
    await h.store.touchRecentCase({ teamId: TEAM, userId: ADMIN, court: FLAGSHIP.court, docket: FLAGSHIP.docket, title: "Acme Widgets, Inc. v. Globex Corporation" });
    const named = "This channel's matters don't track Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234, so there is nothing to stop.";
    const typed = await slow("untrack nysd 1:23-cv-01234", ADMIN, IP_CHANNEL, (b) => !b.text?.startsWith(":hourglass"));
    expect(typed.body.text).toContain(named);
    await command(h, "tracking", ADMIN, IP_CHANNEL);
    const list = await h.slack.waitFor(() => {
      const e = lastEphemeral(h, ADMIN, IP_CHANNEL);
      return e && e.text.startsWith("This channel tracks") ? e : undefined;
    });
    const from = mark(h);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "untrack_case:0", ephemeral: list.message_ts, value: encodeUntrack({ target: FLAGSHIP, page: 0 }) });
    await waitForResponse(h, from, (p) => (bodyOf(p).text ?? "").startsWith(named), "the named refusal");
  });

  it("stops a tracker from its Untrack button, redraws the list and tells the channel", async () => {
    await command(h, "tracking", MEMBER, ACME_CHANNEL);
    const list = await h.slack.waitFor(() => {
      const e = lastEphemeral(h, MEMBER, ACME_CHANNEL);
      return e && e.text.startsWith("This channel tracks") ? e : undefined;
    });
    const from = mark(h);
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "untrack_case:0", ephemeral: list.message_ts });
    const post = await channelPost(h, from, "the stop announcement");
    expect(post.text).toBe("Stopped tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001.");
    expect((await trackerOf(FLAGSHIP.docket))?.enabled).toBe(false);
    expect(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.message_ts === list.message_ts)?.text).toBe("ACME-001 no longer tracks anything."); // issue 25 item 10: not "yet" after an untrack
    expectValidPayloads(h, from);
  });

  it("acknowledges at once and shows a working line while the service hangs", async () => {
    h.docket.faults.delayNext("track", 3_500);
    const from = mark(h);
    const d = await command(h, "tracking", MEMBER, ACME_CHANNEL);
    expect(d.ackMs).toBeLessThan(3000);
    expect(ackBody(d).text).toBe(":hourglass_flowing_sand: Reading this channel's trackers…");
    const done = await waitForResponse(h, from, (p) => p.outcome === "replaced", "the list after the delay");
    expect(bodyOf(done).text).toBe("Nothing is tracked for ACME-001 yet.");
  });
});
