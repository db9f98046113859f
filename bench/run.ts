/**
 * `npm run bench` (issue 7): every figure against a baseline measured in the same run, reported
 * as a ratio, because absolute times drift from run to run. Prints a table and writes
 * bench/results.json (gitignored). bench/README.md says what each figure measures and how.
 *
 * Loopback only; every loop is bounded; about two and a half minutes on 2 cores. The servers under
 * test and the load generator are child processes (bench/servers, bench/load); the Slack stand-in
 * and the docket service emulator they talk to live here, in the parent, started by the one harness
 * (sandbox/harness.ts `startServices`), which also says how each bot child is configured.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { startServices, type Services } from "../sandbox/harness.ts";
import { runDelivery, type DeliveryFigure } from "./figures/delivery.ts";
import { runFeed, type FeedFigure } from "./figures/feed.ts";
import { costsText, runIntake, type IntakeFigure } from "./figures/intake.ts";
import { runPushAck, type PushAckFigure } from "./figures/push-ack.ts";
import { runRate, type RateFigure } from "./figures/rate.ts";
import { runRender, type RenderFigure } from "./figures/render.ts";
import { runSlash, type SlashFigure } from "./figures/slash.ts";
import { BENCH_SECRETS, scratchDir } from "./lib/bot-env.ts";
import { environment } from "./lib/environment.ts";
import { historyMarkdown, record, regressions, type History, type Tracked } from "./lib/history.ts";
import type { BenchStore, OnPostgres } from "./lib/bench-store.ts";
import { displayUrl, probePostgres, type Postgres } from "./lib/postgres.ts";
import { storesGrid } from "./lib/stores-grid.ts";
import { gridMarkdown, gridText, markdownTable, textTable, type Row } from "./lib/table.ts";

const TARGETS = {
  intakeThroughputRatio: 0.5,
  intakeP99Ms: 25,
  slashP99Ms: 50,
  slashThroughputRatio: 0.8,
  renderMs: 25,
  budgetUsed: 0.97,
  deliveryRatio: 1.1,
  /** Durable intake at concurrency 1 after a flood (15,000 deliveries waiting, then 50,000) ÷ the fresh bot's (issue 17 item 5, issue 24). */
  afterFloodRatio: 0.5,
  rssAfterLoadMb: 150,
  rssIdleMb: 110,
  pushAckP99Ms: 250,
  /** The bot's longest event-loop delay (perf_hooks, 10 ms resolution) while a 100,000-entry push is stored and delivered. */
  pushStallMs: 100,
  feedAckP99Ms: 250,
} as const;

const log = (line: string) => process.stdout.write(`${line}\n`);
const f = (n: number, digits = 1) => n.toFixed(digits);
const verdict = (ok: boolean): Row["verdict"] => (ok ? "met" : "MISSED");

/**
 * A figure measured with the bot on each store (PostgreSQL: one replica, a schema of its own per
 * run): the SQLite row keeps its name (bench/history.json follows it), the PostgreSQL row adds the
 * store's label.
 */
type StoreName = "SQLite" | "PostgreSQL";
const onStore = (name: string, store: StoreName) => (store === "SQLite" ? name : `${name}, PostgreSQL, 1 replica`);
/** A PostgreSQL row that could not run: no server answered the probe. */
const pgSkippedRow = (figure: string, url: string): Row => ({
  figure, result: `skipped: no PostgreSQL at ${url}`, baseline: "-", ratio: "-", target: "-", verdict: "info",
});
function bothStores<T>(sqlite: T, pg: OnPostgres<T>, row: (figure: T, store: StoreName) => Row): Row[] {
  const first = row(sqlite, "SQLite");
  return [first, pg.available ? row(pg.figure, "PostgreSQL") : pgSkippedRow(`${first.figure}, PostgreSQL`, pg.url)];
}

