/**
 * Per-channel alert settings (issue 12, items 3 and 6), as ../sqlite/alert-settings.ts, with the
 * same checks: a channel nobody has configured reads DEFAULT_ALERT_SETTINGS.
 */
import { DEFAULT_ALERT_SETTINGS } from "../filing-records.ts";
import type { AlertSettings, Store } from "../store.ts";
import { check } from "../sqlite/alert-settings.ts";
import type { PgContext } from "./context.ts";
import { bool, int, optInt, optText, text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";

export type AlertSettingsArea = Pick<Store, "getAlertSettings" | "saveAlertSettings" | "channelsWithDigests">;

function toSettings(row: Row): AlertSettings {
  return {
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    postNotable: bool(row, "post_notable"),
    postRoutine: bool(row, "post_routine"),
    dailyAt: optText(row, "daily_at"),
    weeklyOn: optInt(row, "weekly_on"),
    timeZone: text(row, "time_zone"),
    updatedBy: optText(row, "updated_by"),
    updatedAt: int(row, "updated_at"),
  };
}

const select = statement(`SELECT * FROM alert_settings WHERE team_id = :team AND channel_id = :channel`);
const upsert = statement(`
  INSERT INTO alert_settings (team_id, channel_id, post_notable, post_routine, daily_at, weekly_on, time_zone,
                              updated_by, updated_at)
  VALUES (:team, :channel, :notable, :routine, :daily, :weekly, :zone, :by, :now)
  ON CONFLICT (team_id, channel_id) DO UPDATE SET
    post_notable = excluded.post_notable, post_routine = excluded.post_routine, daily_at = excluded.daily_at,
    weekly_on = excluded.weekly_on, time_zone = excluded.time_zone, updated_by = excluded.updated_by,
    updated_at = excluded.updated_at`);
const withDigests = statement(`
  SELECT * FROM alert_settings WHERE daily_at IS NOT NULL OR weekly_on IS NOT NULL
   ORDER BY team_id COLLATE "C", channel_id COLLATE "C"`);

export function createAlertSettings(ctx: PgContext): AlertSettingsArea {
  const { clock } = ctx;
  const get = async (db: Db, team: string, channel: string) => {
    const row = await db.get(select, { team, channel });
    return row ? toSettings(row) : undefined;
  };

  return {
    getAlertSettings: (channel) =>
      ctx.run("getAlertSettings", async () => {
        const found = await get(ctx.db, channel.teamId, channel.channelId);
        return found ?? { teamId: channel.teamId, channelId: channel.channelId, ...DEFAULT_ALERT_SETTINGS };
      }),

    saveAlertSettings: (s) =>
      ctx.run("saveAlertSettings", async () => {
        check(s);
        return ctx.tx("saveAlertSettings", async (db) => {
          await db.run(upsert, {
            team: s.teamId,
            channel: s.channelId,
            notable: s.postNotable,
            routine: s.postRoutine,
            daily: s.dailyAt ?? null,
            weekly: s.weeklyOn ?? null,
            zone: s.timeZone,
            by: s.updatedBy ?? null,
            now: clock.now(),
          });
          const saved = await get(db, s.teamId, s.channelId);
          if (!saved) throw new Error("the settings just written are missing");
          return saved;
        });
      }),

    channelsWithDigests: () => ctx.run("channelsWithDigests", async () => (await ctx.db.all(withDigests)).map(toSettings)),
  };
}
