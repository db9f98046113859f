/**
 * Per-channel alert settings (issue 12, items 3 and 6): which classes post to the channel and when
 * its digests run. A channel nobody has configured reads DEFAULT_ALERT_SETTINGS.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import { DEFAULT_ALERT_SETTINGS } from "../filing-records.ts";
import type { AlertSettings, Store } from "../store.ts";
import type { StoreContext } from "../sql/context.ts";
import { bool, int, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { writeChannelAudit } from "./audit-trail.ts";

export type AlertSettingsArea = Pick<Store, "getAlertSettings" | "saveAlertSettings" | "channelsWithDigests">;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

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

function invalid(message: string): StoreError {
  return new StoreError(StoreErrorCode.InvalidInput, "saveAlertSettings", `saveAlertSettings: ${message}`);
}

/** Refuses what the digest scheduler could not run: a bad time, weekday or IANA zone. */
export function check(s: AlertSettings): void {
  if (s.dailyAt !== undefined && !HH_MM.test(s.dailyAt)) throw invalid("dailyAt must be HH:MM (24 h)");
  if (s.weeklyOn !== undefined && !(Number.isInteger(s.weeklyOn) && s.weeklyOn >= 0 && s.weeklyOn <= 6)) {
    throw invalid("weeklyOn must be 0 (Sunday) to 6 (Saturday)");
  }
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: s.timeZone });
  } catch {
    throw invalid(`timeZone ${JSON.stringify(s.timeZone)} is not an IANA time zone`);
  }
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The settings in the audit's words: `notable filings post, routine ones in the thread; daily
 * digest at 08:00, weekly digest on Monday at 08:00 (America/Chicago)` (both run: digest/schedule.ts).
 */
export function settingsWords(s: AlertSettings): string {
  const notable = s.postNotable ? "notable filings post" : "notable filings in the thread";
  const routine = s.postRoutine ? "routine ones post" : "routine ones in the thread";
  const digests = [
    ...(s.dailyAt !== undefined ? [`daily digest at ${s.dailyAt}`] : []),
    ...(s.weeklyOn !== undefined ? [`weekly digest on ${WEEKDAYS[s.weeklyOn]} at ${s.dailyAt ?? "09:00"}`] : []),
  ];
  return `${notable}, ${routine}; ${digests.length > 0 ? `${digests.join(", ")} (${s.timeZone})` : "no digest"}`;
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

export function createAlertSettings(ctx: StoreContext): AlertSettingsArea {
  const { clock, dialect } = ctx;
  const withDigests = statement(`
    SELECT * FROM alert_settings WHERE daily_at IS NOT NULL OR weekly_on IS NOT NULL
     ORDER BY ${dialect.bytewise("team_id")}, ${dialect.bytewise("channel_id")}`);
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
          const before = await get(db, s.teamId, s.channelId);
          const now = clock.now();
          await db.run(upsert, {
            team: s.teamId,
            channel: s.channelId,
            notable: s.postNotable,
            routine: s.postRoutine,
            daily: s.dailyAt ?? null,
            weekly: s.weeklyOn ?? null,
            zone: s.timeZone,
            by: s.updatedBy,
            now,
          });
          const saved = await get(db, s.teamId, s.channelId);
          if (!saved) throw new Error("the settings just written are missing");
          const words = settingsWords(saved);
          // A save that changes nothing adds nothing to the trail (as a repeated Docketed ✓ click).
          if (!before || settingsWords(before) !== words) {
            await writeChannelAudit(db, { teamId: s.teamId, channelId: s.channelId, userId: s.updatedBy, action: "alert_settings", detail: words }, now);
          }
          return saved;
        });
      }),

    channelsWithDigests: () => ctx.run("channelsWithDigests", async () => (await ctx.db.all(withDigests)).map(toSettings)),
  };
}
