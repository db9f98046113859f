/**
 * Court-date reminders (issue 16, item 4): each channel is reminded N days before each date of its
 * matters (its reminder days, default 7 and 1), at REMIND_AT in the channel's zone, each reminder
 * once. Driven by the store like the digests (alerts/digest/scheduler.ts), so a restart neither
 * loses nor doubles one:
 *
 * - a due reminder is first CLAIMED (claimReminderRun: one row per channel, date row, date and N;
 *   created=false means another attempt or process made it, and this one does nothing);
 * - it posts one message carrying the run's id as metadata, then FINISHES the run;
 * - a run claimed but never finished is retried, but first the channel's history is searched for
 *   a message with its id, so a reminder posted just before a crash is recorded, not posted again.
 *
 * Walls: a date reaches only the channels linked to a matter that follows its case (wallAllows).
 * A case muted in a channel gets no reminder there WHILE muted: the reminder waits, unfinished,
 * and is posted once the mute ends if the date still stands and has not passed (muting routine
 * noise for a week must not lose the day-before reminder of a deadline); a date that passes while
 * muted is skipped. When several
 * of a date's reminders are due at once (the date was read late, or the bot was down), only the
 * nearest is posted; the earlier ones are kept as skipped. A date that moved gets reminders for
 * its new date (the run's key holds the date); a cancelled one gets none.
 *
 *   const reminders = createReminderScheduler({ store, clock, logger, poster, siteUrl });
 *   reminders.start(); reminders.notify(); await reminders.stop();
 */
import { daysBetween } from "../../court/rules/iso-day.ts";
import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock.ts";
import { isStanding } from "../../court/deadlines/court-date.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import type { Logger } from "../../logger.ts";
import { cannotPostThere } from "../../slack/slack-errors.ts";
import type { ChannelRef, ReminderRun } from "../../store/store.ts";
import type { RunPoster } from "../../slack/run-poster.ts";
import { runPass } from "../../schedules/run-pass.ts";
import { runExclusive } from "../../store/exclusive.ts";
import { createPassLoop } from "../../schedules/pass-loop.ts";
import { createRetryBook } from "../../schedules/retry-book.ts";
import { createDeadlinesService } from "./deadlines-service.ts";
import { dueReminders, MAX_DAYS_BEFORE } from "./due-reminders.ts";

export { REMIND_AT } from "./due-reminders.ts";
import { renderReminder } from "./views/reminder.ts";
import type { DeadlinesStore } from "./deps.ts";

/** The metadata event type of a reminder message. */
export const REMINDER_EVENT_TYPE = "docketbot_court_date_reminder";
const RETRY_FIRST_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;
/** How often a reminder waiting on a mute looks again (the mute may end early, or has no end). */
const MUTED_RECHECK_MS = 15 * 60_000;
/** remindNow waits this long, this many times, for another replica's pass to end. */
const REMIND_NOW_WAIT_MS = 250;
const REMIND_NOW_TRIES = 20;

export interface ReminderSchedulerDeps {
  store: DeadlinesStore;
  clock: Clock;
  logger: Logger;
  /** The run poster's door to Slack, with REMINDER_EVENT_TYPE as its event type. */
  poster: RunPoster;
  siteUrl: string;
  /** Longest sleep between looks at the store (new dates, settings); default 5 min. */
  pollMs?: number | undefined;
  /** This process as the holder of the job's lease (default: a random id); see store/exclusive.ts. */
  holder?: string | undefined;
  /** How long a replica that died mid-pass keeps the job from the others; default 60 s. */
  leaseMs?: number | undefined;
}

export type ReminderOutcome =
  | { runId: number; channelId: string; courtDateId: number; result: "posted" | "found"; ts: string }
  | { runId: number; channelId: string; courtDateId: number; result: "skipped"; why: string }
  /** The case is muted here: the reminder waits (unfinished) and is tried again at `until`. */
  | { runId: number; channelId: string; courtDateId: number; result: "deferred"; why: string; until: number }
  | { runId: number; channelId: string; courtDateId: number; result: "failed"; error: string };

