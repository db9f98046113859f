/**
 * What a channel's digest lists: its filings recorded in [since, until), within the matters the
 * channel has linked NOW (the wall, read at the moment of posting or showing: a matter unlinked
 * before the digest runs is not in it). A channel with no linked matter gets nothing.
 */
import type { ChannelRef, FilingRecord } from "../../../store/store.ts";
import { digestPeriods, previousDue } from "./schedule.ts";
import type { AlertsStore } from "../deps.ts";

export async function gatherDigest(store: AlertsStore, channel: ChannelRef, since: number, until: number): Promise<FilingRecord[]> {
  const links = await store.mattersOfChannel(channel);
  if (links.length === 0) return [];
  const channelRef = { teamId: channel.teamId, channelId: channel.channelId };
  return store.filingsBetween(channelRef, since, until, { matters: links.map((l) => l.clientMatter) });
}

/** Without any digest configured or run, "the digest so far" covers the last day. */
export const CURRENT_DEFAULT_MS = 24 * 3_600_000;

/**
 * Where the digest under way began, for `/docket digest`: the latest digest this channel ran (of
 * either period), else its latest scheduled time had one run, else a day ago.
 */
export async function currentDigestSince(store: AlertsStore, channel: ChannelRef, now: number): Promise<number> {
  const ref = { teamId: channel.teamId, channelId: channel.channelId };
  const [daily, weekly, settings] = await Promise.all([
    store.lastDigestRun(ref, "daily"), store.lastDigestRun(ref, "weekly"), store.getAlertSettings(ref),
  ]);
  const ran = [daily?.dueAt, weekly?.dueAt].filter((t): t is number => t !== undefined && t <= now);
  if (ran.length > 0) return Math.max(...ran);
  const slots = digestPeriods(settings).map((p) => previousDue(settings, p, now)).filter((t): t is number => t !== undefined);
  return slots.length > 0 ? Math.max(...slots) : now - CURRENT_DEFAULT_MS;
}
