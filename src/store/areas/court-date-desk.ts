/**
 * What channels do with court dates (issue 16): "Calendared ✓" per (channel, date row, date), set
 * and undone like issue 12's Docketed ✓ (filing-sign-off.ts: a click that changes nothing appends
 * nothing; every change is kept in court_date_actions with who and when), the channel's reminder
 * days, and reminder runs claimed before they are posted (digest-runs.ts: the unique key makes a
 * reminder happen once however many schedulers or restarts reach it). Setting Calendared locks
 * the date's row (Dialect.forUpdate), so two clicks at once append one action.
 *
 * A sign-off holds for the date it was given on: when the court moves the date, the row's date no
 * longer matches and the channel is asked to calendar the new one.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import { DEFAULT_REMINDER_DAYS, type CourtDateSignOff, type ReminderRun, type ReminderStatus } from "../court-date-records.ts";
import type { Store } from "../store.ts";
import type { StoreContext } from "../sql/context.ts";
import { claimRun, finishRun } from "./claimed-runs.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";
import { writeAudit, writeChannelAudit } from "./audit-trail.ts";
import { toCourtDate } from "./court-date-row.ts";

export type CourtDateDeskArea = Pick<
  Store,
  "setCalendared" | "calendaredIn" | "getReminderSettings" | "saveReminderSettings" | "claimReminderRun" | "finishReminderRun" | "unfinishedReminderRuns" | "postedReminders"
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

const signOffOf = statement(`
  SELECT * FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
const sign = statement(`
  INSERT INTO court_date_signoffs (team_id, channel_id, court_date_id, date, calendared_by, calendared_at)
  VALUES (:team, :channel, :id, :date, :user, :now)`);
const unsign = statement(`DELETE FROM court_date_signoffs WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date`);
const append = statement(`
  INSERT INTO court_date_actions (team_id, channel_id, court_date_id, date, action, user_id, at)
  VALUES (:team, :channel, :id, :date, :action, :user, :now)`);
const settingsOf = statement(`SELECT * FROM court_date_reminder_settings WHERE team_id = :team AND channel_id = :channel`);
const saveSettings = statement(`
  INSERT INTO court_date_reminder_settings (team_id, channel_id, days_before, updated_by, updated_at)
  VALUES (:team, :channel, :days, :user, :now)
  ON CONFLICT (team_id, channel_id) DO UPDATE SET days_before = excluded.days_before, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
const claim = statement(`
  INSERT INTO court_date_reminders (team_id, channel_id, court_date_id, date, days_before, due_at, status, created_at, finished_at)
  VALUES (:team, :channel, :id, :date, :days, :due, :status, :now, :finished)
  ON CONFLICT DO NOTHING`);
const runByKey = statement(`
  SELECT * FROM court_date_reminders
   WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND date = :date AND days_before = :days`);
const runById = statement(`SELECT * FROM court_date_reminders WHERE id = :id`);
const finish = statement(`
  UPDATE court_date_reminders SET status = :status, posted_ts = :ts, finished_at = :now WHERE id = :id AND status = 'pending'`);
const unfinished = statement(`SELECT * FROM court_date_reminders WHERE status = 'pending' ORDER BY due_at, id`);
const posted = statement(`
  SELECT * FROM court_date_reminders
  WHERE team_id = :team AND channel_id = :channel AND court_date_id = :id AND status = 'posted' AND posted_ts IS NOT NULL
  ORDER BY due_at, id`);

/** 0 to 366 days, each once, largest first (a week before, then the day before). */
export function normalizeReminderDays(days: readonly number[]): number[] {
  if (!days.every((d) => Number.isInteger(d) && d >= 0 && d <= 366) || days.length > 10) {
    throw new StoreError(StoreErrorCode.InvalidInput, "saveReminderSettings", "saveReminderSettings: days before must be whole numbers from 0 to 366, at most 10 of them");
  }
  return [...new Set(days)].sort((a, b) => b - a);
}

