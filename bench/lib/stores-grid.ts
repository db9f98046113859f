import type { DeliveryFigure } from "../figures/delivery.ts";
import type { FeedFigure } from "../figures/feed.ts";
import type { IntakeFigure } from "../figures/intake.ts";
import type { PushAckFigure } from "../figures/push-ack.ts";
import type { SlashFigure } from "../figures/slash.ts";
import type { OnPostgres } from "./bench-store.ts";

const f = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The store-dependent figures with the stores side by side (issue 17 item 5): SQLite, PostgreSQL
 * with one replica, with three. The same figures as the rows above, one line each.
 */
export function storesGrid(
  figures: {
    intake: IntakeFigure; delivery: DeliveryFigure; slash: SlashFigure; pushAck: PushAckFigure; feed: FeedFigure;
    onPostgres: { slash: OnPostgres<SlashFigure>; pushAck: OnPostgres<PushAckFigure>; feed: OnPostgres<FeedFigure> };
  },
  targets: {
    intakeThroughputRatio: number; intakeP99Ms: number; afterFloodRatio: number; rssAfterLoadMb: number; rssIdleMb: number; deliveryRatio: number;
    slashThroughputRatio: number; slashP99Ms: number; pushAckP99Ms: number; pushStallMs: number; feedAckP99Ms: number;
  },
): { header: string[]; rows: string[][] } {
  const { intake, delivery } = figures;
  const TARGETS = targets;
  const pg = intake.postgres;
  const pgDelivery = delivery.postgres;
  const skipped = pg.available ? undefined : `skipped: no PostgreSQL at ${pg.url}`;
  const header = ["figure", "SQLite", "PostgreSQL, 1 replica", "PostgreSQL, 3 replicas", "baseline (same run)", "target"];
  const cells = (sqlite: string, byReplicas: (i: 0 | 1) => string) => [sqlite, skipped ?? byReplicas(0), skipped ?? byReplicas(1)];
  const backends = pg.available ? pg.backends : [];
  const rowsOut: string[][] = [];
  for (const [i, level] of intake.levels.entries()) {
    const show = (run: IntakeFigure["levels"][number]["docketbot"], ratio: number) => `${f(run.throughputPerSec, 0)}/s (${f(ratio, 3)}×), p99 ${f(run.p99Ms, 1)} ms`;
    rowsOut.push([
      `push intake, c=${level.concurrency}`,
      ...cells(show(level.docketbot, level.throughputRatio), (b) => show(backends[b]!.levels[i]!.docketbot, backends[b]!.levels[i]!.throughputRatio)),
      `bare route ${f(level.bare.throughputPerSec, 0)}/s`,
      level.concurrency === 64 ? `≥ ${TARGETS.intakeThroughputRatio}×, p99 ≤ ${TARGETS.intakeP99Ms} ms` : `p99 ≤ ${TARGETS.intakeP99Ms} ms`,
    ]);
  }
  const c64 = intake.levels.findIndex((l) => l.concurrency === 64);
  const cost = (run: IntakeFigure["levels"][number]["docketbot"]) => {
    const c = run.costs;
    if (!c) return "-";
    return `${f(c.statementsPerPush, 2)}${c.roundTripsPerPush === undefined ? "" : ` (${f(c.roundTripsPerPush, 2)} round trips)`}`;
  };
  if (c64 >= 0) {
    rowsOut.push([
      "store statements per push, c=64", ...cells(cost(intake.levels[c64]!.docketbot), (b) => cost(backends[b]!.levels[c64]!.docketbot)),
      "-", "-",
    ]);
  }
  const flood = (s: IntakeFigure["sustained"]) => `${f(s.afterFlood.c1.throughputPerSec, 0)}/s = ${f(s.c1Ratio, 2)}× (${s.deliveriesPending.toLocaleString("en-US")} waiting)`;
  rowsOut.push(["push intake after a flood, c=1", ...cells(flood(intake.sustained), (b) => flood(backends[b]!.sustained)), "the same store's fresh c=1", `≥ ${TARGETS.afterFloodRatio}×`]);
  const deeper = (s: IntakeFigure["sustained"]) => (s.deeper ? flood(s.deeper) : "-");
  rowsOut.push(["push intake after a deeper flood, c=1", ...cells(deeper(intake.sustained), (b) => deeper(backends[b]!.sustained)), "the same store's fresh c=1", `≥ ${TARGETS.afterFloodRatio}×`]);
  rowsOut.push([
    "RSS after the c=64 intake run",
    ...cells(`${f(intake.memory.docketbot.afterLoadRssMb, 0)} MB`, (b) => `${f(backends[b]!.memory.afterLoadRssMb, 0)} MB${b === 1 ? " (biggest replica)" : ""}`),
    `bare route ${f(intake.memory.bare.afterLoadRssMb, 0)} MB`, `≤ ${TARGETS.rssAfterLoadMb} MB`,
  ]);
  rowsOut.push([
    "RSS idle",
    ...cells(`${f(intake.memory.docketbot.idleRssMb, 0)} MB`, (b) => `${f(backends[b]!.memory.idleRssMb, 0)} MB`),
    `ack-only Bolt app ${f(intake.memory.boltIdleRssMb, 0)} MB, bare route ${f(intake.memory.bare.idleRssMb, 0)} MB`, `≤ ${TARGETS.rssIdleMb} MB`,
  ]);
  const dShow = (d: DeliveryFigure["median"]) => `${f(d.ratio, 3)}× (${f(d.makespanMs / 1000, 1)} s, ${d.rateLimited} × 429${d.sent === delivery.alerts ? "" : `, ${d.sent} sent`})`;
  rowsOut.push([
    `delivery, ${delivery.alerts} alerts / ${delivery.channels} channels`,
    dShow(delivery.median),
    pgDelivery.available ? dShow(pgDelivery.backends[0]!.median) : `skipped: no PostgreSQL at ${pgDelivery.url}`,
    pgDelivery.available ? `${dShow(pgDelivery.backends[1]!.median)}, 3 outboxes` : `skipped: no PostgreSQL at ${pgDelivery.url}`,
    `1 msg/s/channel bound ${f(delivery.median.boundMs / 1000, 0)} s`, `≤ ${TARGETS.deliveryRatio}×, no 429 after the first`,
  ]);
  // The slash-command figures: the bot reads its store on each command (the channel's matters); three
  // replicas are not measured here (one origin, as Slack sends each request to one URL).
  const single = <T>(name: string, sqlite: T, pgFigure: OnPostgres<T>, show: (x: T) => string, baseline: string, target: string) =>
    rowsOut.push([name, show(sqlite), pgFigure.available ? show(pgFigure.figure) : `skipped: no PostgreSQL at ${pgFigure.url}`, "not measured (one replica answers Slack here)", baseline, target]);
  const { slash, pushAck, feed, onPostgres } = figures;
  single(
    `slash-command ack, ${slash.concurrency} concurrent`, slash, onPostgres.slash,
    (s) => `${f(s.throughputRatio, 3)}× (${f(s.docketbot.throughputPerSec, 0)}/s), p99 ${f(s.docketbot.p99Ms, 1)} ms`,
    `ack-only Bolt app ${f(slash.bare.throughputPerSec, 0)}/s (SQLite's run)`, `≥ ${TARGETS.slashThroughputRatio}×, p99 ≤ ${TARGETS.slashP99Ms} ms`,
  );
  single(
    `ack during a ${pushAck.entries.toLocaleString("en-US")}-entry push`, pushAck, onPostgres.pushAck,
    (p) => `p99 ${f(p.withPush.p99Ms, 1)} ms, longest loop delay ${f(p.withPush.botLoopMaxMs, 0)} ms (stored in ${f(p.intakeMs, 0)} ms, delivered ${f(p.deliveredMs / 1000, 1)} s after)`,
    `no push: p99 ${f(pushAck.noPush.p99Ms, 1)} ms (SQLite's run)`, `p99 ≤ ${TARGETS.pushAckP99Ms} ms, no stall over ${TARGETS.pushStallMs} ms`,
  );
  single(
    `ack while ${feed.clients} clients fetch ${feed.events.toLocaleString("en-US")}-event feeds`, feed, onPostgres.feed,
    (x) => `p99 ${f(x.withFeeds.p99Ms, 1)} ms (longest loop delay ${f(x.withFeeds.botLoopMaxMs, 0)} ms)`,
    `no feed traffic: p99 ${f(feed.noFeeds.p99Ms, 1)} ms (SQLite's run)`, `p99 ≤ ${TARGETS.feedAckP99Ms} ms`,
  );
  return { header, rows: rowsOut };
}
