/**
 * One attempt at one delivery: the Slack calls a plan needs, resuming from `progress` (what earlier
 * attempts or the crash lookup found posted) and recording each post in it as it lands, so a
 * failure halfway never re-posts the parts already there.
 *
 * A docket alert goes under its case's root message in that channel (one thread per case: its
 * history). Issue 12 measured that an edited root and a plain thread reply never surface in the
 * channel nor notify anyone who does not follow the thread, so the significant filings of a push
 * reach the channel as a HEADLINE: a reply in the case thread with reply_broadcast (Slack shows it
 * at the bottom of the channel and notifies like a new message, and it stays in the thread, so the
 * thread is still the whole history). The full alert follows in the thread, unbroadcast.
 *  0. gates (channel-gates.ts): snooze and channel settings decide what reaches the channel; the
 *     filings shown are recorded (store.recordFilings, idempotent per channel, case and entry),
 *     which gives the headline's buttons their filing ids. A filing is one filing by its identity
 *     (court, docket, entry number; push-plan.ts entryKey), whatever the bytes of the push: one
 *     this channel already received by another delivery is left out (the reply is rendered again
 *     without it), and a delivery left with nothing posts nothing and points at the earlier message;
 *  1. a known root is edited FIRST, to the counters it will show once this alert is in
 *     (`5 new entries · latest 3/4/2026`) and its snooze state. chat.update answers
 *     message_not_found for a deleted root, so the edit doubles as the check that the root still
 *     exists before a reply is put under it (a reply under a deleted parent is all but invisible).
 *  2. no root (or a deleted one): post a new root, record it (saveCaseThread);
 *  3. part 1, the headline, broadcast (when a filing qualifies; a mute folds routine filings only); parts
 *     2.., the thread reply; a root deleted meanwhile (thread_not_found) → forget it and go round
 *     again with a new root. The part numbers are fixed (the headline is always part 1), so a
 *     setting changed between a crash and its retry never shifts what recovery matches;
 *  4. attachFilingMessage: each filing learns the message showing it, the headline's as soon as it
 *     is posted (idempotent; done again on every attempt, so a crash between a post and this write
 *     is repaired by the retry);
 *  5. add the alert to the stored counters (recordCaseAlert), which the next edit shows.
 * A crash between 3 and 5 loses the count of one alert; between 5 and markSent, the lookup finds
 * the reply posted and counts it again. Both windows are a few local SQLite writes wide; the
 * counter is a summary, the entries themselves are never lost or doubled.
 */
import type { AnyBlock, MessagePayload } from "../../../slack/blockkit/blocks.ts";
import type { Clock } from "../../../clock.ts";
import { renderCaseRoot } from "../views/case-root.ts";
import { renderFilingHeadline } from "../views/filing-headline.ts";
import type { AlertAddOns, AlertDelivered } from "../../../slack/alert-add-ons.ts";
import type { CaseThread, CaseThreadKey, DeliveryRecord } from "../../../store/store.ts";
import type { CaseSnooze, FilingRecord } from "../../../store/filing-records.ts";
import { SlackCallError } from "../../../slack/slack-errors.ts";
import { channelShare, type ChannelShare } from "./channel-gates.ts";
import { withoutEntries, type DocketPushPlan, type PushPlan } from "./push-plan.ts";
import type { PlanOptions } from "./plan.ts";
import type { Progress } from "./recovery.ts";
import type { AlertMetadata, SlackPoster } from "./slack-poster.ts";
import type { AlertsStore } from "../deps.ts";

export interface AttemptDeps {
  store: AlertsStore;
  poster: SlackPoster;
  siteUrl: string;
  clock: Clock;
  /** Waits for the channel's next 1 msg/s slot, then posts (every chat.postMessage goes through it). */
  paced<T>(post: () => Promise<T>): Promise<T>;
  /** How a thread reply is rendered again for one channel (routine patterns, most messages). */
  render?: Omit<PlanOptions, "siteUrl"> | undefined;
  /** What features do when an alert is delivered, and say under its filings (main.ts registers them). */
  addOns?: AlertAddOns | undefined;
}

const isRootGone = (e: unknown) => e instanceof SlackCallError && e.kind === "root_gone";

