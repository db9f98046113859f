/**
 * What a channel shows after a chaos run (chaos.ts), against what the emulator saw acknowledged and
 * what the store says it sent: duplicates, gaps, order, and the pace of accepted posts.
 */
import type { openPostgresStore } from "../../src/store/postgres/postgres-store.ts";
import type { startSlackStandIn } from "../../sandbox/slack/stand-in.ts";

/** Two matters over the stand-in's two channels: C0ACME has both, so its lane carries two cases. */
export const MATTERS = { "REP-A": ["C0ACME", "C0IP"], "REP-B": ["C0ACME"] } as const;
export type Matter = keyof typeof MATTERS;
export const CHANNELS = ["C0ACME", "C0IP"] as const;
export const TEAM = "T0DOCKET";
/** The serial the emulator writes into every entry it dockets during a run. */
export const ENTRY = /Replica test entry (\d+):/;

export interface ChannelReport {
  channel: string;
  /** Pushes the emulator saw acknowledged (a 200) routed to the channel. */
  expected: number;
  /** Entries shown in the channel's threads more than once, as thread replies or as headlines. */
  duplicateReplies: number;
  duplicateHeadlines: number;
  missing: number;
  /** Thread replies out of the store's delivery order. */
  outOfOrder: number;
  /** Accepted chat.postMessage calls to the channel, and the least gap between two of them. */
  posts: number;
  minGapMs: number;
  caseRoots: number;
}

type StandIn = Awaited<ReturnType<typeof startSlackStandIn>>;
type PgStore = Awaited<ReturnType<typeof openPostgresStore>>;

export async function channelReport(channel: string, acked: ReadonlyMap<number, Matter>, slack: StandIn, store: PgStore): Promise<ChannelReport> {
  const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";
  const roots = slack.state.messages(channel).filter((m) => !isBroadcast(m));
  const inThreads = roots.flatMap((m) => slack.state.thread(channel, m.ts)).filter((m) => m.thread_ts !== undefined && m.ts !== m.thread_ts);
  const entryOf = (m: { blocks?: unknown; text?: unknown }) => {
    const found = ENTRY.exec(JSON.stringify(m.blocks ?? m.text));
    return found ? Number(found[1]) : undefined;
  };
  const routed = [...acked].filter(([, matter]) => (MATTERS[matter] as readonly string[]).includes(channel)).map(([i]) => i);
  const count = (broadcast: boolean) => {
    const n = new Map<number, number>();
    for (const m of inThreads) {
      if (isBroadcast(m) !== broadcast) continue;
      const e = entryOf(m);
      if (e !== undefined) n.set(e, (n.get(e) ?? 0) + 1);
    }
    return n;
  };
  const replies = count(false);
  const headlines = count(true);
  // The store's order of this channel's deliveries, against the order their replies appeared in.
  const deliveries = await store.listDeliveries({ channel: { teamId: TEAM, channelId: channel }, limit: 1000 });
  const storeOrder: number[] = [];
  for (const d of deliveries) {
    const push = await store.getPush(d.pushId);
    const e = push ? entryOf({ text: push.body }) : undefined;
    if (e !== undefined) storeOrder.push(e);
  }
  const seen = new Set<number>();
  const shownOrder = inThreads
    .filter((m) => !isBroadcast(m))
    .sort((a, b) => Number(a.ts) - Number(b.ts))
    .map(entryOf)
    .filter((e): e is number => e !== undefined && !seen.has(e) && (seen.add(e), true));
  const outOfOrder = shownOrder.filter((e, k) => storeOrder[k] !== e).length;
  const posts = slack.callsTo("chat.postMessage").filter((c) => c.ok && c.params.channel === channel).map((c) => c.at).sort((a, b) => a - b);
  const minGapMs = posts.slice(1).reduce((m, at, k) => Math.min(m, at - posts[k]!), Infinity);
  return {
    channel,
    expected: routed.length,
    duplicateReplies: [...replies.values()].filter((n) => n > 1).length,
    duplicateHeadlines: [...headlines.values()].filter((n) => n > 1).length,
    missing: routed.filter((i) => !replies.has(i) || !headlines.has(i)).length,
    outOfOrder,
    posts: posts.length,
    minGapMs,
    caseRoots: roots.length,
  };
}