function pushAckRow(p: PushAckFigure, store: StoreName = "SQLite"): Row {
  return {
    figure: onStore(`slash-command ack during a ${p.entries.toLocaleString("en-US")}-entry push to ${p.channels} channels`, store),
    result: `${p.ratePerSec}/s open loop: p50 ${f(p.withPush.p50Ms, 2)} ms, p99 ${f(p.withPush.p99Ms, 2)} ms, max ${f(p.withPush.maxMs, 0)} ms, ${p.withPush.over250Ms} over 250 ms (${f(p.bodyBytes / 1048576)} MB push stored in ${f(p.intakeMs, 0)} ms, the bot's longest event-loop delay meanwhile ${f(p.intakeLoopMaxMs, 0)} ms and until it was delivered ${f(p.withPush.botLoopMaxMs, 0)} ms, its longest GC pause ${f(p.withPush.botGcMaxMs, 0)} ms; delivered to every channel ${f(p.deliveredMs / 1000)} s after)`,
    baseline: `no push in progress: p50 ${f(p.noPush.p50Ms, 2)} ms, p99 ${f(p.noPush.p99Ms, 2)} ms, max ${f(p.noPush.maxMs, 0)} ms`,
    ratio: `${f(p.withPush.p99Ms / Math.max(0.001, p.noPush.p99Ms), 2)}× p99`,
    tracked: { value: p.withPush.p99Ms / Math.max(0.001, p.noPush.p99Ms), better: "lower" },
    target: `p99 ≤ ${TARGETS.pushAckP99Ms} ms, no stall over ${TARGETS.pushStallMs} ms`,
    verdict: verdict(p.withPush.p99Ms <= TARGETS.pushAckP99Ms && p.withPush.botLoopMaxMs <= TARGETS.pushStallMs && p.withPush.non200 === 0),
  };
}

function feedRow(fd: FeedFigure, store: StoreName = "SQLite"): Row {
  const w = fd.withFeeds;
  return {
    figure: onStore(`slash-command ack while ${fd.clients} calendar clients fetch ${fd.events.toLocaleString("en-US")}-event feeds in a loop`, store),
    result: `${fd.ratePerSec}/s open loop: p50 ${f(w.p50Ms, 2)} ms, p99 ${f(w.p99Ms, 2)} ms, max ${f(w.maxMs, 0)} ms, ${w.over250Ms} over 250 ms (the bot's longest event-loop delay ${f(w.botLoopMaxMs, 0)} ms; feed answers ${Object.entries(w.feedStatuses).map(([k, v]) => `${v} × ${k}`).join(", ")})`,
    baseline: `no feed traffic: p99 ${f(fd.noFeeds.p99Ms, 2)} ms, max ${f(fd.noFeeds.maxMs, 0)} ms`,
    ratio: `${f(w.p99Ms / Math.max(0.001, fd.noFeeds.p99Ms), 2)}× p99`,
    tracked: { value: w.p99Ms / Math.max(0.001, fd.noFeeds.p99Ms), better: "lower" },
    target: `p99 ≤ ${TARGETS.feedAckP99Ms} ms`,
    verdict: verdict(w.p99Ms <= TARGETS.feedAckP99Ms && w.non200 === 0),
  };
}

