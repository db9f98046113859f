/**
 * Delivery (issue 7): 1,000 alerts (docket pushes, 50 for one case in each of 20 channels) through
 * the real outbox (src/push/outbox) and its own Web API client, to the Slack stand-in enforcing
 * 1 message per second per channel on chat.postMessage (429 + Retry-After when a post comes early).
 * Baseline: the bound that limit sets, (most posts in one channel − 1) × 1 s.
 *
 * At real speed this takes about a minute per repeat (51 posts per channel), so it runs on a
 * SimClock in flowing mode, shared by the outbox, the store and the stand-in: time runs at the real
 * rate whenever anything is happening (every HTTP round trip and SQLite commit costs what it costs,
 * and the 1 s spacing, which the outbox measures from Slack's answer, includes it), and jumps ahead
 * only while no Slack call is in flight and everyone is asleep on the clock. The result is the one
 * a real-time run would give, without the idle seconds. A fake clock would make every answer take
 * 0 ms (hiding the latency the spacing adds); a scaled clock would multiply it by the scale.
 *
 * Stores side by side (issue 17 item 5): SQLite (REPEATS), then PostgreSQL (PG_REPEATS each, on a
 * fresh schema) with one outbox and with three: three replicas' outboxes, each with its own store
 * (its own connection pool and LISTEN connection) on the one schema and its own Slack client,
 * sharing the channels through the store's lanes (SKIP LOCKED claims, leases, fences). They run in
 * this process because they must share the simulated clock; what they share otherwise is only what
 * separate processes would share (the database and Slack). PostgreSQL answers asynchronously, so
 * idle time is skipped only while no store call is under way either (`counted` below).
 */
import { join } from "node:path";
import { LogLevel } from "@slack/web-api";
import { pino } from "pino";
import { createOutbox, createOutboxSlackClient } from "../../src/features/alerts/outbox/index.ts";
import { startSlackStandIn } from "../../sandbox/slack/stand-in.ts";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.ts";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.ts";
import type { Store } from "../../src/store/store.ts";
import { BENCH } from "../lib/bot-env.ts";
import { createSchema, displayUrl, type Postgres } from "../lib/postgres.ts";
import { SimClock, settle } from "../lib/sim-clock.ts";
import { addChannels } from "../lib/stand-in-channels.ts";
import { median } from "../lib/stats.ts";

const CHANNELS = 20;
const ALERTS = 1000;
const REPEATS = 3;
const PG_REPEATS = 1;
const MIN_INTERVAL_MS = 1000;
const REAL_LIMIT_MS = 60_000;
const SITE = "https://www.docketservice.example/";

export interface DeliveryRun {
  makespanMs: number;
  boundMs: number;
  ratio: number;
  posts: number;
  updates: number;
  maxPostsPerChannel: number;
  rateLimited: number;
  /** Least time between two accepted posts in one channel, on the clock. */
  minGapMs: number;
  sent: number;
  dead: number;
  realMs: number;
  skippedMs: number;
}

export interface DeliveryFigure {
  channels: number;
  alerts: number;
  /** Proof the stand-in enforces the limit: two posts in a row to one channel, the second refused. */
  enforcement: { secondPostStatus: number; retryAfter: string | null };
  /** SQLite, one outbox. */
  median: DeliveryRun;
  runs: DeliveryRun[];
  /** PostgreSQL with one outbox and with three (replicas), or why not. */
  postgres:
    | { available: true; backends: { key: "postgres-1" | "postgres-3"; label: string; replicas: number; median: DeliveryRun; runs: DeliveryRun[] }[] }
    | { available: false; url: string; reason: string };
}

/** Medians of repeats, field by field (429s and deaths: the most of any repeat; gaps: the least). */
function medianOf(runs: readonly DeliveryRun[]): DeliveryRun {
  const pick = (f: (r: DeliveryRun) => number) => median(runs.map(f));
  return {
    makespanMs: pick((r) => r.makespanMs), boundMs: pick((r) => r.boundMs), ratio: pick((r) => r.ratio), posts: pick((r) => r.posts),
    updates: pick((r) => r.updates), maxPostsPerChannel: pick((r) => r.maxPostsPerChannel), rateLimited: Math.max(...runs.map((r) => r.rateLimited)),
    minGapMs: Math.min(...runs.map((r) => r.minGapMs)), sent: pick((r) => r.sent), dead: Math.max(...runs.map((r) => r.dead)),
    realMs: pick((r) => r.realMs), skippedMs: pick((r) => r.skippedMs),
  };
}

type StoreAt = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string; schema: string };

/**
 * The store with its calls under way counted: PostgreSQL answers on a socket, so "nothing but
 * clock sleepers is pending" must include the store (SQLite's calls finish in the caller's turn).
 */
