/**
 * Slash-command acknowledgement while a huge push is delivered (issue 12, item 7): p50/p99 of the
 * HTTP answer to signed `/docket help` requests, 10 at a time for 10 s, through the real bot (src/main.ts)
 * while a 100,000-entry docket push (about 9 MB) is being delivered to 20 linked channels, against
 * the same bot and load with no push in progress. Before issue 12 every channel's delivery parsed,
 * sorted and rendered all 100,000 entries synchronously (6.6–10 s of frozen event loop each).
 *
 * Each run: a fresh bot on its own database with the 20 channels linked, a warm-up of slash
 * commands, then (with push) the push is POSTed and answered 200 (intake stores it; its own
 * one-off validation is reported, not measured), and the measured load starts at once, while the
 * outbox plans the push (once, in chunks) and posts to the 20 channels. `/docket help` is answered
 * in the ack without the docket service, so the load is the same whatever time it runs for (a
 * `/docket case` load would fill the docket client's queue within seconds) and the acks measure
 * the bot's event loop alone. Medians of repeats.
 */
import { join } from "node:path";
import { request } from "undici";
import type { Services } from "../../sandbox/harness.ts";
import type { LoadRequest, LoadResult } from "../load/generator.ts";
import type { SlashLoad } from "../load/requests.ts";
import { basicAuth, BENCH, botEnv, startFlags } from "../lib/bot-env.ts";
import { startChild, type ChildHandle, type ProcessUsage } from "../lib/child.ts";
import { medianRun, summarizeLoad, type LoadRun } from "../lib/load-run.ts";
import { addChannels } from "../lib/stand-in-channels.ts";

const REPEATS = 3;
const CONCURRENCY = 10;
const ENTRIES = 100_000;
const CHANNELS = Array.from({ length: 20 }, (_, i) => `C0PUSH${String(i).padStart(2, "0")}`);
const WARMUP_REQUESTS = 300;
const MEASURE_MS = 10_000;

export interface PushAckFigure {
  entries: number;
  channels: number;
  bodyBytes: number;
  concurrency: number;
  withPush: LoadRun;
  noPush: LoadRun;
  /** The push's POST, answered 200 once stored (intake's one-off validation of every entry). */
  intakeMs: number;
  /** Deliveries still pending when the measured load ended (most of the runs). */
  pendingAtEnd: number;
  /** Time from the push's 200 until every channel's delivery was sent (ms; median): the load covers it when ≤ MEASURE_MS. */
  deliveredMs: number;
  /** Messages the last run posted per channel (root, headline, thread reply parts), and the channels that got them. */
  postsPerChannel: number;
  channelsPosted: number;
  runs: { withPush: LoadRun[]; noPush: LoadRun[] };
}

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
    push_type: "docket", client_matter: clientMatter, court: "New York Southern District Court", docket: "1:23-cv-01234",
    info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [],
  });
}

