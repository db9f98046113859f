import type { DeliveryFigure } from "../figures/delivery.ts";
import type { IntakeFigure } from "../figures/intake.ts";

const f = (n: number, digits = 1) => n.toFixed(digits);

/**
 * The store-dependent figures with the stores side by side (issue 17 item 5): SQLite, PostgreSQL
 * with one replica, with three. The same figures as the rows above, one line each.
 */
export function storesGrid(
  intake: IntakeFigure, delivery: DeliveryFigure,
  targets: { intakeThroughputRatio: number; intakeP99Ms: number; afterFloodRatio: number; rssAfterLoadMb: number; deliveryRatio: number },
): { header: string[]; rows: string[][] } {
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
  const dShow = (d: DeliveryFigure["median"]) => `${f(d.ratio, 3)}× (${f(d.makespanMs / 1000, 1)} s, ${d.rateLimited} × 429${d.sent === delivery.alerts ? "" : `, ${d.sent} sent`})`;
  rowsOut.push([
    `delivery, ${delivery.alerts} alerts / ${delivery.channels} channels`,
    dShow(delivery.median),
    pgDelivery.available ? dShow(pgDelivery.backends[0]!.median) : `skipped: no PostgreSQL at ${pgDelivery.url}`,
    pgDelivery.available ? `${dShow(pgDelivery.backends[1]!.median)}, 3 outboxes` : `skipped: no PostgreSQL at ${pgDelivery.url}`,
    `1 msg/s/channel bound ${f(delivery.median.boundMs / 1000, 0)} s`, `≤ ${TARGETS.deliveryRatio}×, no 429 after the first`,
  ]);
  return { header, rows: rowsOut };
}