function intakeRows(intake: IntakeFigure): Row[] {
  const out: Row[] = [];
  const pgIntake = intake.postgres;
  const pgSkipped = (what: string) => pgSkippedRow(`${what}, PostgreSQL (1 and 3 replicas)`, pgIntake.url);
  for (const [i, level] of intake.levels.entries()) {
    const b = level.docketbot;
    const bare = level.bare;
    const at64 = level.concurrency === 64;
    const target = at64 ? `≥ ${TARGETS.intakeThroughputRatio}×, p99 ≤ ${TARGETS.intakeP99Ms} ms` : `p99 ≤ ${TARGETS.intakeP99Ms} ms`;
    out.push({
      figure: `push intake, concurrency ${level.concurrency}, SQLite`,
      result: `${f(b.throughputPerSec, 0)}/s, p50 ${f(b.p50Ms, 2)} ms, p99 ${f(b.p99Ms, 2)} ms; CPU ${f(b.serverCpuMsPerRequest, 2)} ms/push${b.costs ? `; ${costsText(b.costs)}` : ""}`,
      baseline: `bare route ${f(bare.throughputPerSec, 0)}/s, p99 ${f(bare.p99Ms, 2)} ms; CPU ${f(bare.serverCpuMsPerRequest, 2)} ms`,
      ratio: `${f(level.throughputRatio, 3)}× throughput`,
      tracked: { value: level.throughputRatio, better: "higher" },
      target,
      verdict: verdict(b.p99Ms <= TARGETS.intakeP99Ms && (!at64 || level.throughputRatio >= TARGETS.intakeThroughputRatio)),
    });
    if (!pgIntake.available) continue;
    for (const backend of pgIntake.backends) {
      const l = backend.levels[i]!;
      const p = l.docketbot;
      out.push({
        figure: `push intake, concurrency ${level.concurrency}, ${backend.label}`,
        result: `${f(p.throughputPerSec, 0)}/s, p50 ${f(p.p50Ms, 2)} ms, p99 ${f(p.p99Ms, 2)} ms; CPU ${f(p.serverCpuMsPerRequest, 2)} ms/push${backend.replicas > 1 ? " (all replicas)" : ""}${p.costs ? `; ${costsText(p.costs)}` : ""}${p.non200 ? `; ${p.non200} not 200` : ""}`,
        baseline: `the same bare route ${f(bare.throughputPerSec, 0)}/s`,
        ratio: `${f(l.throughputRatio, 3)}× throughput`,
        tracked: { value: l.throughputRatio, better: "higher" },
        target,
        verdict: verdict(p.p99Ms <= TARGETS.intakeP99Ms && p.non200 === 0 && (!at64 || l.throughputRatio >= TARGETS.intakeThroughputRatio)),
      });
    }
  }
  if (!pgIntake.available) out.push(pgSkipped("push intake"));
  const floodRow = (label: string, s: IntakeFigure["sustained"]): Row => ({
    figure: `push intake after a flood, ${label}`,
    result: `${s.floodPushes.toLocaleString("en-US")} pushes in ${f(s.floodMs / 1000)} s, ${s.deliveriesPending.toLocaleString("en-US")} deliveries waiting: c=1 ${f(s.afterFlood.c1.throughputPerSec, 0)}/s p99 ${f(s.afterFlood.c1.p99Ms)} ms; c=64 ${f(s.afterFlood.c64.throughputPerSec, 0)}/s p99 ${f(s.afterFlood.c64.p99Ms)} ms`,
    baseline: "the same store's fresh c=1 row",
    ratio: `${f(s.c1Ratio, 3)}× at c=1`,
    tracked: { value: s.c1Ratio, better: "higher" },
    target: `≥ ${TARGETS.afterFloodRatio}× at c=1`,
    verdict: verdict(s.c1Ratio >= TARGETS.afterFloodRatio),
  });
  // The deeper flood (up to 50,000 waiting) is its own row: its waiting count is in the figure's name.
  const floods = (label: string, s: IntakeFigure["sustained"]) => [floodRow(label, s), ...(s.deeper ? [floodRow(`${label}, 50,000 waiting`, s.deeper)] : [])];
  out.push(...floods("SQLite", intake.sustained));
  if (pgIntake.available) for (const backend of pgIntake.backends) out.push(...floods(backend.label, backend.sustained));
  else out.push(pgSkipped("push intake after a flood"));
  return out;
}