export async function runPushAck(opts: { services: Services; scratch: string; log: (line: string) => void }): Promise<PushAckFigure> {
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
  const delivered: number[] = [];
  let pendingAtEnd = 0;
  let postsPerChannel = 0;
  let channelsPosted = 0;
  try {
    const runs = { withPush: [] as LoadRun[], noPush: [] as LoadRun[] };
    for (let rep = 0; rep < REPEATS; rep++) {
      const order = rep % 2 === 0 ? ([true, false] as const) : ([false, true] as const);
      for (const withPush of order) {
        const matter = `PUSHBENCH-${++seq}`;
        const env = { ...botEnv(opts.services, join(opts.scratch, `push-ack-${seq}.db`)), PUSH_MAX_BODY_BYTES: String(32 * 1024 * 1024) };
        const child: ChildHandle = await startChild(new URL("../servers/docketbot.ts", import.meta.url), env, startFlags());
        try {
          for (const channelId of CHANNELS) await child.call({ cmd: "link", teamId: BENCH.teamId, channelId, clientMatter: matter });
          const { url } = await child.call<{ url: string }>({ cmd: "ready" });
          await generator.call<LoadResult>({
            cmd: "run", origin: url, load, concurrency: CONCURRENCY, warmupMs: 0, measureMs: 30_000, maxRequests: WARMUP_REQUESTS,
          } satisfies LoadRequest & { cmd: string });
          let pushedAt = 0;
          if (withPush) {
            const body = hugePush(ENTRIES, matter);
            bodyBytes = Buffer.byteLength(body);
            const t0 = performance.now();
            const res = await request(`${url}${BENCH.pushPath}`, {
              method: "POST", body, headers: { "content-type": "application/json", authorization: basicAuth(BENCH.pushUser, BENCH.pushPassword) },
            });
            await res.body.text();
            if (res.statusCode !== 200) throw new Error(`the ${ENTRIES}-entry push was answered ${res.statusCode}`);
            pushedAt = performance.now();
            intake.push(pushedAt - t0);
          }
          const before = await child.call<ProcessUsage>({ cmd: "memory" });
          const postsBefore = slack.callsTo("chat.postMessage").length;
          // When did the last delivery finish? Polled while the load runs (IPC, not the HTTP under test).
          let doneAt = 0;
          let polling = withPush;
          const poller = (async () => {
            while (polling) {
              if ((await child.call<number>({ cmd: "pendingDeliveries" })) === 0) {
                doneAt = performance.now();
                return;
              }
              await new Promise((r) => setTimeout(r, 50));
            }
          })();
          const result = await generator.call<LoadResult>({
            cmd: "run", origin: url, load, concurrency: CONCURRENCY, warmupMs: 0, measureMs: MEASURE_MS,
          } satisfies LoadRequest & { cmd: string });
          const after = await child.call<ProcessUsage>({ cmd: "memory" });
          const s = summarizeLoad(result, after.cpuMs - before.cpuMs);
          (withPush ? runs.withPush : runs.noPush).push(s);
          let note = "";
          if (withPush) {
            const pending = await child.call<number>({ cmd: "pendingDeliveries" });
            pendingAtEnd = Math.max(pendingAtEnd, pending);
            for (let i = 0; i < 1200 && doneAt === 0; i++) await new Promise((r) => setTimeout(r, 50));
            polling = false;
            await poller;
            delivered.push((doneAt || performance.now()) - pushedAt);
            const posts = slack.callsTo("chat.postMessage").slice(postsBefore).filter((c) => c.ok && CHANNELS.includes(String(c.params.channel)));
            const byChannel = new Map<string, number>();
            for (const c of posts) byChannel.set(String(c.params.channel), (byChannel.get(String(c.params.channel)) ?? 0) + 1);
            channelsPosted = byChannel.size;
            postsPerChannel = Math.max(0, ...byChannel.values());
            note = `; push intake ${intake.at(-1)!.toFixed(0)} ms, ${pending} of ${CHANNELS.length} deliveries pending when the load ended, all sent ${(delivered.at(-1)! / 1000).toFixed(1)} s after the 200 (${channelsPosted} channels × ${postsPerChannel} messages)`;
          }
          polling = false;
          await poller;
          opts.log(`  push-ack rep ${rep + 1} ${withPush ? "with push" : "no push"}: p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, ${s.throughputPerSec.toFixed(0)}/s${s.non200 ? `, ${s.non200} not 200` : ""}${note}`);
        } finally {
          await child.stop();
        }
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    return {
      entries: ENTRIES, channels: CHANNELS.length, bodyBytes, concurrency: CONCURRENCY,
      withPush: medianRun(runs.withPush), noPush: medianRun(runs.noPush),
      intakeMs: median(intake), pendingAtEnd, deliveredMs: median(delivered), postsPerChannel, channelsPosted, runs,
    };
  } finally {
    await generator.stop();
  }
}
