/**
 * One chaos run of issue 17 item 4: REPLICAS docketbot processes (src/main.ts, as `npm start`) on
 * one PostgreSQL schema, pushes sent to whichever replica is up (and sent again elsewhere when no
 * 200 came back, as the service retries), and a random replica SIGKILLed every 2-4 s and started
 * again. The Slack stand-in records every post it accepted, even one whose sender died before the
 * answer. Afterwards: what each channel shows, against what the store says it was sent.
 */
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { systemClock } from "../../src/clock.ts";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.ts";
import { startSlackStandIn } from "../../sandbox/slack/stand-in.ts";
import { startBotProcess } from "../helpers/bot-process.ts";

const SECRET = "replicas-test-signing-secret-0123456789";
const TOKEN = "xoxb-1111-2222-replicastesttoken";
const AUTH = `Basic ${Buffer.from("hook:push-pass-123").toString("base64")}`;
const TEAM = "T0DOCKET";
/** Two matters over the stand-in's two channels: C0ACME has both, so its lane carries two cases. */
export const MATTERS = { "REP-A": ["C0ACME", "C0IP"], "REP-B": ["C0ACME"] } as const;
type Matter = keyof typeof MATTERS;
const CHANNELS = ["C0ACME", "C0IP"] as const;
const DOCKETS: Record<Matter, string> = { "REP-A": "1:26-cv-00017", "REP-B": "1:26-cv-00071" };

export interface ChaosOptions {
  databaseUrl: string;
  /** How long replicas are killed for (pushes go on for as long). */
  seconds: number;
  replicas: number;
  /** false: the test-only switch that posts resumed alerts without looking in Slack first. */
  lookup: boolean;
  log?: ((line: string) => void) | undefined;
}

export interface ChannelReport {
  channel: string;
  /** Pushes routed to the channel (acknowledged ones: every push is sent until acknowledged). */
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

export interface ChaosReport {
  pushes: number;
  kills: number;
  starts: number;
  drainedInMs: number;
  channels: ChannelReport[];
}

const entryText = (i: number) => `Replica test entry ${i}:`;

function pushBody(i: number, matter: Matter): string {
  return JSON.stringify({
    push_type: "docket",
    client_matter: matter,
    court: "Delaware District Court",
    docket: DOCKETS[matter],
    info: { title: `Replicaco ${matter} Inc. v. Failover LLC`, date_filed: "1/2/2026" },
    docket_report: [{ date: "3/4/2026", number: String(1000 + i), contents: `${entryText(i)} ORDER on motion ${i}` }],
    parties: [],
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const schema = `replicas_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  const slack = await startSlackStandIn({ signingSecret: SECRET, botToken: TOKEN });
  const url = new URL(options.databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const store = await openPostgresStore({ connectionString: options.databaseUrl, schema, clock: systemClock, maxConnections: 2 });
  const bots: ({ child: ChildProcess; url: string } | undefined)[] = new Array(options.replicas).fill(undefined);
  let kills = 0;
  let starts = 0;
  try {
    for (const [matter, channels] of Object.entries(MATTERS)) {
      for (const channelId of channels) await store.linkMatter({ teamId: TEAM, channelId, clientMatter: matter, linkedBy: "U0ADMIN" });
    }
    const env = {
      SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl,
      PUSH_USERNAME: "hook", PUSH_PASSWORD: "push-pass-123", DATABASE_URL: url.toString(),
      // A dead replica's channels wait this long before another takes them over.
      OUTBOX_LANE_LEASE_MS: "3000", OUTBOX_POLL_MS: "500",
      ...(options.lookup ? {} : { DOCKETBOT_TEST_NO_RESUME_LOOKUP: "true" }),
    };
    const startOne = async (n: number) => {
      starts++;
      bots[n] = await startBotProcess({ env });
    };
    await Promise.all(bots.map((_, n) => startOne(n)));

    // The service: every push is sent until a replica answers 200.
    const pending: { i: number; matter: Matter }[] = [];
    const acked = new Map<number, Matter>();
    const send = async (p: { i: number; matter: Matter }) => {
      const live = bots.filter((b) => b !== undefined);
      const bot = live[Math.floor(Math.random() * live.length)];
      if (!bot) return false;
      try {
        const res = await fetch(`${bot.url}/docket/push`, {
          method: "POST", headers: { "content-type": "application/json", authorization: AUTH },
          body: pushBody(p.i, p.matter), signal: AbortSignal.timeout(5000),
        });
        return res.status === 200;
      } catch {
        return false; // killed under us: no answer
      }
    };
    const flush = async () => {
      for (const p of pending.splice(0)) {
        if (await send(p)) acked.set(p.i, p.matter);
        else pending.push(p);
      }
    };

    const until = Date.now() + options.seconds * 1000;
    const killer = (async () => {
      while (Date.now() < until) {
        await sleep(2000 + Math.random() * 2000);
        const n = Math.floor(Math.random() * bots.length);
        const bot = bots[n];
        if (!bot) continue;
        bots[n] = undefined;
        bot.child.kill("SIGKILL");
        kills++;
        await new Promise((r) => (bot.child.exitCode !== null || bot.child.signalCode ? r(undefined) : bot.child.once("exit", r)));
        await startOne(n);
      }
    })();
    let i = 0;
    while (Date.now() < until) {
      pending.push({ i, matter: i % 2 === 0 ? "REP-A" : "REP-B" });
      i++;
      await flush();
      // One push every 2 s: C0ACME carries both matters at two posts each, near its 1 msg/s.
      await sleep(2000);
    }
    await killer;
    while (pending.length > 0) {
      await flush();
      if (pending.length > 0) await sleep(200);
    }
    log(`${acked.size} pushes acknowledged, ${kills} replicas killed; waiting for the outbox to drain`);

    const started = Date.now();
    const open = async () => (await store.outboxStats()).byMatter.reduce((n, m) => n + m.pending + m.inFlight, 0);
    while ((await open()) > 0 && Date.now() - started < 180_000) await sleep(500);
    const drainedInMs = Date.now() - started;
    await sleep(1500); // a late duplicate would show up now

    const channels = await Promise.all(CHANNELS.map((c) => channelReport(c, acked, slack, store)));
    return { pushes: acked.size, kills, starts, drainedInMs, channels };
  } finally {
    for (const b of bots) b?.child.kill("SIGKILL");
    await store.close();
    await slack.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

type StandIn = Awaited<ReturnType<typeof startSlackStandIn>>;
type PgStore = Awaited<ReturnType<typeof openPostgresStore>>;

async function channelReport(channel: string, acked: ReadonlyMap<number, Matter>, slack: StandIn, store: PgStore): Promise<ChannelReport> {
  const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";
  const roots = slack.state.messages(channel).filter((m) => !isBroadcast(m));
  const inThreads = roots.flatMap((m) => slack.state.thread(channel, m.ts)).filter((m) => m.thread_ts !== undefined && m.ts !== m.thread_ts);
  const entryOf = (m: { blocks?: unknown; text?: unknown }) => {
    const found = /Replica test entry (\d+):/.exec(JSON.stringify(m.blocks ?? m.text));
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
