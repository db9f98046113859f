/**
 * The channel's alert settings modal (issue 12, item 3), opened by admins with `/docket alerts
 * settings`: which classes of filing get a channel-level message (orders, opinions and judgments
 * always do: they can never be hidden), and the digest, daily at a local hour and/or weekly on a
 * weekday, in a time zone. The block and action ids are the contract with the submission handler
 * (settings-command.ts). Pure.
 */
import { context, plainText, section, type Block, type InputBlock, type ModalView, type OptionObject } from "../../../slack/blockkit/blocks.ts";
import { codec } from "../../../slack/blockkit/codec.ts";

export const ALERT_SETTINGS_CALLBACK = "alert_settings_modal";
export const SETTINGS_BLOCK = { classes: "alert_settings_classes", daily: "alert_settings_daily", weekly: "alert_settings_weekly", zone: "alert_settings_zone", reminders: "alert_settings_reminders" } as const;
export const SETTINGS_ELEMENT = { classes: "classes", daily: "daily", weekly: "weekly", zone: "zone", reminders: "reminders" } as const;

/** Court-date reminder days offered (issue 16, item 4): days before each date; 0 is the day itself. */
export const REMINDER_CHOICES: readonly number[] = [30, 14, 7, 3, 2, 1, 0];

export function reminderLabel(n: number): string {
  return n === 0 ? "On the day" : n === 1 ? "1 day before" : `${n} days before`;
}
export const OFF = "off";

/** The channel the modal configures: untrusted when it comes back (Slack's limit 3,000). */
export const settingsMetadata = codec<{ c: string }>(
  (w) => (typeof w.c === "string" && /^[CG][A-Z0-9]{2,30}$/.test(w.c) ? { c: w.c } : undefined),
  { maxLength: 3000, what: "alert settings metadata" },
);

/** Common US zones and UTC (IANA names), as lawyers name them. */
export const TIME_ZONES: readonly { zone: string; label: string }[] = [
  { zone: "America/New_York", label: "Eastern (New York)" },
  { zone: "America/Chicago", label: "Central (Chicago)" },
  { zone: "America/Denver", label: "Mountain (Denver)" },
  { zone: "America/Phoenix", label: "Arizona (Phoenix)" },
  { zone: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { zone: "America/Anchorage", label: "Alaska (Anchorage)" },
  { zone: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { zone: "UTC", label: "UTC" },
];

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** `07:00` → `7:00 AM`. */
export function hourLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

export function zoneLabel(zone: string): string {
  return TIME_ZONES.find((z) => z.zone === zone)?.label ?? zone;
}

export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

export interface AlertSettingsModalModel {
  postNotable: boolean;
  postRoutine: boolean;
  dailyAt?: string | undefined;
  weeklyOn?: number | undefined;
  timeZone: string;
  /** Days before each court date the channel is reminded (issue 16), largest first; [] for none; undefined: no such input. */
  reminderDays?: readonly number[] | undefined;
  /** Output of settingsMetadata.mustEncode. */
  privateMetadata: string;
  /** The channel, for the modal's first line. */
  channelId: string;
}

const option = (text: string, value: string): OptionObject => ({ text: plainText(text, 75), value });
const NOTABLE = option("Notable: motions, briefs, hearing and scheduling notices", "notable");
const ROUTINE = option("Routine: appearances, pro hac vice, certificates of service", "routine");

export function renderAlertSettingsModal(m: AlertSettingsModalModel): ModalView {
  const dailyOptions = [option("No daily digest", OFF), ...HOURS.map((h) => option(hourLabel(h), h))];
  const weeklyOptions = [option("No weekly digest", OFF), ...WEEKDAYS.map((d, i) => option(d, String(i)))];
  const zones = TIME_ZONES.some((z) => z.zone === m.timeZone) ? TIME_ZONES : [...TIME_ZONES, { zone: m.timeZone, label: m.timeZone }];
  const zoneOptions = zones.map((z) => option(z.label, z.zone));
  const classes = [m.postNotable ? NOTABLE : undefined, m.postRoutine ? ROUTINE : undefined].filter((o): o is OptionObject => o !== undefined);
  const daily = m.dailyAt && HOURS.includes(m.dailyAt) ? m.dailyAt : OFF;
  const weekly = m.weeklyOn !== undefined && m.weeklyOn >= 0 && m.weeklyOn <= 6 ? String(m.weeklyOn) : OFF;
  const channel = /^[CG][A-Z0-9]{2,30}$/.test(m.channelId) ? `<#${m.channelId}>` : "this channel";
  // The channel's own days stay offered when set by command to a day not in the list.
  const days = m.reminderDays ?? [];
  const dayChoices = [...new Set([...REMINDER_CHOICES, ...days.filter((n) => Number.isInteger(n) && n >= 0 && n <= 366)])].sort((a, b) => b - a);
  const reminderOptions = dayChoices.map((n) => option(reminderLabel(n), String(n)));
  const reminded = reminderOptions.filter((o) => days.includes(Number(o.value)));
  const blocks: Array<Block | InputBlock> = [
    section(`Alerts for ${channel}.\n*Orders, opinions and judgments always post* to the channel.`),
    {
      type: "input", block_id: SETTINGS_BLOCK.classes, optional: true,
      label: plainText("Also post to the channel", 2000),
      hint: plainText("Unchecked classes stay in the case's thread and are counted in the next alert and the digest.", 2000),
      element: { type: "checkboxes", action_id: SETTINGS_ELEMENT.classes, options: [NOTABLE, ROUTINE], ...(classes.length > 0 ? { initial_options: classes } : {}) },
    },
    {
      type: "input", block_id: SETTINGS_BLOCK.daily,
      label: plainText("Daily digest", 2000),
      element: { type: "static_select", action_id: SETTINGS_ELEMENT.daily, options: dailyOptions, initial_option: dailyOptions.find((o) => o.value === daily) },
    },
    {
      type: "input", block_id: SETTINGS_BLOCK.weekly,
      label: plainText("Weekly digest", 2000),
      hint: plainText("Posted at the daily digest's time, or 9:00 AM when there is no daily digest.", 2000),
      element: { type: "static_select", action_id: SETTINGS_ELEMENT.weekly, options: weeklyOptions, initial_option: weeklyOptions.find((o) => o.value === weekly) },
    },
    {
      type: "input", block_id: SETTINGS_BLOCK.zone,
      label: plainText("Time zone of the digest", 2000),
      element: { type: "static_select", action_id: SETTINGS_ELEMENT.zone, options: zoneOptions, initial_option: zoneOptions.find((o) => o.value === m.timeZone) },
    },
    context("A digest lists every filing since the last one, urgent first, with the count not yet docketed. An empty period posts nothing."),
    ...(m.reminderDays === undefined ? [] : [{
      type: "input" as const, block_id: SETTINGS_BLOCK.reminders, optional: true,
      label: plainText("Court-date reminders", 2000),
      hint: plainText("Posted at 9:00 AM in the time zone above, before each deadline and hearing of this channel's matters. None checked: no reminders.", 2000),
      element: { type: "checkboxes" as const, action_id: SETTINGS_ELEMENT.reminders, options: reminderOptions.slice(0, 10), ...(reminded.length > 0 ? { initial_options: reminded } : {}) },
    }]),
  ];
  return {
    type: "modal", callback_id: ALERT_SETTINGS_CALLBACK, title: plainText("Alert settings", 24),
    submit: plainText("Save", 24), close: plainText("Cancel", 24), private_metadata: m.privateMetadata, blocks,
  };
}
