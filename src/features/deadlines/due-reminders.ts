/**
 * Which court-date reminders are due (issue 16, item 4), for reminders.ts: every channel linked to
 * a matter that follows a case with a date ahead, its reminder days (default 7 and 1) and its
 * zone (the alert settings'). A reminder is due at REMIND_AT in that zone N days before the date,
 * until the date has passed; several due at once come nearest first (the scheduler posts only that
 * one). Also the next due time to come, for the scheduler's sleep. Reads only.
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { ChannelRef, CourtDateRecord } from "../../store/store.ts";
import { localTimeToUtc, type LocalDate } from "../../schedules/local-time.ts";
import { addDays } from "../../court/rules/iso-day.ts";
import { daysUntil, todayIn } from "../../court/today.ts";

/** An ISO court day as local-time.ts's LocalDate (the wall-clock day a reminder is posted on). */
const localDateOfIso = (iso: string): LocalDate => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return { y, m, d };
};
import type { DeadlinesStore } from "./deps.ts";

/** Reminders are posted at this wall time in the channel's zone. */
export const REMIND_AT = "09:00";
export const MAX_DAYS_BEFORE = 366;

export interface Due {
  channel: ChannelRef;
  date: CourtDateRecord;
  daysBefore: number;
  dueAt: number;
}

export async function dueReminders(store: DeadlinesStore, now: number): Promise<{ due: Due[][]; next?: number | undefined }> {
  // Every zone's today is within a day of UTC's.
  const from = addDays(todayIn("UTC", now), -1);
  const dates = await store.courtDatesBetween(from, addDays(from, MAX_DAYS_BEFORE + 2));
  const channelsOf = new Map<string, ChannelRef[]>();
  const perChannel = new Map<string, { zone: string; days: number[]; matters: string[] }>();
  const due: Due[][] = [];
  let next: number | undefined;
  for (const date of dates) {
    const seen = new Set<string>();
    for (const matter of date.matters) {
      let links = channelsOf.get(matter);
      if (!links) channelsOf.set(matter, (links = (await store.channelsOfMatter(matter)).map((l) => ({ teamId: l.teamId, channelId: l.channelId }))));
      for (const channel of links) {
        const key = `${channel.teamId}\u0000${channel.channelId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        let s = perChannel.get(key);
        if (!s) {
          const [alert, reminders, links2] = await Promise.all([store.getAlertSettings(channel), store.getReminderSettings(channel), store.mattersOfChannel(channel)]);
          perChannel.set(key, (s = { zone: alert.timeZone, days: reminders.daysBefore, matters: links2.map((l) => l.clientMatter) }));
        }
        if (!wallAllows(s.matters, matter)) continue;
        if (daysUntil(date.date, s.zone, now) < 0) continue; // past in the channel's zone
        const slots = s.days.map((n) => ({ n, at: localTimeToUtc(localDateOfIso(addDays(date.date, -n)), REMIND_AT, s.zone) }));
        const ready = slots.filter((x) => x.at <= now).sort((a, b) => a.n - b.n);
        if (ready.length > 0) due.push(ready.map((x) => ({ channel, date, daysBefore: x.n, dueAt: x.at })));
        for (const x of slots) if (x.at > now) next = Math.min(next ?? x.at, x.at);
      }
    }
  }
  return { due, next };
}
