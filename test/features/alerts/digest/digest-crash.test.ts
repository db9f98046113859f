/**
 * Issue 12, Tests: "The SIGKILL crash test covers digests too (none lost, none doubled)."
 *
 * The bot runs as a real child process (src/main.ts) on a SQLite file, with two channels whose
 * daily digest fell due half an hour ago; Slack is the stand-in in this process. The process is
 * killed the moment Slack has stored the first digest, before the bot hears back, so that run is
 * claimed and posted but not recorded; the restart must find it in the channel rather than post it
 * again, and post the other channel's digest, once.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_EVENT_TYPE } from "../../../../src/features/alerts/digest/scheduler.ts";
import { openSqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import { startSlackStandIn, type SlackStandIn } from "../../../../sandbox/slack/stand-in.ts";
import { startBotProcess } from "../../../helpers/bot-process.ts";
import { filing } from "../../../store/filing-input.ts";

const SECRET = "digest-crash-signing-secret-0123456789";
const TOKEN = "xoxb-1111-2222-digestcrashtoken";
const TEAM = "T0DOCKET";
const CHANNELS = ["C0ACME", "C0IP"];
const MATTER = "CRASH-2";
const HOUR = 3_600_000;

let slack: SlackStandIn;
let dir: string;

/**
 * Starts the bot; `onSpawn` gets the child at once. The digest scheduler starts before the HTTP
 * server listens, so a digest can be posted before "docketbot is listening": whoever kills the bot
 * on its first digest must already hold it by then.
 */
function startBot(onSpawn?: (child: ChildProcess) => void): Promise<ChildProcess> {
  return startBotProcess({
    env: { SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl, DATABASE_URL: `sqlite:${join(dir, "bot.db")}` },
    onSpawn,
  }).then((bot) => bot.child);
}

const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode ? r(undefined) : child.once("exit", r)));
const digestsIn = (channel: string) => slack.state.messages(channel).filter((m) => m.metadata?.event_type === DIGEST_EVENT_TYPE);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-digest-crash-"));
  slack = await startSlackStandIn({ signingSecret: SECRET, botToken: TOKEN });
  // Configured an hour ago, due half an hour ago (UTC wall time), with one filing per channel.
  const hourAgo = { now: () => Date.now() - HOUR, sleep: async () => undefined };
  const store = await openSqliteStore({ path: join(dir, "bot.db"), clock: hourAgo });
  const dueAt = new Date(Date.now() - HOUR / 2).toISOString().slice(11, 16);
  for (const channelId of CHANNELS) {
    const channel = { teamId: TEAM, channelId };
    await store.linkMatter({ ...channel, clientMatter: MATTER, linkedBy: "U0ADMIN" });
    await store.saveAlertSettings({ ...channel, postNotable: true, postRoutine: false, timeZone: "UTC", dailyAt: dueAt, updatedBy: "U1" });
    await store.recordFilings([filing(7, { ...channel, clientMatter: MATTER, summary: `ORDER in ${channelId}` })]);
  }
  await store.close();
});
afterAll(async () => {
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("digest crash safety", () => {
  it("a SIGKILL between posting a digest and recording it neither loses nor doubles one", async () => {
    let first: ChildProcess | undefined;
    const unsubscribe = slack.state.subscribe((change) => {
      if (change.kind === "message" && change.channel && digestsIn(change.channel).length > 0) first?.kill("SIGKILL");
    });
    // It may be killed before it says it is listening: that is the point, not a failure to start.
    void startBot((child) => (first = child)).catch(() => undefined);
    await slack.waitFor(() => CHANNELS.some((c) => digestsIn(c).length > 0), { timeoutMs: 20_000, what: "a first digest" });
    await exited(first!);
    unsubscribe();
    expect(first!.signalCode).toBe("SIGKILL");
    // The run posted before the kill is claimed but not recorded as posted.
    const between = await openSqliteStore({ path: join(dir, "bot.db"), clock: { now: () => Date.now(), sleep: async () => undefined } });
    const postedFirst = CHANNELS.find((c) => digestsIn(c).length > 0)!;
    expect((await between.unfinishedDigestRuns()).map((r) => r.channelId)).toContain(postedFirst);
    await between.close();

    const second = await startBot();
    try {
      await slack.waitFor(() => CHANNELS.every((c) => digestsIn(c).length >= 1), { timeoutMs: 30_000, what: "a digest in every channel" });
      await new Promise((r) => setTimeout(r, 1500)); // a late duplicate would show up now
      for (const channel of CHANNELS) {
        const posted = digestsIn(channel);
        expect(posted, channel).toHaveLength(1);
        expect(JSON.stringify(posted[0]!.blocks)).toContain(`ORDER in ${channel}`);
      }
    } finally {
      second.kill("SIGTERM");
      await exited(second);
    }

    const store = await openSqliteStore({ path: join(dir, "bot.db"), clock: { now: () => Date.now(), sleep: async () => undefined } });
    try {
      expect(await store.unfinishedDigestRuns()).toEqual([]);
      for (const channelId of CHANNELS) {
        const run = await store.lastDigestRun({ teamId: TEAM, channelId }, "daily");
        expect(run).toMatchObject({ status: "posted", postedTs: digestsIn(channelId)[0]!.ts });
      }
    } finally {
      await store.close();
    }
  }, 90_000);
});
