/**
 * Reads the alert settings modal's submission (views/alert-settings-modal.ts) into the store's
 * AlertSettings fields. The values are untrusted (a view_submission can be forged): anything that
 * is not one of the modal's own options reads as its default, never as an error the user cannot fix.
 */
import { HOURS, OFF, SETTINGS_BLOCK, SETTINGS_ELEMENT, TIME_ZONES } from "./views/alert-settings-modal.ts";
import { DEFAULT_ALERT_SETTINGS } from "../../store/filing-records.ts";

export interface SettingsChoice {
  postNotable: boolean;
  postRoutine: boolean;
  dailyAt: string | undefined;
  weeklyOn: number | undefined;
  timeZone: string;
  /** Court-date reminder days (issue 16); undefined when the form had no such input (an older form). */
  reminderDays?: number[] | undefined;
}

type StateValues = Record<string, Record<string, { selected_option?: { value?: unknown } | null; selected_options?: { value?: unknown }[] | null }>>;

export function readSettingsForm(values: unknown, current: { timeZone: string }): SettingsChoice {
  const v = (typeof values === "object" && values !== null ? values : {}) as StateValues;
  const el = (block: string, action: string) => v[block]?.[action];
  const picked = (block: string, action: string): string | undefined => {
    const value = el(block, action)?.selected_option?.value;
    return typeof value === "string" ? value : undefined;
  };
  const classes = (el(SETTINGS_BLOCK.classes, SETTINGS_ELEMENT.classes)?.selected_options ?? []).map((o) => o?.value);
  const daily = picked(SETTINGS_BLOCK.daily, SETTINGS_ELEMENT.daily);
  const weekly = picked(SETTINGS_BLOCK.weekly, SETTINGS_ELEMENT.weekly);
  const zone = picked(SETTINGS_BLOCK.zone, SETTINGS_ELEMENT.zone);
  const weekday = weekly !== undefined && weekly !== OFF && /^[0-6]$/.test(weekly) ? Number(weekly) : undefined;
  // A zone the modal offered: the common list, or the channel's current one (kept when unlisted).
  const timeZone = zone !== undefined && (TIME_ZONES.some((z) => z.zone === zone) || zone === current.timeZone) ? zone : current.timeZone || DEFAULT_ALERT_SETTINGS.timeZone;
  // Reminder days: whole numbers the modal could have offered (0 to 366), largest first.
  const remindersBlock = v[SETTINGS_BLOCK.reminders]?.[SETTINGS_ELEMENT.reminders];
  const reminderDays = remindersBlock === undefined ? undefined : [...new Set((remindersBlock.selected_options ?? [])
    .map((o) => (typeof o?.value === "string" && /^\d{1,3}$/.test(o.value) ? Number(o.value) : Number.NaN))
    .filter((n) => n >= 0 && n <= 366))].sort((a, b) => b - a).slice(0, 10);
  return {
    ...(reminderDays !== undefined ? { reminderDays } : {}),
    postNotable: classes.includes("notable"),
    postRoutine: classes.includes("routine"),
    dailyAt: daily !== undefined && HOURS.includes(daily) ? daily : undefined,
    weeklyOn: weekday,
    timeZone,
  };
}
