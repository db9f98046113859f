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
 */
import { join } from "node:path";
import { LogLevel } from "@slack/web-api";
import { pino } from "pino";
import { createOutbox, createOutboxSlackClient } from "../../src/features/alerts/outbox/index.ts";
import { startSlackStandIn } from "../../sandbox/slack/stand-in.ts";
import { openSqliteStore } from "../../src/store/sqlite/sqlite-store.ts";
import { BENCH } from "../lib/bot-env.ts";
import { SimClock, settle } from "../lib/sim-clock.ts";
import { addChannels } from "../lib/stand-in-channels.ts";
import { median } from "../lib/stats.ts";

const CHANNELS = 20;
const ALERTS = 1000;
const REPEATS = 3;
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
  median: DeliveryRun;
  runs: DeliveryRun[];
}

const silentSlackLogger = {
  debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined,
  setLevel: () => undefined, getLevel: () => LogLevel.ERROR, setName: () => undefined,
};

export async function runDelivery(opts: { scratch: string; log: (line: string) => void }): Promise<DeliveryFigure> {
  const enforcement = await checkEnforcement();
  opts.log(`  delivery: the stand-in answers a second post within 1 s with HTTP ${enforcement.secondPostStatus}, Retry-After ${enforcement.retryAfter}`);
  const runs: DeliveryRun[] = [];
  for (let rep = 0; rep < REPEATS; rep++) {
    const run = await once(join(opts.scratch, `delivery-${rep + 1}.db`));
    runs.push(run);
    opts.log(`  delivery rep ${rep + 1}: makespan ${(run.makespanMs / 1000).toFixed(2)} s for ${run.maxPostsPerChannel} posts/channel (bound ${(run.boundMs / 1000).toFixed(0)} s), ${run.rateLimited} × 429, ${run.sent} sent (${(run.realMs / 1000).toFixed(1)} s real)`);
  }
  const pick = (f: (r: DeliveryRun) => number) => median(runs.map(f));
  return {
    channels: CHANNELS,
    alerts: ALERTS,
    enforcement,
    runs,
    median: {
      makespanMs: pick((r) => r.makespanMs), boundMs: pick((r) => r.boundMs), ratio: pick((r) => r.ratio), posts: pick((r) => r.posts),
      updates: pick((r) => r.updates), maxPostsPerChannel: pick((r) => r.maxPostsPerChannel), rateLimited: Math.max(...runs.map((r) => r.rateLimited)),
      minGapMs: Math.min(...runs.map((r) => r.minGapMs)), sent: pick((r) => r.sent), dead: Math.max(...runs.map((r) => r.dead)),
      realMs: pick((r) => r.realMs), skippedMs: pick((r) => r.skippedMs),
    },
  };
}

async function once(databasePath: string): Promise<DeliveryRun> {
  const clock = new SimClock({ flowing: true });
  const slack = await startSlackStandIn({ signingSecret: BENCH.signingSecret, botToken: BENCH.botToken, clock });
  const channels = Array.from({ length: CHANNELS }, (_, i) => `C0BENCH${String(i + 1).padStart(2, "0")}`);
  addChannels(slack, channels);
  slack.faults.enforceChannelRate("chat.postMessage", { intervalMs: MIN_INTERVAL_MS, clock });
  const store = await openSqliteStore({ path: databasePath, clock });
  const outbox = createOutbox({
    store, clock, siteUrl: SITE, admins: [], logger: pino({ level: "silent" }),
    slack: createOutboxSlackClient({ botToken: BENCH.botToken, apiUrl: slack.apiUrl, logger: silentSlackLogger }),
  });
  try {
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

    const realStart = performance.now();
    const t0 = clock.now();
    await outbox.start();
    while (outbox.stats().sent + outbox.stats().dead < ALERTS) {
      if (performance.now() - realStart > REAL_LIMIT_MS) throw new Error(`delivery: ${outbox.stats().sent} of ${ALERTS} sent after ${REAL_LIMIT_MS} ms real time`);
      await settle();
      // Skip idle time only when no Slack call is under way, twice in a row (a lane between two
      // steps is settled by then); a skip taken too early would only delay that lane.
      if (outbox.stats().slackCallsInFlight > 0) continue;
      await settle();
      if (outbox.stats().slackCallsInFlight === 0 && outbox.stats().sent + outbox.stats().dead < ALERTS) clock.skip();
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
    const stats = outbox.stats();
    return {
      makespanMs, boundMs, ratio: makespanMs / boundMs, posts: accepted.length, updates: slack.callsTo("chat.update").filter((c) => c.ok).length,
      maxPostsPerChannel, rateLimited, minGapMs, sent: stats.sent, dead: stats.dead, realMs, skippedMs: clock.skippedMs,
    };
  } finally {
    await outbox.stop();
    await store.close();
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
