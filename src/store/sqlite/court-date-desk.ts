/**
 * What channels do with court dates (issue 16): "Calendared ✓" per (channel, date row, date), set
 * and undone like issue 12's Docketed ✓ (filing-sign-off.ts: a click that changes nothing appends
 * nothing; every change is kept in court_date_actions with who and when), the channel's reminder
 * days, and reminder runs claimed before they are posted (digest-runs.ts: the unique key makes a
 * reminder happen once however many schedulers or restarts reach it).
 *
 * A sign-off holds for the date it was given on: when the court moves the date, the row's date no
 * longer matches and the channel is asked to calendar the new one.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import { DEFAULT_REMINDER_DAYS, type CourtDateSignOff, type ReminderRun, type ReminderSettings, type ReminderStatus } from "../court-date-records.ts";
import type { Store } from "../store.ts";
import { changes, int, oneOf, optInt, optText, text, type Row, type StoreContext } from "./context.ts";
import { toCourtDate } from "./court-dates.ts";

export type CourtDateDeskArea = Pick<
  Store,
  "setCalendared" | "calendaredIn" | "getReminderSettings" | "saveReminderSettings" | "claimReminderRun" | "finishReminderRun" | "unfinishedReminderRuns"
>;

const RUN_STATUSES: readonly ReminderStatus[] = ["pending", "posted", "skipped"];

function toSignOff(row: Row): CourtDateSignOff {
  return {
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    courtDateId: int(row, "court_date_id"),
    date: text(row, "date"),
    calendaredBy: text(row, "calendared_by"),
    calendaredAt: int(row, "calendared_at"),
  };
}

function toRun(row: Row): ReminderRun {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    courtDateId: int(row, "court_date_id"),
    date: text(row, "date"),
    daysBefore: int(row, "days_before"),
    dueAt: int(row, "due_at"),
    status: oneOf(row, "status", RUN_STATUSES),
    postedTs: optText(row, "posted_ts"),
    finishedAt: optInt(row, "finished_at"),
  };
}

/** 0 to 366 days, each once, largest first (a week before, then the day before). */
export function normalizeReminderDays(days: readonly number[]): number[] {
  if (!days.every((d) => Number.isInteger(d) && d >= 0 && d <= 366) || days.length > 10) {
    throw new StoreError(StoreErrorCode.InvalidInput, "saveReminderSettings", "saveReminderSettings: days before must be whole numbers from 0 to 366, at most 10 of them");
  }
  return [...new Set(days)].sort((a, b) => b - a);
}