export function createCourtDateDesk(ctx: StoreContext): CourtDateDeskArea {
  const { clock, dialect } = ctx;
  const dateInScope = statement(`
    SELECT c.*, CAST(NULL AS TEXT) AS matters FROM court_dates c
     WHERE c.id = :id AND c.superseded_by IS NULL AND EXISTS (SELECT 1 FROM court_date_matters m WHERE m.case_key = c.case_key
       AND ${dialect.inList("m.client_matter", "matters")})${dialect.forUpdate("c")}`);
  const followers = statement(`
    SELECT client_matter FROM court_date_matters WHERE case_key = :key AND ${dialect.inList("client_matter", "matters")} ORDER BY client_matter`);
  const signOffs = statement(`
    SELECT s.* FROM court_date_signoffs s JOIN court_dates c ON c.id = s.court_date_id AND c.date = s.date
     WHERE s.team_id = :team AND s.channel_id = :channel AND ${dialect.inIntList("s.court_date_id", "ids")}`);
  return {
    setCalendared: (input, matters) =>
      ctx.run("setCalendared", () =>
        ctx.tx("setCalendared", async (db) => {
          const row = await db.get(dateInScope, { id: input.courtDateId, matters: dialect.listParam([...matters]) });
          if (!row) return undefined;
          const date = toCourtDate(row);
          const key = { team: input.teamId, channel: input.channelId, id: date.id, date: date.date };
          const before = await db.get(signOffOf, key);
          if ((before !== undefined) !== input.calendared) {
            const now = clock.now();
            if (input.calendared) await db.run(sign, { ...key, user: input.userId, now });
            else await db.run(unsign, key);
            const action = input.calendared ? "calendared" : "uncalendared";
            await db.run(append, { ...key, action, user: input.userId, now });
            // The audit trail, under each of the channel's matters that follows the case.
            const detail = `${date.title} on ${date.date}${date.time ? ` at ${date.time}` : ""}`;
            for (const r of await db.all(followers, { key: text(row, "case_key"), matters: dialect.listParam([...matters]) })) {
              await writeAudit(db, {
                teamId: input.teamId, channelId: input.channelId, clientMatter: text(r, "client_matter"), userId: input.userId, action,
                target: { court: date.court, docket: date.docket }, detail,
              }, now);
            }
          }
          const after = await db.get(signOffOf, key);
          return { date, signOff: after ? toSignOff(after) : undefined };
        }),
      ),

    calendaredIn: (channel, ids) =>
      ctx.run("calendaredIn", async () =>
        (await ctx.db.all(signOffs, { team: channel.teamId, channel: channel.channelId, ids: dialect.listParam([...ids]) })).map(toSignOff)),

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
        await ctx.tx("saveReminderSettings", async (db) => {
          const before = await db.get(settingsOf, { team: s.teamId, channel: s.channelId });
          await db.run(saveSettings, { team: s.teamId, channel: s.channelId, days: JSON.stringify(days), user: s.updatedBy, now });
          // A save that changes nothing adds nothing to the trail.
          if (before && text(before, "days_before") === JSON.stringify(days)) return;
          const detail = days.length === 0 ? "no reminders" : `${days.map((d) => (d === 0 ? "the day itself" : `${d} day${d === 1 ? "" : "s"} before`)).join(", ")}`;
          await writeChannelAudit(db, { teamId: s.teamId, channelId: s.channelId, userId: s.updatedBy, action: "reminder_settings", detail }, now);
        });
        return { teamId: s.teamId, channelId: s.channelId, daysBefore: days, updatedBy: s.updatedBy, updatedAt: now };
      }),

    claimReminderRun: (input) =>
      ctx.run("claimReminderRun", () =>
        ctx.tx("claimReminderRun", async (db) => {
          const key = { team: input.teamId, channel: input.channelId, id: input.courtDateId, date: input.date, days: input.daysBefore };
          const status = input.status ?? "pending";
          const now = clock.now();
          // A run claimed as already skipped or posted is finished when it is claimed.
          const finished = status === "pending" ? null : now;
          return claimRun(db, { insert: claim, byKey: runByKey, params: { ...key, due: input.dueAt, status, now, finished }, key, what: "reminder run", toRun });
        }),
      ),

    finishReminderRun: finishRun(ctx, "finishReminderRun", { finish, byId: runById, toRun }),

    unfinishedReminderRuns: () => ctx.run("unfinishedReminderRuns", async () => (await ctx.db.all(unfinished)).map(toRun)),

    postedReminders: (channel, courtDateId) =>
      ctx.run("postedReminders", async () => (await ctx.db.all(posted, { team: channel.teamId, channel: channel.channelId, id: courtDateId })).map(toRun)),
  };
}
