/**
 * Slash-command acknowledgement while a huge push is delivered (issue 12, item 7): p50/p99/max of
 * the HTTP answer to signed `/docket help` requests sent at a fixed 100 per second for 10 s
 * (open loop: each latency counts from when the request was due, so a frozen event loop shows in
 * every request it delays; a closed-loop generator would hide it, its few workers simply waiting),
 * through the real bot (src/main.ts)
 * while a 100,000-entry docket push (about 9 MB) is being delivered to 20 linked channels (their
 * matter subscribed to the case, so routing matches subscriptions), against
 * the same bot and load with no push in progress. Before issue 12 every channel's delivery parsed,
 * sorted and rendered all 100,000 entries synchronously (6.6–10 s of frozen event loop each).
 *
 * Each run: a fresh bot on its own database with the 20 channels linked, a warm-up of slash
 * commands, then the measured load; 1 s into it (with push) the push is POSTed: intake reads,
 * checks (in a worker thread) and stores it (in parts), then the outbox plans it (once, in a worker
 * thread) and posts to the 20
 * channels, and the load goes on until every channel's delivery is sent. `/docket help` is answered
 * in the ack without the docket service, so the load is the same whatever time it runs for (a
 * `/docket case` load would fill the docket client's queue within seconds) and the acks measure
 * the bot's event loop alone. Medians of repeats.
 */
import { request } from "undici";
import type { Services } from "../../sandbox/harness.ts";
import type { LoadRequest, LoadResult } from "../load/generator.ts";
import type { OpenLoopRequest, OpenLoopResult } from "../load/open-loop.ts";
import type { SlashLoad } from "../load/requests.ts";
import { benchDatabase, SQLITE_STORE, startedOn, storeLabel, type BenchStore } from "../lib/bench-store.ts";
import { basicAuth, BENCH, botEnv, startCommand } from "../lib/bot-env.ts";
import { startChild, type ChildHandle, type ProcessUsage } from "../lib/child.ts";
import { medianRun, type LoadRun } from "../lib/load-run.ts";
import { percentile } from "../lib/stats.ts";
import { addChannels } from "../lib/stand-in-channels.ts";

/** The bot runs as `npm start` runs it: its Node flags and environment defaults. */
const START = startCommand();

const REPEATS = 3;
const CONCURRENCY = 10;
const ENTRIES = 100_000;
const CHANNELS = Array.from({ length: 20 }, (_, i) => `C0PUSH${String(i).padStart(2, "0")}`);
const WARMUP_REQUESTS = 300;
const MEASURE_MS = 10_000;
const RATE_PER_SEC = 100;
/** The load goes on while the push is being delivered, up to this long. */
const MAX_MEASURE_MS = 60_000;

export interface OpenLoopRun extends LoadRun {
  maxMs: number;
  /** The bot's own event-loop delay over the load (perf_hooks), which no client-side artefact can inflate. */
  botLoopMaxMs: number;
  /** The bot's longest garbage-collection pause over the load (perf_hooks "gc" entries). */
  botGcMaxMs: number;
  /** Acks later than 250 ms (the target) and than 3 s (Slack's limit). */
  over250Ms: number;
  over3s: number;
}

export interface PushAckFigure {
  entries: number;
  channels: number;
  bodyBytes: number;
  concurrency: number;
  ratePerSec: number;
  withPush: OpenLoopRun;
  noPush: OpenLoopRun;
  /** The push's POST, answered 200 once stored (intake's one-off validation of every entry). */
  intakeMs: number;
  /** The bot's longest event-loop delay from the push's POST to its 200 (perf_hooks; median of runs). */
  intakeLoopMaxMs: number;
  /** Deliveries still pending when the measured load ended (most of the runs). */
  pendingAtEnd: number;
  /** Time from the push's 200 until every channel's delivery was sent (ms; median): the load covers it when ≤ MEASURE_MS. */
  deliveredMs: number;
  /** Messages the last run posted per channel (root, headline, thread reply parts), and the channels that got them. */
  postsPerChannel: number;
  channelsPosted: number;
  runs: { withPush: OpenLoopRun[]; noPush: OpenLoopRun[] };
}

const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234" };

/** A docket push of `n` entries: a third orders, a third motions, a third notices of appearance. */
export function hugePush(n: number, clientMatter: string): string {
  const texts = [
    "ORDER granting in part and denying in part Motion to Compel Discovery. Signed by Judge A. Smith.",
    "MOTION to Dismiss for Lack of Jurisdiction filed by Widget Inc. (Attachments: # 1 Memorandum)",
    "NOTICE of Appearance by Jane Roe on behalf of Acme Corp (Roe, Jane)",
  ];
  const entries = Array.from({ length: n }, (_, i) => ({
    date: `${1 + (Math.floor(i / 9000) % 12)}/${1 + (i % 28)}/2025`, number: String(i + 1), contents: texts[i % 3],
  }));
  return JSON.stringify({
    push_type: "docket", client_matter: clientMatter, ...CASE,
    info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [],
  });
}

