/**
 * Digests on schedule (issue 12, item 6), driven by the store so that a restart or a crash neither
 * loses nor doubles one:
 *
 * - each due digest is first CLAIMED (claimDigestRun: one row per channel, period and due time;
 *   created=false means another attempt or process made it, and this one does nothing);
 * - it lists the filings recorded since the channel's previous digest of that period up to its due
 *   time, within the matters the channel has linked (gather.ts: the wall);
 * - it posts one message carrying the run's id as metadata, or nothing when the period was empty,
 *   and then FINISHES the run (posted with its ts, or empty);
 * - a run claimed but never finished (the process died, or Slack failed) is retried, but first the
 *   channel's history is searched for a message with its id, so a digest posted just before a
 *   crash is recorded, not posted again.
 *
 * A channel down for days gets one digest covering the whole gap (the latest due time), not one per
 * missed day; a channel's first digest covers the period before it (or, late, back to when it was
 * configured). A due time earlier than the channel's last settings change is not run (configuring a
 * digest at 10:00 for 09:00 does not post one at once); its filings go into the next one, since each
 * digest starts where the previous one of its period ended.
 *
 *   const digests = createDigestScheduler({ store, clock, logger, poster, siteUrl });
 *   digests.start();         // after Slack is reachable
 *   digests.notify();        // settings changed: look again now
 *   await digests.stop();    // before the store closes
 */
import { randomUUID } from "node:crypto";
import type { Clock } from "../../../clock.ts";
import type { Logger } from "../../../logger.ts";
import { cannotPostThere } from "../../../slack/slack-errors.ts";
import type { AlertSettings, DigestPeriod, DigestRun } from "../../../store/store.ts";
import { runPass } from "../../../schedules/run-pass.ts";
import { createPassLoop } from "../../../schedules/pass-loop.ts";
import { createRetryBook } from "../../../schedules/retry-book.ts";
import { renderDigest } from "../views/digest.ts";
import type { RunPoster } from "../../../slack/run-poster.ts";
import { gatherDigest } from "./gather.ts";
import { digestPeriods, nextDue, previousDue } from "./schedule.ts";
import type { AlertsStore } from "../deps.ts";

/** The metadata event type of a digest message (slack/run-poster.ts). */
export const DIGEST_EVENT_TYPE = "docketbot_digest";

export interface DigestSchedulerDeps {
  store: AlertsStore;
  clock: Clock;
  logger: Logger;
  poster: RunPoster;
  /** The service's `{site_url}`: digests link there, and only there. */
  siteUrl: string;
  /** Longest sleep between looks at the store (settings changed elsewhere); default 5 min. */
  pollMs?: number | undefined;
  /** This process as the holder of the job's lease (default: a random id); see store/exclusive.ts. */
  holder?: string | undefined;
  /** How long a replica that died mid-pass keeps the job from the others; default 60 s. */
  leaseMs?: number | undefined;
  /** A resumed run's history search starts this long before its due time (clock skew); default 5 min. */
  lookupMarginMs?: number | undefined;
}

export type DigestOutcome =
  | { runId: number; channelId: string; period: DigestPeriod; result: "posted"; ts: string; filings: number }
  | { runId: number; channelId: string; period: DigestPeriod; result: "found"; ts: string }
  | { runId: number; channelId: string; period: DigestPeriod; result: "empty" }
  | { runId: number; channelId: string; period: DigestPeriod; result: "failed"; error: string };

export interface DigestScheduler {
  start(): void;
  /** Look at the store now (settings saved). Safe before start. */
  notify(): void;
  /** Stops after the digest being posted, if any. Idempotent. */
  stop(): Promise<void>;
  /** One pass: retries unfinished runs, then claims and runs every due digest. Tests call it directly. */
  runDue(): Promise<DigestOutcome[]>;
}

const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;

