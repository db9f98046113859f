/**
 * One attempt at one delivery: the Slack calls a plan needs, resuming from `progress` (what earlier
 * attempts or the crash lookup found posted) and recording each post in it as it lands, so a
 * failure halfway never re-posts the parts already there.
 *
 * A docket alert goes under its case's root message in that channel:
 *  1. a known root is edited FIRST, to the counters it will show once this alert is in
 *     (`5 new entries · latest 3/4/2026`). chat.update answers message_not_found for a deleted
 *     root, so the edit doubles as the check that the root still exists before a reply is put under
 *     it (a reply under a deleted parent is all but invisible). Editing after the reply, as the
 *     obvious order would, finds a deleted root only once the reply is already lost under it.
 *  2. no root (or a deleted one): post a new root, record it (saveCaseThread);
 *  3. post the reply part(s) in its thread; a root deleted meanwhile (thread_not_found) → forget it
 *     and go round again with a new root;
 *  4. add the alert to the stored counters (recordCaseAlert), which the next edit shows.
 * A crash between 3 and 4 loses the count of one alert; between 4 and markSent, the lookup finds
 * the reply posted and counts it again. Both windows are two local SQLite writes wide; the counter
 * is a summary, the entries themselves are never lost or doubled.
 */
import type { AnyBlock, MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { renderCaseRoot } from "../views/index.ts";
import type { CaseThread, CaseThreadKey, DeliveryRecord, Store } from "../../../store/store.ts";
import { SlackCallError } from "../../../slack/slack-errors.ts";
import type { DeliveryPlan } from "./plan.ts";
import type { Progress } from "./recovery.ts";
import type { AlertMetadata, SlackPoster } from "./slack-poster.ts";

export interface AttemptDeps {
  store: Store;
  poster: SlackPoster;
  siteUrl: string;
  /** Waits for the channel's next 1 msg/s slot, then posts (every chat.postMessage goes through it). */
  paced<T>(post: () => Promise<T>): Promise<T>;
}

const isRootGone = (e: unknown) => e instanceof SlackCallError && e.kind === "root_gone";

/** The later of two ISO dates. */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

type ThreadPlan = Extract<DeliveryPlan, { kind: "thread" }>;

function rootMessage(plan: ThreadPlan, d: DeliveryRecord, siteUrl: string, thread?: CaseThread): MessagePayload<AnyBlock> {
  return renderCaseRoot(
    {
      court: plan.court,
      docket: plan.docket,
      title: plan.title ?? thread?.title,
      newEntries: (thread?.newEntries ?? 0) + plan.newEntries,
      latestEntryDate: later(thread?.latestEntryDate, plan.latestEntryDate),
      clientMatter: d.clientMatter,
    },
    { siteUrl },
  );
}

async function postParts(
  deps: AttemptDeps,
  d: DeliveryRecord,
  messages: readonly MessagePayload[],
  progress: Progress,
  threadTs?: string,
): Promise<void> {
  for (let i = 0; i < messages.length; i++) {
    const part = i + 1;
    if (progress.parts.has(part)) continue;
    const metadata: AlertMetadata = { delivery_id: d.id, role: "alert", part, parts: messages.length };
    const { ts } = await deps.paced(() => deps.poster.post({ channel: d.channelId, message: messages[i]!, threadTs, metadata }));
    progress.parts.set(part, ts);
  }
}

/** Root rounds per attempt: a root deleted while we post is replaced once or twice, then retried later. */
const ROOT_ROUNDS = 3;

async function deliverToThread(deps: AttemptDeps, d: DeliveryRecord, plan: ThreadPlan, progress: Progress): Promise<string> {
  const { store, poster } = deps;
  const key: CaseThreadKey = { teamId: d.teamId, channelId: d.channelId, court: plan.court, docket: plan.docket };
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
    if (thread && progress.parts.size < plan.replies.length) {
      try {
        await poster.update({ channel: d.channelId, ts: thread.rootTs, message: rootMessage(plan, d, deps.siteUrl, thread) });
      } catch (e) {
        if (!isRootGone(e)) throw e;
        await forget();
        thread = undefined;
      }
    }
    if (!thread) {
      const metadata: AlertMetadata = { delivery_id: d.id, role: "root" };
      const message = rootMessage(plan, d, deps.siteUrl);
      const { ts } = await deps.paced(() => poster.post({ channel: d.channelId, message, metadata }));
      progress.root = ts;
      thread = (await store.saveCaseThread({ ...key, clientMatter: d.clientMatter, rootTs: ts, title: plan.title })).thread;
    }
    try {
      await postParts(deps, d, plan.replies, progress, thread.rootTs);
    } catch (e) {
      if (!isRootGone(e)) throw e;
      await forget();
      continue;
    }
    await store.recordCaseAlert(key, { newEntries: plan.newEntries, latestEntryDate: plan.latestEntryDate, title: plan.title });
    return progress.parts.get(1)!;
  }
  throw new SlackCallError({ kind: "transient", code: "root_deleted_repeatedly", method: "chat.postMessage" });
}

/** Runs the plan; resolves with the ts of the delivery's (first) alert message. */
export async function deliver(deps: AttemptDeps, d: DeliveryRecord, plan: DeliveryPlan, progress: Progress): Promise<string> {
  if (plan.kind === "thread") return deliverToThread(deps, d, plan, progress);
  await postParts(deps, d, plan.messages, progress);
  return progress.parts.get(1)!;
}
