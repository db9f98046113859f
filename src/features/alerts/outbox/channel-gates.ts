/**
 * What one channel gets of a planned docket push (issue 12), decided when the delivery is
 * attempted — the last gate, like the walls — so a setting or snooze changed while an alert waited
 * in the outbox is honoured:
 *
 * - settings (store.getAlertSettings): urgent filings always post to the channel (orders can
 *   never be hidden); notable iff postNotable; routine iff postRoutine; the rest stays in the case
 *   thread and is counted in the channel-level message;
 * - snooze (store.activeSnooze): a mute folds ROUTINE filings only (issue 22, item 3). Orders can
 *   never be hidden and what the channel's settings mark significant (urgent, and notable when
 *   postNotable) still reaches the channel as a headline with its Docketed ✓ and Assign; routine
 *   filings the settings would have posted stay in the thread, recorded as "muted" (the digest
 *   marks them) and counted like any folded filing. This is the one place a mute is decided. A
 *   "next_order" snooze ends when an urgent filing arrives (unsnoozeCase).
 *
 * Folded filings are counted in the NEXT channel-level message of the case: a headline counts this
 * push's routine (and thread-only notable) filings plus those recorded in the case's thread since
 * its last headline in this channel (looked up at most CARRY_WINDOW_MS back).
 *
 * Only what is shown is recorded as a filing: the headline's filings and the thread reply's page
 * (bounded, push-plan.ts). A 100,000-entry push records ~50 filings per channel, not 100,000; the
 * thread reply carries the totals and links the full docket.
 */
import type { Clock } from "../../../clock.ts";
import { entryPlainText } from "../../../court/entry-text.ts";
import { parseServiceDate, toPacerDate } from "../../../court/dates.ts";
import type { SignificanceLevel } from "../../../court/significance.ts";
import type { DeliveryRecord } from "../../../store/store.ts";
import type { CaseSnooze, FilingInput } from "../../../store/filing-records.ts";
import type { HeadlineCounts } from "../views/alert-controls.ts";
import { HEADLINE_MAX_FILINGS } from "../views/filing-headline.ts";
import type { DocketPushPlan, PlannedEntry } from "./push-plan.ts";
import type { AlertsStore } from "../deps.ts";

export interface ChannelShare {
  /** The case's snooze in this channel, in force after this delivery's gate. */
  snooze?: CaseSnooze | undefined;
  /** The filings of the channel-level message, newest first ([] when none qualifies). */
  headline: PlannedEntry[];
  counts: HeadlineCounts;
  /** Every filing to record for this channel, with where it shows. */
  inputs: FilingInput[];
}

const SUMMARY_MAX = 300;
/** How far back folded filings are looked up for the next headline's count. */
export const CARRY_WINDOW_MS = 7 * 86_400_000;

/** Filings of the case folded into its thread since its last headline here (this delivery's own excluded). */
async function foldedSince(deps: { store: AlertsStore; clock: Clock }, d: DeliveryRecord, plan: DocketPushPlan): Promise<{ routine: number; notable: number }> {
  const now = deps.clock.now();
  const recent = await deps.store.filingsBetween({ teamId: d.teamId, channelId: d.channelId }, now - CARRY_WINDOW_MS, now + 1, { matters: [d.clientMatter] });
  const ofCase = recent.filter((f) => f.court === plan.court && f.docket === plan.docket && f.deliveryId !== d.id);
  const lastHeadline = ofCase.reduce((t, f) => (f.shown === "channel" && f.createdAt > t ? f.createdAt : t), -Infinity);
  // "muted" filings were folded into the thread too: counted like the rest, so every count agrees.
  const folded = ofCase.filter((f) => f.shown !== "channel" && f.createdAt > lastHeadline);
  return { routine: folded.filter((f) => f.level === "routine").length, notable: folded.filter((f) => f.level === "notable").length };
}

function isoDate(e: PlannedEntry): string | undefined {
  const d = parseServiceDate(e.entry.date) ?? parseServiceDate(e.entry.entry_date);
  return d ? toPacerDate(d) : undefined;
}

/** The first words of the entry, plain (the view escapes them). */
function summaryOf(e: PlannedEntry): string {
  return entryPlainText(e.entry.contents, SUMMARY_MAX) || entryPlainText((e.entry as { description?: unknown }).description, SUMMARY_MAX);
}

export async function channelShare(deps: { store: AlertsStore; clock: Clock }, d: DeliveryRecord, plan: DocketPushPlan): Promise<ChannelShare> {
  const key = { teamId: d.teamId, channelId: d.channelId, court: plan.court, docket: plan.docket };
  let snooze = await deps.store.activeSnooze(key, deps.clock.now());
  if (snooze?.mode === "next_order" && plan.levels.urgent > 0) {
    // The order it waited for: the case speaks in the channel again, starting with this filing.
    await deps.store.unsnoozeCase(key);
    snooze = undefined;
  }
  const settings = await deps.store.getAlertSettings({ teamId: d.teamId, channelId: d.channelId });
  const posts: Record<SignificanceLevel, boolean> = { urgent: true, notable: settings.postNotable, routine: settings.postRoutine && !snooze };
  const mutedRoutine = snooze !== undefined && settings.postRoutine;
  const qualifying = plan.entries.filter((e) => posts[e.significance.level]);
  const listed = qualifying.slice(0, HEADLINE_MAX_FILINGS);
  const inChannel = (["urgent", "notable", "routine"] as const).reduce((n, l) => n + (posts[l] ? plan.levels[l] : 0), 0);
  const earlier = listed.length > 0 ? await foldedSince(deps, d, plan) : { routine: 0, notable: 0 };
  const counts: HeadlineCounts = {
    moreSignificant: Math.max(0, inChannel - listed.length),
    routine: (posts.routine ? 0 : plan.levels.routine) + earlier.routine,
    notableInThread: (posts.notable ? 0 : plan.levels.notable) + earlier.notable,
  };
  const headline = new Set(listed);
  const inputs: FilingInput[] = plan.entries
    .filter((e) => e.inThread || headline.has(e))
    .map((e) => ({
      teamId: d.teamId, channelId: d.channelId, clientMatter: d.clientMatter, court: plan.court, docket: plan.docket,
      entryKey: e.key, entryNumber: e.entry.number, entryDate: isoDate(e),
      level: e.significance.level, kind: e.significance.kind, summary: summaryOf(e), link: e.entry.link,
      caseTitle: plan.title, deliveryId: d.id,
      shown: headline.has(e) ? "channel" : mutedRoutine && e.significance.level === "routine" ? "muted" : "thread",
    }));
  return { snooze, headline: listed, counts, inputs };
}
