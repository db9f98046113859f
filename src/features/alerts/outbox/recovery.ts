/**
 * Crash safety (issue 5, Delivery): "a post interrupted mid-flight must not appear twice". Every
 * alert message carries metadata with its delivery id (slack-poster.ts), so before a delivery that
 * was attempted before is posted again, the channel (and the case thread) is searched for what it
 * already put there:
 *
 * - a delivery left in flight by a process that died (this one before a restart, or another
 *   replica) goes back to pending when its channel's lane is claimed (Store.claimLane); having
 *   attempts > 0, it is looked up before anything is posted;
 * - the same holds for a delivery retried after a restart (a failure after part 1 of 3 was posted).
 *
 * Within one process the dispatcher remembers what each attempt posted and needs no lookup, unless
 * another replica held the channel's lane since (then it looks up again).
 */
import type { Logger } from "../../../logger.ts";
import type { DeliveryRecord } from "../../../store/store.ts";
import { SlackCallError } from "../../../slack/slack-errors.ts";
import type { MessagePage, PageOptions, SlackPoster } from "./slack-poster.ts";

/** What one delivery has in Slack so far. */
export interface Progress {
  /** Its messages found or posted: part number (1-based) → ts. */
  parts: Map<number, string>;
  /** A case root this delivery posted, which the store may not have recorded (crash between the two). */
  root?: string | undefined;
  /** The lane (channel) it belongs to: forgotten when another replica had that lane since. */
  lane?: string | undefined;
}

export function emptyProgress(): Progress {
  return { parts: new Map() };
}

export interface LookupOptions {
  /** History pages (of 200) read at most per conversation; a busier channel is read only this far back. */
  maxPages: number;
  /** Read from this long before the delivery was created: Slack's and our clocks may differ. */
  marginMs: number;
}

export const DEFAULT_LOOKUP: LookupOptions = { maxPages: 10, marginMs: 5 * 60_000 };

/** A Slack ts ("seconds.micros") for a clock time. */
export function slackTs(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(6);
}

async function scan(
  read: (o: PageOptions) => Promise<MessagePage>,
  oldest: string,
  maxPages: number,
  visit: (page: MessagePage) => void,
): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const p = await read({ oldest, cursor, limit: 200 });
    visit(p);
    if (!p.nextCursor) return true;
    cursor = p.nextCursor;
  }
  return false;
}

/**
 * Finds the messages `delivery` already posted: top-level ones (a case root, search alerts) in the
 * channel's history since it was created, and replies in the case threads given (the store's root
 * for the case, plus any root of its own found in history).
 */
export async function findPosted(
  poster: SlackPoster,
  delivery: DeliveryRecord,
  caseRoots: readonly string[],
  options: LookupOptions,
  logger: Logger,
): Promise<Progress> {
  const progress = emptyProgress();
  const oldest = slackTs(delivery.createdAt - options.marginMs);
  const mine = (page: MessagePage, parent?: string) => {
    for (const m of page.messages) {
      if (m.alert?.delivery_id !== delivery.id || m.ts === parent) continue;
      if (m.alert.role === "root") progress.root ??= m.ts;
      else if (!progress.parts.has(m.alert.part ?? 1)) progress.parts.set(m.alert.part ?? 1, m.ts);
    }
  };
  const whole = await scan((o) => poster.history(delivery.channelId, o), oldest, options.maxPages, (p) => mine(p));
  if (!whole) logger.warn({ deliveryId: delivery.id, channel: delivery.channelId }, "channel history too long to search fully for a resumed alert");
  const roots = new Set([...caseRoots, ...(progress.root ? [progress.root] : [])]);
  for (const root of roots) {
    try {
      await scan((o) => poster.replies(delivery.channelId, root, o), oldest, options.maxPages, (p) => mine(p, root));
    } catch (e) {
      // A root that is gone holds nothing to find; the delivery will start a new one.
      if (e instanceof SlackCallError && e.kind === "root_gone") continue;
      throw e;
    }
  }
  return progress;
}