/** The later of two ISO dates. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

type ThreadPlan = DocketPushPlan;

function rootMessage(plan: ThreadPlan, d: DeliveryRecord, siteUrl: string, snooze: CaseSnooze | undefined, thread?: CaseThread): MessagePayload<AnyBlock> {
  return renderCaseRoot(
    {
      court: plan.court,
      docket: plan.docket,
      title: plan.title ?? thread?.title,
      newEntries: (thread?.newEntries ?? 0) + plan.newEntries,
      latestEntryDate: later(thread?.latestEntryDate, plan.latestEntryDate),
      clientMatter: d.clientMatter,
      snooze: snooze && { mode: snooze.mode, until: snooze.until },
    },
    { siteUrl },
  );
}

/** Posts the parts not yet in `progress`; part numbers are `first`, `first + 1`, … of `parts` in all. */
async function postParts(
  deps: AttemptDeps,
  d: DeliveryRecord,
  messages: readonly MessagePayload<AnyBlock>[],
  progress: Progress,
  place: { threadTs?: string | undefined; first?: number; parts?: number; broadcast?: boolean },
): Promise<void> {
  const first = place.first ?? 1;
  for (let i = 0; i < messages.length; i++) {
    const part = first + i;
    if (progress.parts.has(part)) continue;
    const metadata: AlertMetadata = { delivery_id: d.id, role: "alert", part, parts: place.parts ?? messages.length };
    const { ts } = await deps.paced(() =>
      deps.poster.post({ channel: d.channelId, message: messages[i]!, threadTs: place.threadTs, broadcast: place.broadcast, metadata }),
    );
    progress.parts.set(part, ts);
  }
}

/** The headline from the stored filings (so it shows their sign-off state), newest first. */
function headlineMessage(plan: ThreadPlan, d: DeliveryRecord, share: ChannelShare, records: ReadonlyMap<string, FilingRecord>, siteUrl: string, said: readonly AlertDelivered[]): MessagePayload<AnyBlock> | undefined {
  const filings = share.headline.map((e) => records.get(e.key)).filter((r): r is FilingRecord => r !== undefined);
  if (filings.length === 0) return undefined;
  // Issue 25 item 13: a push bigger than its thread says how many entries the thread holds.
  const holds = plan.entries.reduce((n, e) => n + (e.inThread ? 1 : 0), 0);
  const counts = { ...share.counts, moreSignificant: share.counts.moreSignificant + (share.headline.length - filings.length), ...(plan.newEntries > holds ? { threadHolds: holds } : {}) };
  // What the add-ons say under a filing (a date it sets, moves or vacates), one line, in their order.
  const dateLines = new Map<number, string>();
  for (const e of share.headline) {
    const r = records.get(e.key);
    if (!r) continue;
    const lines = said.flatMap((s) => s.linesFor?.(e) ?? []);
    if (lines.length > 0) dateLines.set(r.id, lines.join(" · "));
  }
  return renderFilingHeadline({ case: { court: plan.court, docket: plan.docket, title: plan.title }, filings, counts, clientMatter: d.clientMatter, dateLines }, { siteUrl });
}

/** Runs each registered add-on for this delivery, in order, before its headline is rendered. */
async function runAddOns(deps: AttemptDeps, d: DeliveryRecord, plan: ThreadPlan): Promise<AlertDelivered[]> {
  const said: AlertDelivered[] = [];
  for (const addOn of deps.addOns?.list() ?? []) {
    const out = await addOn.onDelivered({
      channelId: d.channelId, clientMatter: d.clientMatter, court: plan.court, docket: plan.docket, title: plan.title,
      latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
    });
    if (out) said.push(out);
  }
  return said;
}

/** Root rounds per attempt: a root deleted while we post is replaced once or twice, then retried later. */
const ROOT_ROUNDS = 3;

/** Filings this channel already has from another delivery (shown there: a message carries them). */
const deliveredElsewhere = (d: DeliveryRecord, r: FilingRecord) => r.deliveryId !== undefined && r.deliveryId !== d.id && r.messageTs !== undefined;

/**
 * What this channel gets of the plan: its share, the filings recorded for it, and the plan less the
 * filings it already received by another delivery (a re-sent push); `earlier` when nothing is left.
 */
async function freshShare(deps: AttemptDeps, d: DeliveryRecord, shared: ThreadPlan) {
  let plan = shared;
  let share = await channelShare(deps, d, plan);
  let recorded = await deps.store.recordFilings(share.inputs);
  const seen = recorded.filter((r) => deliveredElsewhere(d, r));
  if (seen.length > 0) {
    plan = withoutEntries(shared, new Set(seen.map((r) => r.entryKey)), { siteUrl: deps.siteUrl, ...deps.render });
    if (plan.newEntries === 0 && plan.entries.length === 0) return { plan, share, records: new Map<string, FilingRecord>(), earlier: seen[0]!.messageTs };
    share = await channelShare(deps, d, plan);
    recorded = await deps.store.recordFilings(share.inputs);
  }
  return { plan, share, records: new Map(recorded.map((r) => [r.entryKey, r] as const)), earlier: undefined };
}

