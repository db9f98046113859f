/**
 * Digests over real HTTP with the Slack stand-in (issue 12, Tests): a digest runs once at its time,
 * a post whose recording was lost is found in the channel rather than posted again, `/docket
 * digest` shows the digest so far to the asker alone, and walls hold. The bot's clock is real time
 * plus an offset the test moves; the scheduler's pass is called directly (its loop and sleeps are
 * tested on a fake clock in scheduler.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, type Clock } from "../../../../src/clock.ts";
import { DIGEST_EVENT_TYPE } from "../../../../src/features/alerts/digest/scheduler.ts";
import { NO_MATTER } from "../../../../src/features/alerts/digest/digest-command.ts";
import { nextDue } from "../../../../src/features/alerts/digest/schedule.ts";
import type { AlertSettings } from "../../../../src/store/store.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { ACME_CHANNEL, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../../helpers/bot-harness.ts";
import { filing } from "../../../store/filing-input.ts";

let offset = 0;
const clock: Clock = { now: () => Date.now() + offset, sleep: (ms, signal) => systemClock.sleep(ms, signal) };
const ACME = { teamId: TEAM, channelId: ACME_CHANNEL };
const DAY = 86_400_000;
const settings: AlertSettings & { updatedBy: string } = { ...ACME, postNotable: true, postRoutine: false, timeZone: "UTC", dailyAt: "09:00", updatedBy: "U0ADMIN" };

let h: BotHarness;
let due: number;
const digests = () => h.slack.state.messages(ACME_CHANNEL).filter((m) => m.metadata?.event_type === DIGEST_EVENT_TYPE);
const bodyText = (b: unknown) => JSON.stringify(b);

beforeAll(async () => {
  h = await startBotHarness({ clock });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.store.saveAlertSettings(settings);
  due = nextDue(settings, "daily", clock.now())!;
  await h.store.recordFilings([
    filing(42, { ...ACME, kind: "Order", summary: "ORDER granting motion to dismiss", caseTitle: "Acme Corp v. Widget Inc" }),
    filing(7, { ...ACME, clientMatter: "BETA-9", docket: "1:24-cv-00077", caseTitle: "Beta walled v. Gamma", level: "notable" }),
  ]);
});
afterAll(async () => {
  await h?.close();
});

describe("digests with the Slack stand-in", () => {
  it("/docket digest shows the digest so far to the asker alone, within the channel's matters", async () => {
    const d = await h.slack.sendCommand({ text: "digest", user: MEMBER, channel: ACME_CHANNEL });
    expect(d.lateAck).toBe(false);
    const body = d.body as { response_type: string; text: string; blocks: never[] };
    expect(body.response_type).toBe("ephemeral");
    expectValidMessage(body);
    expect(body.text).toMatch(/^Digest so far: 1 filing in 1 case, 1 not yet docketed/);
    expect(bodyText(body.blocks)).toContain("ORDER granting motion to dismiss");
    expect(bodyText(body.blocks)).not.toContain("Beta walled");
    expect(digests()).toEqual([]);

    const unlinked = await h.slack.sendCommand({ text: "digest", user: MEMBER, channel: IP_CHANNEL });
    expect((unlinked.body as { text: string }).text).toBe(NO_MATTER);
  });

  it("a digest runs once at its time, in the channel, carrying its run in metadata", async () => {
    expect(await h.bot.digests!.runDue()).toEqual([]);
    offset = due - Date.now() + 1000;
    const [outcome, ...rest] = await h.bot.digests!.runDue();
    expect(rest).toEqual([]);
    expect(outcome).toMatchObject({ result: "posted", channelId: ACME_CHANNEL, filings: 1 });
    const posted = digests();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.metadata?.event_payload).toEqual({ run_id: (await h.store.lastDigestRun(ACME, "daily"))!.id });
    expect(posted[0]!.text).toMatch(/^Daily digest: 1 filing in 1 case/);
    expect(bodyText(posted[0]!.blocks)).not.toContain("Beta walled");
    expect(await h.bot.digests!.runDue()).toEqual([]);
    expect(digests()).toHaveLength(1);

    // The digest so far now starts at that digest: nothing new since.
    const d = await h.slack.sendCommand({ text: "digest", user: MEMBER, channel: ACME_CHANNEL });
    expect((d.body as { text: string }).text).toBe("Digest so far: no new filings");
  });

  it("a digest posted but not recorded (a crash between the two) is found in the channel, not posted twice", async () => {
    await h.store.recordFilings([filing(43, { ...ACME, summary: "MINUTE ORDER setting a hearing", caseTitle: "Acme Corp v. Widget Inc" })]);
    offset += DAY;
    const store = h.store;
    const finish = store.finishDigestRun;
    store.finishDigestRun = async () => {
      store.finishDigestRun = finish;
      throw new Error("the process died here");
    };
    expect(await h.bot.digests!.runDue()).toEqual([expect.objectContaining({ result: "failed" })]);
    expect(digests()).toHaveLength(2);
    expect(await store.unfinishedDigestRuns()).toHaveLength(1);

    offset += 61_000; // past the retry's backoff
    const [outcome] = await h.bot.digests!.runDue();
    expect(outcome).toMatchObject({ result: "found", ts: digests()[1]!.ts });
    expect(digests()).toHaveLength(2);
    expect(await store.unfinishedDigestRuns()).toEqual([]);
  });
});