function counted(store: Store, inFlight: { n: number }): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(out instanceof Promise)) return out;
        inFlight.n++;
        return out.finally(() => inFlight.n--);
      };
    },
  });
}

const silentSlackLogger = {
  debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined,
  setLevel: () => undefined, getLevel: () => LogLevel.ERROR, setName: () => undefined,
};

export async function runDelivery(opts: { scratch: string; log: (line: string) => void; postgres: Postgres }): Promise<DeliveryFigure> {
  const enforcement = await checkEnforcement();
  opts.log(`  delivery: the stand-in answers a second post within 1 s with HTTP ${enforcement.secondPostStatus}, Retry-After ${enforcement.retryAfter}`);
  const note = (label: string, rep: number, run: DeliveryRun) =>
    opts.log(`  delivery ${label} rep ${rep + 1}: makespan ${(run.makespanMs / 1000).toFixed(2)} s for ${run.maxPostsPerChannel} posts/channel (bound ${(run.boundMs / 1000).toFixed(0)} s), ${run.rateLimited} × 429, ${run.sent} sent (${(run.realMs / 1000).toFixed(1)} s real)`);
  const runs: DeliveryRun[] = [];
  for (let rep = 0; rep < REPEATS; rep++) {
    const run = await once({ kind: "sqlite", path: join(opts.scratch, `delivery-${rep + 1}.db`) }, 1);
    runs.push(run);
    note("SQLite", rep, run);
  }
  let postgres: DeliveryFigure["postgres"];
  const pg = opts.postgres;
  if (!pg.available) {
    opts.log(`  delivery on PostgreSQL skipped: no PostgreSQL at ${displayUrl(pg.url)} (${pg.reason})`);
    postgres = { available: false, url: displayUrl(pg.url), reason: pg.reason };
  } else {
    const backends: Extract<DeliveryFigure["postgres"], { available: true }>["backends"] = [];
    for (const replicas of [1, 3] as const) {
      const label = `PostgreSQL, ${replicas} replica${replicas === 1 ? "" : "s"}`;
      const pgRuns: DeliveryRun[] = [];
      for (let rep = 0; rep < PG_REPEATS; rep++) {
        const schema = await createSchema(pg.url, `delivery${replicas}`);
        try {
          const run = await once({ kind: "postgres", url: pg.url, schema: schema.name }, replicas);
          pgRuns.push(run);
          note(label, rep, run);
        } finally {
          await schema.drop();
        }
      }
      backends.push({ key: replicas === 1 ? "postgres-1" : "postgres-3", label, replicas, median: medianOf(pgRuns), runs: pgRuns });
    }
    postgres = { available: true, backends };
  }
  return { channels: CHANNELS, alerts: ALERTS, enforcement, runs, median: medianOf(runs), postgres };
}