async function deliverToThread(deps: AttemptDeps, d: DeliveryRecord, shared: ThreadPlan, progress: Progress): Promise<string> {
  const { store, poster } = deps;
  const key: CaseThreadKey = { teamId: d.teamId, channelId: d.channelId, court: shared.court, docket: shared.docket };
  const { plan, share, records, earlier } = await freshShare(deps, d, shared);
  // Every filing of it is already in this channel: nothing to post; sent, as the earlier message.
  if (earlier !== undefined) return earlier;
  const headline = headlineMessage(plan, d, share, records, deps.siteUrl, await runAddOns(deps, d, plan));
  const parts = plan.replies.length + 1;
  // Parts still to post (a setting changed since a crashed attempt may add or drop the headline).
  const missing = () => (headline !== undefined && !progress.parts.has(1)) || plan.replies.some((_, i) => !progress.parts.has(i + 2));
  const forget = async () => {
    await store.deleteCaseThread(key);
    progress.parts.clear();
    progress.root = undefined;
  };
  for (let round = 0; round < ROOT_ROUNDS; round++) {
    let thread = await store.getCaseThread(key);
    if (!thread && progress.root) {
      // Our own root from before a crash, found in history: adopt it rather than post another.
      thread = (await store.saveCaseThread({ ...key, clientMatter: d.clientMatter, rootTs: progress.root, title: plan.title })).thread;
    }
    if (thread && missing()) {
      try {
        await poster.update({ channel: d.channelId, ts: thread.rootTs, message: rootMessage(plan, d, deps.siteUrl, share.snooze, thread) });
      } catch (e) {
        if (!isRootGone(e)) throw e;
        await forget();
        thread = undefined;
      }
    }
    if (!thread) {
      const metadata: AlertMetadata = { delivery_id: d.id, role: "root" };
      const message = rootMessage(plan, d, deps.siteUrl, share.snooze);
      const { ts } = await deps.paced(() => poster.post({ channel: d.channelId, message, metadata }));
      progress.root = ts;
      thread = (await store.saveCaseThread({ ...key, clientMatter: d.clientMatter, rootTs: ts, title: plan.title })).thread;
    }
    try {
      if (headline && !progress.parts.has(1)) {
        await postParts(deps, d, [headline], progress, { threadTs: thread.rootTs, first: 1, parts, broadcast: true });
        // At once, not after the thread reply a paced second later: a click on the headline finds its filings.
        await attachFilings(store, share, records, progress);
      }
      await postParts(deps, d, plan.replies, progress, { threadTs: thread.rootTs, first: 2, parts });
    } catch (e) {
      if (!isRootGone(e)) throw e;
      await forget();
      continue;
    }
    await attachFilings(store, share, records, progress);
    await store.recordCaseAlert(key, { newEntries: plan.newEntries, latestEntryDate: plan.latestEntryDate, title: plan.title });
    return progress.parts.get(1) ?? progress.parts.get(2)!;
  }
  throw new SlackCallError({ kind: "transient", code: "root_deleted_repeatedly", method: "chat.postMessage" });
}

/** Each recorded filing learns the message that shows it: the headline, or the thread reply. */
async function attachFilings(store: AlertsStore, share: ChannelShare, records: ReadonlyMap<string, FilingRecord>, progress: Progress): Promise<void> {
  const inHeadline = new Set(share.headline.map((e) => e.key));
  const headlineTs = progress.parts.get(1);
  const replyTs = progress.parts.get(2);
  const ids = (pick: (key: string) => boolean) => [...records.values()].filter((r) => pick(r.entryKey)).map((r) => r.id);
  if (headlineTs !== undefined) {
    const shown = ids((k) => inHeadline.has(k));
    if (shown.length > 0) await store.attachFilingMessage(shown, headlineTs);
  }
  if (replyTs !== undefined) {
    const rest = ids((k) => headlineTs === undefined || !inHeadline.has(k));
    if (rest.length > 0) await store.attachFilingMessage(rest, replyTs);
  }
}

/** Runs the plan; resolves with the ts of the delivery's first alert message (its headline, when it has one). */
export async function deliver(deps: AttemptDeps, d: DeliveryRecord, plan: PushPlan, progress: Progress): Promise<string> {
  if (plan.kind === "thread") return deliverToThread(deps, d, plan, progress);
  await postParts(deps, d, plan.messages, progress, {});
  return progress.parts.get(1)!;
}
