/**
 * The deadlines desk (issue 16), knowing no Slack: the court dates of a channel's matters in the
 * next days with the channel's "Calendared ✓", and the sign-off itself. Walls: every read and
 * write takes the channel's matters (court/matter-wall.ts: a channel with no matter sees no
 * matter's dates); the store reads only cases those matters follow.
 */
import type { Clock } from "../../clock.ts";
import type { ChannelRef, CourtDateRecord } from "../../store/store.ts";
import { addDays } from "../../court/rules/iso-day.ts";
import { todayIn } from "../../court/today.ts";
import type { DeadlineItem } from "./views/date-item.ts";
import type { DeadlinesStore } from "./deps.ts";

/** What `/docket deadlines` covers. */
export const DEADLINE_DAYS = 30;

export interface DeadlinesActor extends ChannelRef {
  userId: string;
  /** The channel's matters (the wall). */
  matters: readonly string[];
}

export interface DeadlinesService {
  /** Today in the channel's zone (its alert settings' time zone). */
  today(channel: ChannelRef): Promise<string>;
  /** The channel's matters' dates from today through today + days, with the channel's sign-offs. */
  upcoming(actor: Omit<DeadlinesActor, "userId">, days?: number): Promise<{ today: string; items: DeadlineItem[] }>;
  /** Sets or undoes Calendared ✓; undefined when the date is not one of the channel's matters'. */
  setCalendared(actor: DeadlinesActor, courtDateId: number, on: boolean): Promise<DeadlineItem | undefined>;
  /** The items of some dates with this channel's sign-offs (a re-render after a click). */
  itemsOf(channel: ChannelRef, dates: readonly CourtDateRecord[]): Promise<DeadlineItem[]>;
}

export function createDeadlinesService(deps: { store: DeadlinesStore; clock: Clock }): DeadlinesService {
  const { store, clock } = deps;
  // The channel's stated zone (its alert settings'): court/today.ts decides what today is there.
  const today = async (channel: ChannelRef) => todayIn((await store.getAlertSettings(channel)).timeZone, clock.now());

  const itemsOf = async (channel: ChannelRef, dates: readonly CourtDateRecord[]): Promise<DeadlineItem[]> => {
    const signOffs = await store.calendaredIn(channel, dates.map((d) => d.id));
    const byId = new Map(signOffs.map((s) => [s.courtDateId, s] as const));
    // A case muted here gets no reminders (reminders.ts skips it): each of its dates says so, or the
    // list's "Reminders here: 7 days and 1 day before" reads as if they were coming.
    const muted = new Set<string>();
    const now = clock.now();
    for (const key of new Set(dates.map((d) => `${d.court}\u0000${d.docket}`))) {
      const [court = "", docket = ""] = key.split("\u0000");
      if (await store.activeSnooze({ teamId: channel.teamId, channelId: channel.channelId, court, docket }, now)) muted.add(key);
    }
    return dates.map((date) => ({
      date, calendared: byId.get(date.id), ...(muted.has(`${date.court}\u0000${date.docket}`) ? { remindersPaused: true as const } : {}),
    }));
  };

  return {
    today,
    itemsOf,
    async upcoming(actor, days = DEADLINE_DAYS) {
      const from = await today(actor);
      if (actor.matters.length === 0) return { today: from, items: [] };
      const dates = await store.courtDatesOfMatters(actor.matters, { from, to: addDays(from, days) });
      return { today: from, items: await itemsOf(actor, dates) };
    },
    async setCalendared(actor, courtDateId, on) {
      if (actor.matters.length === 0) return undefined;
      const result = await store.setCalendared({ teamId: actor.teamId, channelId: actor.channelId, courtDateId, userId: actor.userId, calendared: on }, actor.matters);
      if (!result) return undefined;
      return { date: result.date, calendared: result.signOff };
    },
  };
}