export interface ReminderScheduler {
  start(): void;
  notify(): void;
  stop(): Promise<void>;
  /** One pass: retries unfinished runs, then claims and posts every due reminder. Tests call it. */
  runDue(): Promise<ReminderOutcome[]>;
  /**
   * A reminder now, of the channel's soonest date not yet reminded at its distance (the sandbox's
   * "Send a reminder"): claimed like any other (N = the days left), so it is posted once too.
   * Undefined when the channel's matters have no date ahead left to remind of.
   */
  remindNow(channel: ChannelRef): Promise<ReminderOutcome | undefined>;
}

export function createReminderScheduler(deps: ReminderSchedulerDeps): ReminderScheduler {
  const { store, clock, logger, poster, siteUrl } = deps;
  const holder = deps.holder ?? randomUUID();
  const pollMs = deps.pollMs ?? 5 * 60_000;
  const service = createDeadlinesService({ store, clock });
  const retries = createRetryBook({ clock, firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS });
  /** Reminders this process has claimed (or found claimed): later passes skip them without a write. */
  const claimed = new Set<string>();
  let nextAt: number | undefined;

  const base = (run: ReminderRun) => ({ runId: run.id, channelId: run.channelId, courtDateId: run.courtDateId });

  async function skip(run: ReminderRun, why: string): Promise<ReminderOutcome> {
    await store.finishReminderRun(run.id, { status: "skipped" });
    retries.cleared(run.id);
    logger.info({ runId: run.id, channel: run.channelId, why }, "court-date reminder skipped");
    return { ...base(run), result: "skipped", why };
  }

  async function execute(run: ReminderRun, lookFirst: boolean): Promise<ReminderOutcome> {
    try {
      if (lookFirst) {
        const ts = await poster.findPosted({ channel: run.channelId, runId: run.id, oldestMs: run.dueAt - 5 * 60_000 });
        if (ts !== undefined) {
          await store.finishReminderRun(run.id, { status: "posted", postedTs: ts });
          retries.cleared(run.id);
          return { ...base(run), result: "found", ts };
        }
      }
      // Checked again at the last moment: the wall, the date as it stands now, the snooze.
      const matters = (await store.mattersOfChannel(run)).map((l) => l.clientMatter);
      const date = await store.getCourtDate(run.courtDateId, matters);
      if (!date || !date.matters.some((m) => wallAllows(matters, m))) return await skip(run, "not this channel's matters");
      if (!isStanding(date) || date.date !== run.date) return await skip(run, "the date moved, was vacated or was met");
      const today = await service.today(run);
      const muted = await store.activeSnooze({ teamId: run.teamId, channelId: run.channelId, court: date.court, docket: date.docket }, clock.now());
      if (muted) {
        if (today > run.date) return await skip(run, "the date passed while the case was muted here");
        // Looked at again when the mute ends, and meanwhile every MUTED_RECHECK_MS (unmuted early,
        // or a mute with no end time: until the next order, until unmuted).
        const until = Math.min(muted.until ?? Number.POSITIVE_INFINITY, clock.now() + MUTED_RECHECK_MS);
        retries.deferTo(run.id, until);
        logger.info({ runId: run.id, channel: run.channelId, until }, "court-date reminder waits: the case is muted here");
        return { ...base(run), result: "deferred", why: "the case is muted here; the reminder is posted when the mute ends, if the date still stands", until };
      }
      const [item] = await service.itemsOf(run, [date]);
      const message = renderReminder({ item: item!, today }, { siteUrl });
      const { ts } = await poster.post({ channel: run.channelId, message, runId: run.id });
      await store.finishReminderRun(run.id, { status: "posted", postedTs: ts });
      retries.cleared(run.id);
      logger.info({ runId: run.id, channel: run.channelId, courtDate: date.id, daysBefore: run.daysBefore, ts }, "court-date reminder posted");
      return { ...base(run), result: "posted", ts };
    } catch (e) {
      const { attempts, delayMs } = retries.failed(run.id, cannotPostThere(e));
      logger.warn({ err: e, runId: run.id, channel: run.channelId, attempts, retryInMs: delayMs }, "court-date reminder not posted; will retry");
      return { ...base(run), result: "failed", error: e instanceof Error ? e.message : String(e) };
    }
  }

  const job = { lanes: store, name: "court-date-reminders", holder, leaseMs: deps.leaseMs ?? 60_000 };
  /**
   * A pass resumes every unfinished run as if its poster had crashed (it looks in Slack first, but
   * a post still in flight is not there yet), so nothing else may be posting one while it runs:
   * remindNow (the sandbox's "Send a reminder") takes its turn with the passes in this process and
   * holds the job's lease against the other replicas' passes, as a pass does (store/exclusive.ts).
   * Without this, a pass that began while the button's reminder was being posted posted it again.
   */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = turn.catch(() => undefined).then(fn);
    turn = next.catch(() => undefined);
    return next;
  };

  /** One replica's pass at a time (schedules/run-pass.ts): another's unfinished run may be one it is posting now. */
  const pass = (stopping: () => boolean): Promise<ReminderOutcome[]> =>
    runPass<ReminderRun, ReminderOutcome>({
      job,
      clock, retries, execute,
      unfinished: () => store.unfinishedReminderRuns(),
      async fresh(now, goOn, outcomes) {
        const { due, next } = await dueReminders(store, now);
        nextAt = next;
        for (const [nearest, ...earlier] of due) {
          if (!nearest || !(await goOn())) return;
          const key = { ...nearest.channel, courtDateId: nearest.date.id, date: nearest.date.date };
          // Claimed already by this process: the store has the run, so no write is needed to know it.
          const seenKey = `${key.teamId}\u0000${key.channelId}\u0000${key.courtDateId}\u0000${key.date}\u0000${nearest.daysBefore}`;
          if (claimed.has(seenKey)) continue;
          // The earlier reminders of a date that were never posted are passed over: one reminder, the nearest.
          for (const e of earlier) await store.claimReminderRun({ ...key, daysBefore: e.daysBefore, dueAt: e.dueAt, status: "skipped" });
          const { run, created } = await store.claimReminderRun({ ...key, daysBefore: nearest.daysBefore, dueAt: nearest.dueAt });
          claimed.add(seenKey);
          if (!created) continue;
          outcomes.push(await execute(run, false));
        }
      },
    }, stopping);

  const loop = createPassLoop({
    clock, logger, name: "reminder scheduler", pollMs, pass: (stopping) => inTurn(() => pass(stopping)),
    nextWake: () => {
      const retry = retries.earliest();
      return nextAt === undefined ? retry : Math.min(nextAt, retry ?? nextAt);
    },
  });

  return {
    ...loop,
    async remindNow(channel) {
      // Another replica's pass holds the job for a moment at most: wait for it (a few seconds at most).
      for (let tries = 0; ; tries++) {
        const ran = await inTurn(() => runExclusive(job, () => remindNowHeld(channel)));
        if (ran !== undefined || tries >= REMIND_NOW_TRIES) return ran?.outcome;
        await clock.sleep(REMIND_NOW_WAIT_MS);
      }
    },
  };

  /** remindNow under the job's lease (just taken, so held). */
  async function remindNowHeld(channel: ChannelRef): Promise<{ outcome?: ReminderOutcome | undefined }> {
    const matters = (await store.mattersOfChannel(channel)).map((l) => l.clientMatter);
    if (matters.length === 0) return {};
    const today = await service.today(channel);
    for (const date of await store.courtDatesOfMatters(matters, { from: today })) {
      const left = daysBetween(today, date.date);
      const { run, created } = await store.claimReminderRun({ ...channel, courtDateId: date.id, date: date.date, daysBefore: Math.min(left, MAX_DAYS_BEFORE), dueAt: clock.now() });
      if (created) return { outcome: await execute(run, false) };
    }
    return {};
  }
}