export function createDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const { store, clock, logger, poster, siteUrl } = deps;
  const holder = deps.holder ?? randomUUID();
  const pollMs = deps.pollMs ?? 5 * 60_000;
  const margin = deps.lookupMarginMs ?? 5 * 60_000;
  /** Runs that failed in this process: when to try again (a restart tries at once, looking first). */
  const retries = createRetryBook({ clock, firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS });

  const base = (run: DigestRun) => ({ runId: run.id, channelId: run.channelId, period: run.period });

  async function execute(run: DigestRun, lookFirst: boolean): Promise<DigestOutcome> {
    try {
      if (lookFirst) {
        const ts = await poster.findPosted({ channel: run.channelId, runId: run.id, oldestMs: run.dueAt - margin });
        if (ts !== undefined) {
          await store.finishDigestRun(run.id, { status: "posted", postedTs: ts });
          retries.cleared(run.id);
          logger.info({ runId: run.id, channel: run.channelId, ts }, "digest found already posted; recorded");
          return { ...base(run), result: "found", ts };
        }
      }
      const filings = await gatherDigest(store, run, run.since, run.dueAt);
      if (filings.length === 0) {
        await store.finishDigestRun(run.id, { status: "empty" });
        retries.cleared(run.id);
        return { ...base(run), result: "empty" };
      }
      const message = renderDigest({ period: run.period, since: run.since, until: run.dueAt, filings }, { siteUrl });
      const { ts } = await poster.post({ channel: run.channelId, message, runId: run.id });
      await store.finishDigestRun(run.id, { status: "posted", postedTs: ts });
      retries.cleared(run.id);
      logger.info({ runId: run.id, channel: run.channelId, period: run.period, filings: filings.length, ts }, "digest posted");
      return { ...base(run), result: "posted", ts, filings: filings.length };
    } catch (e) {
      // A channel that refuses us (bot removed, archived) is tried hourly: inviting the bot back fixes it.
      const { attempts, delayMs } = retries.failed(run.id, cannotPostThere(e));
      logger.warn({ err: e, runId: run.id, channel: run.channelId, attempts, retryInMs: delayMs }, "digest not posted; will retry");
      return { ...base(run), result: "failed", error: e instanceof Error ? e.message : String(e) };
    }
  }

  /** The due time to claim for one channel and period now, with where it starts; undefined if none. */
  async function due(settings: AlertSettings, period: DigestPeriod, now: number): Promise<{ dueAt: number; since: number } | undefined> {
    const dueAt = previousDue(settings, period, now);
    if (dueAt === undefined) return undefined;
    if (settings.updatedAt !== undefined && dueAt < settings.updatedAt) return undefined;
    const last = await store.lastDigestRun(settings, period);
    if (last && last.dueAt >= dueAt) return undefined;
    // The first digest covers the period before its due time, or, if it comes late (the process
    // was down), everything since the digest was configured.
    const previous = previousDue(settings, period, dueAt - 1) ?? dueAt;
    const since = last?.dueAt ?? Math.min(previous, settings.updatedAt ?? previous);
    return { dueAt, since };
  }

  /** One replica's pass at a time (schedules/run-pass.ts): another's unfinished run may be one it is posting now. */
  const pass = (stopping: () => boolean): Promise<DigestOutcome[]> =>
    runPass<DigestRun, DigestOutcome>({
      job: { lanes: store, name: "digests", holder, leaseMs: deps.leaseMs ?? 60_000 },
      clock, retries, execute,
      unfinished: () => store.unfinishedDigestRuns(),
      async fresh(now, goOn, outcomes) {
        for (const settings of await store.channelsWithDigests()) {
          for (const period of digestPeriods(settings)) {
            if (!(await goOn())) return;
            const slot = await due(settings, period, now);
            if (!slot) continue;
            const channel = { teamId: settings.teamId, channelId: settings.channelId };
            const { run, created } = await store.claimDigestRun({ ...channel, period, ...slot });
            if (!created) continue; // made by another attempt: finished, or listed as unfinished above
            outcomes.push(await execute(run, false));
          }
        }
      },
    }, stopping);

  /** Until the next due time or retry (the loop sleeps at most pollMs). */
  async function nextWake(now: number): Promise<number | undefined> {
    let wake = retries.earliest();
    for (const s of await store.channelsWithDigests()) {
      for (const p of digestPeriods(s)) {
        const at = nextDue(s, p, now);
        if (at !== undefined) wake = Math.min(wake ?? at, at);
      }
    }
    return wake;
  }

  return createPassLoop({ clock, logger, name: "digest scheduler", pollMs, pass, nextWake });
}
