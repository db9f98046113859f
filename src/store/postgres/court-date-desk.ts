/**
 * What channels do with court dates (issue 16), as ../sqlite/court-date-desk.ts: "Calendared ✓"
 * per (channel, date row, date) with every change kept in court_date_actions, the channel's
 * reminder days, and reminder runs claimed once (a unique key) before they are posted. Setting
 * Calendared locks the date's row (FOR UPDATE), so two clicks at once append one action.
 */
import { DEFAULT_REMINDER_DAYS, type CourtDateSignOff, type ReminderRun, type ReminderStatus } from "../court-date-records.ts";
import type { Store } from "../store.ts";
import { normalizeReminderDays } from "../sqlite/court-date-desk.ts";
import { toCourtDate } from "../sqlite/court-dates.ts";
import type { PgContext } from "./context.ts";
import { int, oneOf, optInt, optText, text } from "./rows.ts";
import { statement, type Row } from "./sql.ts";

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

const dateInScope = statement(`
  SELECT c.*, NULL::text AS matters FROM court_dates c
   WHERE c.id = :id AND EXISTS (SELECT 1 FROM court_date_matters m WHERE m.case_key = c.case_key
     AND m.client_matter = ANY(:matters::text[]))
   FOR UPDATE OF c`);
const signOffOf = statement(`
  SELECT * FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
const sign = statement(`
  INSERT INTO court_date_signoffs (team_id, channel_id, court_date_id, date, calendared_by, calendared_at)
  VALUES (:team, :channel, :id, :date, :user, :now)`);
const unsign = statement(`DELETE FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
const append = statement(`
  INSERT INTO court_date_actions (team_id, channel_id, court_date_id, date, action, user_id, at)
  VALUES (:team, :channel, :id, :date, :action, :user, :now)`);
const signOffs = statement(`
  SELECT s.* FROM court_date_signoffs s JOIN court_dates c ON c.id = s.court_date_id AND c.date = s.date
   WHERE s.team_id = :team AND s.channel_id = :channel AND s.court_date_id = ANY(:ids::bigint[])`);
const settingsOf = statement(`SELECT * FROM court_date_reminder_settings WHERE team_id = :team AND channel_id = :channel`);
const saveSettings = statement(`
  INSERT INTO court_date_reminder_settings (team_id, channel_id, days_before, updated_by, updated_at)
  VALUES (:team, :channel, :days, :user, :now)
  ON CONFLICT (team_id, channel_id) DO UPDATE SET days_before = excluded.days_before, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
const claim = statement(`
  INSERT INTO court_date_reminders (team_id, channel_id, court_date_id, date, days_before, due_at, status, created_at, finished_at)
  VALUES (:team, :channel, :id, :date, :days, :due, :status::text, :now::bigint, CASE WHEN :status::text = 'pending' THEN NULL ELSE :now::bigint END)
  ON CONFLICT DO NOTHING`);
const runByKey = statement(`
  SELECT * FROM court_date_reminders
   WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date AND days_before = :days`);
const runById = statement(`SELECT * FROM court_date_reminders WHERE id = :id`);
const finish = statement(`
  UPDATE court_date_reminders SET status = :status, posted_ts = :ts, finished_at = :now WHERE id = :id AND status = 'pending'`);
const unfinished = statement(`SELECT * FROM court_date_reminders WHERE status = 'pending' ORDER BY due_at, id`);

export function createCourtDateDesk(ctx: PgContext): CourtDateDeskArea {
  const { clock } = ctx;
  return {
    setCalendared: (input, matters) =>
      ctx.run("setCalendared", () =>
        ctx.tx("setCalendared", async (db) => {
          const row = await db.get(dateInScope, { id: input.courtDateId, matters: [...matters] });
          if (!row) return undefined;
          const date = toCourtDate(row);
          const key = { team: input.teamId, channel: input.channelId, id: date.id, date: date.date };
          const before = await db.get(signOffOf, key);
          if ((before !== undefined) !== input.calendared) {
            const now = clock.now();
            if (input.calendared) await db.run(sign, { ...key, user: input.userId, now });
            else await db.run(unsign, key);
            await db.run(append, { ...key, action: input.calendared ? "calendared" : "uncalendared", user: input.userId, now });
          }
          const after = await db.get(signOffOf, key);
          return { date, signOff: after ? toSignOff(after) : undefined };
        }),
      ),

    calendaredIn: (channel, ids) =>
      ctx.run("calendaredIn", async () =>
        (await ctx.db.all(signOffs, { team: channel.teamId, channel: channel.channelId, ids: [...ids] })).map(toSignOff)),

    getReminderSettings: (channel) =>
      ctx.run("getReminderSettings", async () => {
        const row = await ctx.db.get(settingsOf, { team: channel.teamId, channel: channel.channelId });
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
      ctx.run("saveReminderSettings", async () => {
        const days = normalizeReminderDays(s.daysBefore);
        const now = clock.now();
        await ctx.tx("saveReminderSettings", (db) =>
          db.run(saveSettings, { team: s.teamId, channel: s.channelId, days: JSON.stringify(days), user: s.updatedBy, now }));
        return { teamId: s.teamId, channelId: s.channelId, daysBefore: days, updatedBy: s.updatedBy, updatedAt: now };
      }),

    claimReminderRun: (input) =>
      ctx.run("claimReminderRun", () =>
        ctx.tx("claimReminderRun", async (db) => {
          const key = { team: input.teamId, channel: input.channelId, id: input.courtDateId, date: input.date, days: input.daysBefore };
          const created = (await db.run(claim, { ...key, due: input.dueAt, status: input.status ?? "pending", now: clock.now() })) === 1;
          const row = await db.get(runByKey, key);
          if (!row) throw new Error("the reminder run just written is missing");
          return { run: toRun(row), created };
        }),
      ),

    finishReminderRun: (id, result) =>
      ctx.run("finishReminderRun", () =>
        ctx.tx("finishReminderRun", async (db) => {
          await db.run(finish, { id, status: result.status, ts: result.postedTs ?? null, now: clock.now() });
          const row = await db.get(runById, { id });
          return row ? toRun(row) : undefined;
        }),
      ),

    unfinishedReminderRuns: () => ctx.run("unfinishedReminderRuns", async () => (await ctx.db.all(unfinished)).map(toRun)),
  };
}
