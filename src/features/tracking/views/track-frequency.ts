/**
 * How tracking frequencies read (spec, POST track/: realtime, continuous, 40x, twice_daily, daily,
 * weekly, monthly). The record is keyed by the client's TrackFrequency type, so a frequency added
 * to the spec's list fails type-checking here until it has words.
 */
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

const TEXT: Record<TrackFrequency, { option: string; phrase: string; plain: string }> = {
  realtime: { option: "Real time", phrase: "in real time", plain: "within minutes of a filing" },
  continuous: { option: "Continuously", phrase: "continuously", plain: "checked again and again through the day" },
  "40x": { option: "40 times a day", phrase: "40 times a day", plain: "about every 36 minutes" },
  twice_daily: { option: "Twice a day", phrase: "twice a day", plain: "about every 12 hours" },
  daily: { option: "Daily", phrase: "daily", plain: "once a day" },
  weekly: { option: "Weekly", phrase: "weekly", plain: "once a week" },
  monthly: { option: "Monthly", phrase: "monthly", plain: "once a month" },
};

/** In the spec's order. */
export const FREQUENCIES = Object.keys(TEXT) as TrackFrequency[];

export function isFrequency(s: unknown): s is TrackFrequency {
  return typeof s === "string" && Object.hasOwn(TEXT, s);
}

/** A select option's label: `Twice a day`. */
export function frequencyOption(f: TrackFrequency): string {
  return TEXT[f].option;
}

/**
 * `twice a day`, to read after "checked". A value the listing sends that we don't know (a newer
 * minor version may add one) is shown as sent, made safe for mrkdwn or for plain text.
 */
export function frequencyPhrase(f: string | undefined, as: "mrkdwn" | "plain" = "mrkdwn"): string {
  if (f === undefined || f.trim() === "") return "at the service's default frequency";
  if (isFrequency(f)) return TEXT[f].phrase;
  return as === "mrkdwn" ? toMrkdwnLine(f, 30) : toPlainText(f, 30);
}

/**
 * What a frequency means, in plain words (issue 13, item 2): `about every 36 minutes`. The spec
 * lists the values without saying what they mean; these are the service's checking intervals as
 * a user reads them (40 a day is 24 h / 40 = 36 min), not promises about when a court dockets.
 */
export function frequencyMeaning(f: TrackFrequency): string {
  return TEXT[f].plain;
}

/** `40 times a day: about every 36 minutes`. */
export function frequencyExplained(f: TrackFrequency): string {
  return `${TEXT[f].option}: ${TEXT[f].plain}`;
}