function memoryRows(intake: IntakeFigure): Row[] {
  const out: Row[] = [];
  const pgIntake = intake.postgres;
  const m = intake.memory;
  out.push({
    figure: "memory (RSS)",
    result: `idle ${f(m.docketbot.idleRssMb, 0)} MB, after c=64 load ${f(m.docketbot.afterLoadRssMb, 0)} MB (heap used ${f(m.docketbot.afterLoadHeapUsedMb, 0)} MB)`,
    baseline: `bare route idle ${f(m.bare.idleRssMb, 0)} MB, after ${f(m.bare.afterLoadRssMb, 0)} MB; ack-only Bolt app idle ${f(m.boltIdleRssMb, 0)} MB`,
    ratio: `${f(m.afterLoadRatio, 2)}× after load`,
    tracked: { value: m.afterLoadRatio, better: "lower" },
    target: `≤ ${TARGETS.rssAfterLoadMb} MB after load, idle ≤ ${TARGETS.rssIdleMb} MB`,
    verdict: verdict(m.docketbot.afterLoadRssMb <= TARGETS.rssAfterLoadMb && m.docketbot.idleRssMb <= TARGETS.rssIdleMb),
  });
  if (pgIntake.available) {
    for (const backend of pgIntake.backends) {
      out.push({
        figure: `memory (RSS), ${backend.label}`,
        result: `idle ${f(backend.memory.idleRssMb, 0)} MB, after c=64 load ${f(backend.memory.afterLoadRssMb, 0)} MB (heap used ${f(backend.memory.afterLoadHeapUsedMb, 0)} MB)${backend.replicas > 1 ? ", the biggest replica" : ""}`,
        baseline: `bare route after ${f(m.bare.afterLoadRssMb, 0)} MB`,
        ratio: `${f(backend.memory.afterLoadRssMb / m.bare.afterLoadRssMb, 2)}× after load`,
        target: `≤ ${TARGETS.rssAfterLoadMb} MB after load`,
        verdict: verdict(backend.memory.afterLoadRssMb <= TARGETS.rssAfterLoadMb),
      });
    }
  }
  const s = intake.sustained;
  out.push({
    figure: "memory after the flood, SQLite",
    result: `${f(s.rssAfterMb, 0)} MB (heap used ${f(s.heapUsedAfterMb, 0)} MB)${s.deeper ? `; after the deeper flood (${s.deeper.deliveriesPending.toLocaleString("en-US")} waiting) ${f(s.deeper.rssAfterMb, 0)} MB (heap used ${f(s.deeper.heapUsedAfterMb, 0)} MB)` : ""}`,
    baseline: "-",
    ratio: "-",
    target: `(context) ≤ ${TARGETS.rssAfterLoadMb} MB`,
    verdict: "info",
  });
  return out;
}

function slashRow(sl: SlashFigure, store: StoreName = "SQLite"): Row {
  return {
    figure: onStore(`slash-command ack, ${sl.concurrency} concurrent`, store),
    result: `${f(sl.docketbot.throughputPerSec, 0)}/s, p50 ${f(sl.docketbot.p50Ms)} ms, p99 ${f(sl.docketbot.p99Ms)} ms (the bot's own, receipt to ack: ${f(sl.serverAckP99Ms)} ms); CPU ${f(sl.docketbot.serverCpuMsPerRequest, 2)} ms/ack`,
    baseline: `ack-only Bolt app ${f(sl.bare.throughputPerSec, 0)}/s, p50 ${f(sl.bare.p50Ms)} ms, p99 ${f(sl.bare.p99Ms)} ms; CPU ${f(sl.bare.serverCpuMsPerRequest, 2)} ms`,
    ratio: `${f(sl.throughputRatio, 3)}× throughput`,
    tracked: { value: sl.throughputRatio, better: "higher" },
    target: `p99 ≤ ${TARGETS.slashP99Ms} ms, ≥ ${TARGETS.slashThroughputRatio}×`,
    verdict: verdict(sl.docketbot.p99Ms <= TARGETS.slashP99Ms && sl.throughputRatio >= TARGETS.slashThroughputRatio),
  };
}