export function createCourtDateDesk(ctx: StoreContext): CourtDateDeskArea {
  const { db, clock } = ctx;
  const dateInScope = db.prepare(`
    SELECT c.*, NULL AS matters FROM court_dates c
     WHERE c.id = :id AND EXISTS (SELECT 1 FROM court_date_matters m WHERE m.case_key = c.case_key
       AND m.client_matter IN (SELECT value FROM json_each(:matters)))`);
  const signOffOf = db.prepare(`
    SELECT * FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
  const sign = db.prepare(`
    INSERT INTO court_date_signoffs (team_id, channel_id, court_date_id, date, calendared_by, calendared_at)
    VALUES (:team, :channel, :id, :date, :user, :now)`);
  const unsign = db.prepare(`DELETE FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
  const append = db.prepare(`
    INSERT INTO court_date_actions (team_id, channel_id, court_date_id, date, action, user_id, at)
    VALUES (:team, :channel, :id, :date, :action, :user, :now)`);
  const signOffs = db.prepare(`
    SELECT s.* FROM court_date_signoffs s JOIN court_dates c ON c.id = s.court_date_id AND c.date = s.date
     WHERE s.team_id = :team AND s.channel_id = :channel AND s.court_date_id IN (SELECT value FROM json_each(:ids))`);
  const settingsOf = db.prepare(`SELECT * FROM court_date_reminder_settings WHERE team_id = :team AND channel_id = :channel`);
  const saveSettings = db.prepare(`
    INSERT INTO court_date_reminder_settings (team_id, channel_id, days_before, updated_by, updated_at)
    VALUES (:team, :channel, :days, :user, :now)
    ON CONFLICT (team_id, channel_id) DO UPDATE SET days_before = excluded.days_before, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  const claim = db.prepare(`
    INSERT INTO court_date_reminders (team_id, channel_id, court_date_id, date, days_before, due_at, status, created_at, finished_at)
    VALUES (:team, :channel, :id, :date, :days, :due, :status, :now, CASE WHEN :status = 'pending' THEN NULL ELSE :now END)
    ON CONFLICT DO NOTHING`);
  const runByKey = db.prepare(`
    SELECT * FROM court_date_reminders
     WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date AND days_before = :days`);
  const runById = db.prepare(`SELECT * FROM court_date_reminders WHERE id = :id`);
  const finish = db.prepare(`
    UPDATE court_date_reminders SET status = :status, posted_ts = :ts, finished_at = :now WHERE id = :id AND status = 'pending'`);
  const unfinished = db.prepare(`SELECT * FROM court_date_reminders WHERE status = 'pending' ORDER BY due_at, id`);

  return {
    setCalendared: (input, matters) =>
      ctx.run("setCalendared", () =>
        ctx.tx("setCalendared", () => {
          const row = dateInScope.get({ id: input.courtDateId, matters: JSON.stringify(matters) });
          if (!row) return undefined;
          const date = toCourtDate(row);
          const key = { team: input.teamId, channel: input.channelId, id: date.id, date: date.date };
          const before = signOffOf.get(key);
          if ((before !== undefined) !== input.calendared) {
            const now = clock.now();
            if (input.calendared) sign.run({ ...key, user: input.userId, now });
            else unsign.run(key);
            append.run({ ...key, action: input.calendared ? "calendared" : "uncalendared", user: input.userId, now });
          }
          const after = signOffOf.get(key);
          return { date: { ...date, matters: date.matters }, signOff: after ? toSignOff(after) : undefined };
        }),
      ),

    calendaredIn: (channel, ids) =>
      ctx.run("calendaredIn", () =>
        signOffs.all({ team: channel.teamId, channel: channel.channelId, ids: JSON.stringify(ids) }).map(toSignOff)),

    getReminderSettings: (channel) =>
      ctx.run("getReminderSettings", () => {
        const row = settingsOf.get({ team: channel.teamId, channel: channel.channelId });
        if (!row) return { ...channel, daysBefore: [...DEFAULT_REMINDER_DAYS] };
        return {
          teamId: channel.teamId,
          channelId: channel.channelId,
          daysBefore: JSON.parse(text(row, "days_before")) as number[],
          updatedBy: text(row, "updated_by"),
          updatedAt: int(row, "updated_at"),
        };
      }),

    saveReminderSettings: (s) =>
      ctx.run("saveReminderSettings", () => {
        const days = normalizeReminderDays(s.daysBefore);
        const now = clock.now();
        ctx.tx("saveReminderSettings", () => saveSettings.run({ team: s.teamId, channel: s.channelId, days: JSON.stringify(days), user: s.updatedBy, now }));
        return { teamId: s.teamId, channelId: s.channelId, daysBefore: days, updatedBy: s.updatedBy, updatedAt: now };
      }),

    claimReminderRun: (input) =>
      ctx.run("claimReminderRun", () =>
        ctx.tx("claimReminderRun", () => {
          const key = { team: input.teamId, channel: input.channelId, id: input.courtDateId, date: input.date, days: input.daysBefore };
          const created = changes(claim.run({ ...key, due: input.dueAt, status: input.status ?? "pending", now: clock.now() })) === 1;
          const row = runByKey.get(key);
          if (!row) throw new Error("the reminder run just written is missing");
          return { run: toRun(row), created };
        }),
      ),

    finishReminderRun: (id, result) =>
      ctx.run("finishReminderRun", () =>
        ctx.tx("finishReminderRun", () => {
          finish.run({ id, status: result.status, ts: result.postedTs ?? null, now: clock.now() });
          const row = runById.get({ id });
          return row ? toRun(row) : undefined;
        }),
      ),

    unfinishedReminderRuns: () => ctx.run("unfinishedReminderRuns", () => unfinished.all().map(toRun)),
  };
}