function medianOpen(runs: readonly OpenLoopRun[]): OpenLoopRun {
  const m = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    ...medianRun(runs), maxMs: m(runs.map((r) => r.maxMs)), botLoopMaxMs: m(runs.map((r) => r.botLoopMaxMs)), botGcMaxMs: m(runs.map((r) => r.botGcMaxMs)), over250Ms: m(runs.map((r) => r.over250Ms)), over3s: m(runs.map((r) => r.over3s)),
  };
}

export async function runPushAck(opts: { services: Services; scratch: string; log: (line: string) => void; store?: BenchStore }): Promise<PushAckFigure> {
  const store = opts.store ?? SQLITE_STORE;
  const { slack } = opts.services;
  addChannels(slack, CHANNELS);
  const load: SlashLoad = {
    kind: "slash", path: "/slack/events", signingSecret: BENCH.signingSecret, text: "help",
    teamId: BENCH.teamId, channelId: BENCH.channelId, userId: BENCH.userId, responseUrl: `${slack.baseUrl}bench-response/`,
  };
  const generator = await startChild(new URL("../load/generator.ts", import.meta.url));
  let seq = 0;
  let bodyBytes = 0;
  const intake: number[] = [];
  const intakeLoop: number[] = [];
  const delivered: number[] = [];
  let pendingAtEnd = 0;
  let postsPerChannel = 0;
  let channelsPosted = 0;
  try {
    const runs = { withPush: [] as OpenLoopRun[], noPush: [] as OpenLoopRun[] };
    for (let rep = 0; rep < REPEATS; rep++) {
      const order = rep % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
      for (const withPush of order) {
        const matter = `PUSHBENCH-${++seq}`;
        const db = await benchDatabase(store, opts.scratch, `push-ack-${seq}`);
        const env = { ...botEnv(opts.services, db.database), PUSH_MAX_BODY_BYTES: String(32 * 1024 * 1024) };
        const child: ChildHandle = await startedOn(db, startChild(new URL("../servers/docketbot.ts", import.meta.url), { ...env, ...START.env }, START.flags));
        try {
          for (const channelId of CHANNELS) await child.call({ cmd: "link", teamId: BENCH.teamId, channelId, clientMatter: matter });
          // The matter tracks the case through docketbot, as a firm's would: routing then matches
          // the push against subscriptions (by what it names, never by reading its 13 MB body).
          await child.call({ cmd: "subscribe", teamId: BENCH.teamId, channelId: CHANNELS[0], clientMatter: matter, ...CASE });
          const { url } = await child.call<{ url: string }>({ cmd: "ready" });
          await generator.call<LoadResult>({
            cmd: "run", origin: url, load, concurrency: CONCURRENCY, warmupMs: 0, measureMs: 30_000, maxRequests: WARMUP_REQUESTS,
          } satisfies LoadRequest & { cmd: string });
          const before = await child.call<ProcessUsage>({ cmd: "memory" });
          const postsBefore = slack.callsTo("chat.postMessage").length;
          // The push is sent 1 s into the load, so its intake (read, checked, stored) is measured
          // too; then, when did the last delivery finish? Polled over IPC, not the HTTP under test.
          let pushedAt = 0;
          let doneAt = 0;
          let polling = withPush;
          // Made before the load: JSON.stringify of 100,000 entries would stall this process, which sends the load.
          const body = withPush ? Buffer.from(hugePush(ENTRIES, matter)) : undefined;
          const pushing = (async () => {
            if (!body) return;
            await new Promise((r) => setTimeout(r, 1000));
            bodyBytes = body.length;
            await child.call({ cmd: "markLoop" });
            const t0 = performance.now();
            const res = await request(`${url}${BENCH.pushPath}`, {
              method: "POST", body, headers: { "content-type": "application/json", authorization: basicAuth(BENCH.pushUser, BENCH.pushPassword) },
            });
            await res.body.text();
            if (res.statusCode !== 200) throw new Error(`the ${ENTRIES}-entry push was answered ${res.statusCode}`);
            pushedAt = performance.now();
            intake.push(pushedAt - t0);
            intakeLoop.push((await child.call<{ maxMs: number }>({ cmd: "loopSinceMark" })).maxMs);
            while (polling) {
              if ((await child.call<number>({ cmd: "pendingDeliveries" })) === 0) {
                doneAt = performance.now();
                return;
              }
              await new Promise((r) => setTimeout(r, 50));
            }
          })();
          const poller = pushing.catch(() => undefined);
          await child.call({ cmd: "loopDelay" }); // reset
          // The load runs in the generator's process: this one hosts the Slack stand-in, whose checks
          // of the bot's posts would otherwise delay the sends and be counted as the bot's latency.
          // With the push, the load goes on until it is delivered (up to MAX_MEASURE_MS).
          const open = generator.call<OpenLoopResult>(
            { cmd: "open", origin: url, load, ratePerSec: RATE_PER_SEC, ms: MEASURE_MS, maxMs: MAX_MEASURE_MS, untilStopped: withPush } satisfies OpenLoopRequest & { cmd: string },
            MAX_MEASURE_MS + 60_000,
          );
          let loading = true;
          void open.finally(() => void (loading = false));
          while (withPush && loading && (doneAt === 0 && polling)) await new Promise((r) => setTimeout(r, 50));
          if (withPush) await generator.call({ cmd: "openStop" });
          const loop = await open;
          const botLoop = await child.call<{ maxMs: number; p99Ms: number; gcMaxMs: number }>({ cmd: "loopDelay" });
          const after = await child.call<ProcessUsage>({ cmd: "memory" });
          const s: OpenLoopRun = {
            throughputPerSec: (loop.latencies.length / loop.elapsedMs) * 1000,
            p50Ms: percentile(loop.latencies, 50), p99Ms: percentile(loop.latencies, 99), maxMs: Math.max(...loop.latencies), botLoopMaxMs: botLoop.maxMs, botGcMaxMs: botLoop.gcMaxMs,
            over250Ms: loop.latencies.filter((l) => l > 250).length, over3s: loop.latencies.filter((l) => l > 3000).length,
            completed: loop.latencies.length - loop.non200, non200: loop.non200,
            serverCpuMsPerRequest: (after.cpuMs - before.cpuMs) / Math.max(1, loop.latencies.length), generatorCpuShare: 0,
          };
          (withPush ? runs.withPush : runs.noPush).push(s);
          let note = "";
          if (withPush) {
            const pending = await child.call<number>({ cmd: "pendingDeliveries" });
            pendingAtEnd = Math.max(pendingAtEnd, pending);
            for (let i = 0; i < 1200 && doneAt === 0; i++) await new Promise((r) => setTimeout(r, 50));
            polling = false;
            await pushing;
            delivered.push((doneAt || performance.now()) - pushedAt);
            const posts = slack.callsTo("chat.postMessage").slice(postsBefore).filter((c) => c.ok && CHANNELS.includes(String(c.params.channel)));
            const byChannel = new Map<string, number>();
            for (const c of posts) byChannel.set(String(c.params.channel), (byChannel.get(String(c.params.channel)) ?? 0) + 1);
            channelsPosted = byChannel.size;
            postsPerChannel = Math.max(0, ...byChannel.values());
            note = `; push intake ${intake.at(-1)!.toFixed(0)} ms (longest event-loop delay meanwhile ${intakeLoop.at(-1)!.toFixed(0)} ms), ${pending} of ${CHANNELS.length} deliveries pending when the load ended, all sent ${(delivered.at(-1)! / 1000).toFixed(1)} s after the 200 (${channelsPosted} channels × ${postsPerChannel} messages)`;
          }
          polling = false;
          await poller;
          opts.log(`  push-ack ${storeLabel(store)} rep ${rep + 1} ${withPush ? "with push" : "no push"}: p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, max ${s.maxMs.toFixed(0)} ms (bot's longest event-loop delay ${s.botLoopMaxMs.toFixed(0)} ms, longest GC pause ${s.botGcMaxMs.toFixed(0)} ms), ${s.over250Ms} over 250 ms, ${s.over3s} over 3 s of ${s.completed + s.non200}${s.non200 ? `, ${s.non200} not 200` : ""}${note}`);
        } finally {
          await child.stop();
          await db.drop();
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    return {
      entries: ENTRIES, channels: CHANNELS.length, bodyBytes, concurrency: CONCURRENCY, ratePerSec: RATE_PER_SEC,
      withPush: medianOpen(runs.withPush), noPush: medianOpen(runs.noPush),
      intakeMs: median(intake), intakeLoopMaxMs: median(intakeLoop), pendingAtEnd, deliveredMs: median(delivered), postsPerChannel, channelsPosted, runs,
    };
  } finally {
    await generator.stop();
  }
}