function renderRows(re: RenderFigure): Row[] {
  const out: Row[] = [];
  out.push({
    figure: `render ${re.entries.toLocaleString("en-US")} entries, all pages`,
    result: `${re.pages} pages in ${f(re.allPagesMs)} ms (the first time, converting each entry: ${f(re.allPagesColdMs)} ms); ${re.invalidPages} invalid`,
    baseline: `JSON.parse of the docket ${f(re.parseMs)} ms`,
    ratio: `${f(re.allPagesRatio)}×`,
    tracked: { value: re.allPagesRatio, better: "lower" },
    target: `≤ ${TARGETS.renderMs} ms, all valid`,
    verdict: verdict(re.allPagesMs <= TARGETS.renderMs && re.invalidPages === 0),
  });
  out.push({
    figure: `render ${re.entries.toLocaleString("en-US")} entries, one page`,
    result: `first page in ${f(re.firstPageMs, 2)} ms`,
    baseline: `JSON.parse ${f(re.parseMs)} ms`,
    ratio: `${f(re.firstPageRatio, 3)}×`,
    tracked: { value: re.firstPageRatio, better: "lower" },
    target: `(per request) ≤ ${TARGETS.renderMs} ms`,
    verdict: verdict(re.firstPageMs <= TARGETS.renderMs),
  });
  const real = re.realDockets;
  out.push({
    figure: "render every real docket",
    result: real.present ? `${real.dockets} dockets, ${real.pages} pages in ${f(real.allMs)} ms; ${real.invalidPages} invalid` : "SKIPPED: ../shared absent",
    baseline: `validator: ${re.validator}`,
    ratio: "-",
    target: "all pages valid",
    verdict: real.present ? verdict(real.invalidPages === 0) : "info",
  });
  return out;
}

interface Figures {
  intake: IntakeFigure; slash: SlashFigure; render: RenderFigure; rate: RateFigure; delivery: DeliveryFigure; pushAck: PushAckFigure; feed: FeedFigure;
  onPostgres: { slash: OnPostgres<SlashFigure>; pushAck: OnPostgres<PushAckFigure>; feed: OnPostgres<FeedFigure> };
}

function rows(r: Figures): Row[] {
  const out: Row[] = [...intakeRows(r.intake), ...bothStores(r.slash, r.onPostgres.slash, slashRow), ...renderRows(r.render)];
  const pgSkipped = (what: string) => pgSkippedRow(`${what}, PostgreSQL (1 and 3 replicas)`, r.intake.postgres.url);
  const ra = r.rate;
  out.push({
    figure: `rate fidelity, ${ra.calls.toLocaleString("en-US")} getdocket`,
    result: `${f(ra.budgetUsed * 100, 2)}% of budget; max ${ra.maxInAnyWindow} in any 60 s; ${ra.throttled} × 429`,
    baseline: `nominal 200/60 s (ceiling with the margin ${f(ra.budgetCeiling * 100, 2)}%)`,
    ratio: f(ra.budgetUsed, 4),
    tracked: { value: ra.budgetUsed, better: "higher" },
    target: `≥ ${TARGETS.budgetUsed * 100}%, never > 200 in 60 s`,
    verdict: verdict(ra.budgetUsed >= TARGETS.budgetUsed && ra.maxInAnyWindow <= 200 && ra.throttled === 0 && ra.failed === 0),
  });
  const deliveryRow = (label: string, d: DeliveryFigure["median"]): Row => ({
    figure: `delivery, ${r.delivery.alerts} alerts / ${r.delivery.channels} channels, ${label}`,
    result: `makespan ${f(d.makespanMs / 1000, 2)} s (${d.maxPostsPerChannel} posts/channel); ${d.rateLimited} × 429${d.sent === r.delivery.alerts ? "" : `; ${d.sent} sent, ${d.dead} dead`}`,
    baseline: `1 msg/s/channel bound ${f(d.boundMs / 1000, 0)} s`,
    ratio: `${f(d.ratio, 3)}×`,
    tracked: { value: d.ratio, better: "lower" },
    target: `≤ ${TARGETS.deliveryRatio}×, no 429 after the first`,
    verdict: verdict(d.ratio <= TARGETS.deliveryRatio && Math.max(0, d.rateLimited - 1) === 0 && d.sent === r.delivery.alerts),
  });
  out.push(deliveryRow("SQLite", r.delivery.median));
  const pgDelivery = r.delivery.postgres;
  if (pgDelivery.available) for (const b of pgDelivery.backends) out.push(deliveryRow(b.replicas === 1 ? `${b.label} (one outbox)` : `${b.label} (three outboxes, lanes)`, b.median));
  else out.push(pgSkipped("delivery"));
  out.push(...bothStores(r.pushAck, r.onPostgres.pushAck, pushAckRow), ...bothStores(r.feed, r.onPostgres.feed, feedRow));
  out.push(...memoryRows(r.intake));
  return out;
}