async function once(at: StoreAt, replicas: number): Promise<DeliveryRun> {
  const clock = new SimClock({ flowing: true });
  const slack = await startSlackStandIn({ signingSecret: BENCH.signingSecret, botToken: BENCH.botToken, clock });
  const channels = Array.from({ length: CHANNELS }, (_, i) => `C0BENCH${String(i + 1).padStart(2, "0")}`);
  addChannels(slack, channels);
  slack.faults.enforceChannelRate("chat.postMessage", { intervalMs: MIN_INTERVAL_MS, clock });
  const storeCalls = { n: 0 };
  const open = async (): Promise<Store> =>
    counted(at.kind === "sqlite"
      ? await openSqliteStore({ path: at.path, clock })
      : await openPostgresStore({ connectionString: at.url, schema: at.schema, clock, maxConnections: 10 }), storeCalls);
  const stores: Store[] = [];
  const outboxes: ReturnType<typeof createOutbox>[] = [];
  try {
    // The first store migrates (a new schema); the replicas' stores open on it afterwards.
    for (let r = 0; r < replicas; r++) stores.push(await open());
    const store = stores[0]!;
    for (const s of stores) {
      outboxes.push(createOutbox({
        store: s, clock, siteUrl: SITE, admins: [], logger: pino({ level: "silent" }),
        slack: createOutboxSlackClient({ botToken: BENCH.botToken, apiUrl: slack.apiUrl, logger: silentSlackLogger }),
      }));
    }
    for (const [i, channelId] of channels.entries()) {
      await store.linkMatter({ teamId: BENCH.teamId, channelId, clientMatter: `MATTER-${i + 1}`, linkedBy: "U0ADMIN" });
    }
    // 50 alerts per channel, stored as intake stores them (group commit), before the outbox starts.
    await Promise.all(
      Array.from({ length: ALERTS }, (_, n) => {
        const body = JSON.stringify(docketPush(`MATTER-${(n % CHANNELS) + 1}`, n));
        return store.storePush({ body, receivedAt: clock.now(), pushType: "docket", clientMatter: `MATTER-${(n % CHANNELS) + 1}` });
      }),
    );

    const total = () => outboxes.reduce((a, o) => { const s = o.stats(); return { sent: a.sent + s.sent, dead: a.dead + s.dead, calls: a.calls + s.slackCallsInFlight }; }, { sent: 0, dead: 0, calls: 0 });
    const busy = () => total().calls > 0 || storeCalls.n > 0;
    const limitMs = at.kind === "sqlite" ? REAL_LIMIT_MS : 3 * REAL_LIMIT_MS;
    const realStart = performance.now();
    const t0 = clock.now();
    await Promise.all(outboxes.map((o) => o.start()));
    while (total().sent + total().dead < ALERTS) {
      if (performance.now() - realStart > limitMs) throw new Error(`delivery: ${total().sent} of ${ALERTS} sent after ${limitMs} ms real time`);
      await settle();
      // Skip idle time only when no Slack call (nor store call) is under way, twice in a row (a
      // lane between two steps is settled by then); a skip taken too early would only delay that lane.
      if (busy()) continue;
      await settle();
      if (!busy() && total().sent + total().dead < ALERTS) clock.skip();
    }
    const realMs = performance.now() - realStart;

    const posts = slack.callsTo("chat.postMessage");
    const accepted = posts.filter((c) => c.ok);
    const rateLimited = posts.filter((c) => c.status === 429).length;
    const perChannel = new Map<string, number[]>();
    for (const c of accepted) {
      const id = String(c.params.channel);
      perChannel.set(id, [...(perChannel.get(id) ?? []), c.at]);
    }
    let minGapMs = Number.POSITIVE_INFINITY;
    let maxPostsPerChannel = 0;
    for (const times of perChannel.values()) {
      maxPostsPerChannel = Math.max(maxPostsPerChannel, times.length);
      for (let i = 1; i < times.length; i++) minGapMs = Math.min(minGapMs, times[i]! - times[i - 1]!);
    }
    const makespanMs = Math.max(...accepted.map((c) => c.at)) - t0;
    const boundMs = (maxPostsPerChannel - 1) * MIN_INTERVAL_MS;
    const stats = total();
    return {
      makespanMs, boundMs, ratio: makespanMs / boundMs, posts: accepted.length, updates: slack.callsTo("chat.update").filter((c) => c.ok).length,
      maxPostsPerChannel, rateLimited, minGapMs, sent: stats.sent, dead: stats.dead, realMs, skippedMs: clock.skippedMs,
    };
  } finally {
    await Promise.all(outboxes.map((o) => o.stop()));
    for (const s of stores) await s.close();
    await slack.close();
    clock.dispose();
  }
}

/** Two posts to one channel straight after each other, on a clock that does not move. */
async function checkEnforcement(): Promise<DeliveryFigure["enforcement"]> {
  const clock = new SimClock({ flowing: false });
  const slack = await startSlackStandIn({ signingSecret: BENCH.signingSecret, botToken: BENCH.botToken, clock });
  try {
    slack.faults.enforceChannelRate("chat.postMessage", { intervalMs: MIN_INTERVAL_MS, clock });
    const post = () =>
      fetch(`${slack.apiUrl}chat.postMessage`, {
        method: "POST",
        headers: { authorization: `Bearer ${BENCH.botToken}`, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ channel: BENCH.channelId, text: "enforcement check" }),
      });
    const first = await post();
    await first.text();
    if (first.status !== 200) throw new Error(`delivery: the stand-in refused the first post (HTTP ${first.status})`);
    const second = await post();
    await second.text();
    return { secondPostStatus: second.status, retryAfter: second.headers.get("retry-after") };
  } finally {
    await slack.close();
    clock.dispose();
  }
}

let entryNo = 100;

/** A docket push for one case with one new entry (spec, Events). */
function docketPush(clientMatter: string, n: number) {
  const number = String(entryNo++);
  return {
    push_type: "docket", client_matter: clientMatter, court: "New York Southern District Court", docket: "1:23-cv-01234",
    info: { title: "Acme Widgets, Inc. v. Globex Corporation" },
    docket_report: [{
      date: "3/4/2026", number, contents: `<span class='description'>ORDER granting motion to compel, alert ${n}.</span> Signed by Judge Jane Q. Public on 3/4/2026.`,
      link: `${SITE}cases/New_York_Southern_District_Court/1--23-cv-01234/docs/${number}.pdf`,
    }],
    parties: [],
  };
}