/**
 * `npm run bench -- <figure>`: one figure alone (printed, results.json untouched): push-ack, feed,
 * slash, render or intake (its memory rows too), on each store it applies to (the figures with a bot
 * on PostgreSQL too, when the server answers). Each prints its row(s) and the load average before
 * and after.
 */
async function only(figure: string): Promise<void> {
  const figures = ["push-ack", "feed", "slash", "render", "intake"];
  if (!figures.includes(figure)) throw new Error(`unknown figure ${figure}: one of ${figures.join(", ")}`);
  log(`${figure} alone; load average ${loadavg()[0]!.toFixed(2)} before (anything else busy on the machine skews every figure)`);
  const scratch = scratchDir();
  const services = await startServices({ secrets: BENCH_SECRETS });
  const shown: Row[] = [];
  const postgres = await probePostgres();
  const opts = { services, scratch: scratch.path, log };
  try {
    if (figure === "push-ack") {
      log("slash-command ack during a 100,000-entry push to 20 channels (fresh bot per run, 3 repeats each way)…");
      const pushAck = await runPushAck(opts);
      shown.push(...bothStores(pushAck, await onPostgres(postgres, opts).pushAck(), pushAckRow));
    } else if (figure === "feed") {
      const feed = await runFeed(opts);
      shown.push(...bothStores(feed, await onPostgres(postgres, opts).feed(), feedRow));
    } else if (figure === "slash") {
      const slash = await runSlash(opts);
      shown.push(...bothStores(slash, await onPostgres(postgres, opts).slash(), slashRow));
    } else if (figure === "render") {
      shown.push(...renderRows(runRender(log)));
    } else {
      const intake = await runIntake({ services, scratch: scratch.path, log, postgres });
      shown.push(...intakeRows(intake), ...memoryRows(intake));
    }
    log("");
    log(textTable(shown));
    for (const line of regressions(readHistory(), trackedOf(shown))) log(line);
    log(`load average ${loadavg()[0]!.toFixed(2)} after`);
  } finally {
    await services.close();
    scratch.remove();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const env = environment();
  log(`docketbot benchmarks: Node ${env.node}, ${env.cpuCount} × ${env.cpuModel}, ${env.platform}, commit ${env.gitCommit}${env.gitDirty ? " (uncommitted changes)" : ""}, load average ${env.loadAverage1m.toFixed(2)} (anything else busy on the machine skews every figure)`);
  const postgres = await probePostgres();
  log(postgres.available
    ? `PostgreSQL ${postgres.version} at ${displayUrl(postgres.url)} (fsync ${postgres.settings.fsync}, synchronous_commit ${postgres.settings.synchronousCommit}): a fresh schema per run, dropped after`
    : `PostgreSQL rows skipped: no PostgreSQL at ${displayUrl(postgres.url)} (${postgres.reason}); set BENCH_DATABASE_URL to run them`);
  const scratch = scratchDir();
  const services = await startServices({ secrets: BENCH_SECRETS });
  try {
    log("push intake and memory (fresh bot and bare route per run, 3 repeats on SQLite, 1 on PostgreSQL with 1 and 3 replicas)…");
    const intake = await runIntake({ services, scratch: scratch.path, log, postgres });
    if (intake.accepted200 !== intake.storedPushes) {
      throw new Error(`intake: the generator saw ${intake.accepted200} pushes answered 200 but the bots stored ${intake.storedPushes}`);
    }
    log("slash-command ack (docket service hanging, fresh bot and bare app per run, 5 repeats)…");
    const slash = await runSlash({ services, scratch: scratch.path, log });
    log("rendering…");
    const render = runRender(log);
    log("rate fidelity (simulated clock)…");
    const rate = await runRate(log);
    log("delivery (simulated clock, 3 repeats on SQLite, 1 on PostgreSQL with 1 and 3 outboxes)…");
    const delivery = await runDelivery({ scratch: scratch.path, log, postgres });
    log("slash-command ack during a 100,000-entry push to 20 channels (3 repeats each way)…");
    const pushAck = await runPushAck({ services, scratch: scratch.path, log });
    log(`slash-command ack while 10 calendar clients fetch 2,000-event feeds (2 repeats each way)…`);
    const feed = await runFeed({ services, scratch: scratch.path, log });
    log(`the same three slash-command figures with the bot on PostgreSQL (1 replica; slash ${PG_SLASH_REPEATS} repeats)…`);
    const onPg = onPostgres(postgres, { services, scratch: scratch.path, log });
    const pg = {
      slash: await onPg.slash(),
      pushAck: await onPg.pushAck(),
      feed: await onPg.feed(),
    };

    const figures: Figures = { intake, slash, render, rate, delivery, pushAck, feed, onPostgres: pg };
    const table = rows(figures);
    const durationSec = (performance.now() - started) / 1000;
    log("");
    log(textTable(table));
    const stores = storesGrid(figures, TARGETS);
    log("");
    log("The stores side by side (PostgreSQL rows: 1 repeat each; SQLite: medians of 3):");
    log(gridText(stores.header, stores.rows));
    log("");
    const missed = table.filter((r) => r.verdict === "MISSED").map((r) => r.figure);
    log(missed.length === 0 ? "Every target met." : `Targets missed: ${missed.join("; ")}.`);
    const out = fileURLToPath(new URL("results.json", import.meta.url));
    // Regressions against the previous full run, then this run joins the last three (history.ts).
    const tracked = trackedOf(table);
    const previous = readHistory();
    for (const line of regressions(previous, tracked)) log(line);
    const history = record(previous, tracked, { date: new Date().toISOString().slice(0, 10), commit: env.gitCommit });
    writeFileSync(HISTORY_PATH, `${JSON.stringify(history, null, 2)}\n`);
    log("");
    log("The last three runs' ratios (bench/history.json; the README's Performance section quotes this table):");
    log(historyMarkdown(history));
    writeFileSync(out, `${JSON.stringify({ command: "npm run bench", environment: env, durationSec, targets: TARGETS, table, markdown: markdownTable(table), storesMarkdown: gridMarkdown(stores.header, stores.rows), figures }, null, 2)}\n`);
    log(`Wrote ${out} (${durationSec.toFixed(0)} s; load average at the end ${loadavg()[0]!.toFixed(2)}, of which this run's own processes are most).`);
  } finally {
    await services.close();
    scratch.remove();
  }
}

/** The slash figure on PostgreSQL: three repeats (its SQLite row has five), to keep the run's length. */
const PG_SLASH_REPEATS = 3;

/** The figures that run again with the bot on PostgreSQL, each run only when the server answered the probe. */
function onPostgres(postgres: Postgres, opts: { services: Services; scratch: string; log: (line: string) => void }) {
  const on = async <T>(run: (store: BenchStore) => Promise<T>): Promise<OnPostgres<T>> =>
    postgres.available ? { available: true, figure: await run({ kind: "postgres", baseUrl: postgres.url }) } : { available: false, url: postgres.url };
  return {
    slash: () => on((store) => runSlash({ ...opts, store, repeats: PG_SLASH_REPEATS })),
    pushAck: () => on((store) => runPushAck({ ...opts, store })),
    feed: () => on((store) => runFeed({ ...opts, store })),
  };
}

const HISTORY_PATH = fileURLToPath(new URL("history.json", import.meta.url));

function readHistory(): History {
  return existsSync(HISTORY_PATH) ? (JSON.parse(readFileSync(HISTORY_PATH, "utf8")) as History) : {};
}

/** Figure -> its ratio, for the rows that carry one as a number. */
function trackedOf(rows: readonly Row[]): Record<string, Tracked> {
  return Object.fromEntries(rows.flatMap((r) => (r.tracked ? [[r.figure, r.tracked] as const] : [])));
}

const [figure] = process.argv.slice(2);
await (figure ? only(figure) : main());
// Child processes are gone and servers closed; anything still holding the loop (a hung lookup's
// socket, a keep-alive) must not keep `npm run bench` from finishing.
process.exit(0);
