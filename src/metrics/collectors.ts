/**
 * Gauges read from other components at scrape time (issue 5, Operations): the outbox and held
 * pushes from the store, limiter queues from the docket client; and the counters the store keeps
 * of the statements it sends its database. Types only are imported, so the metrics module depends
 * on nobody's implementation.
 */
import type { DocketClient } from "../docket/client.ts";
import type { Store } from "../store/store.ts";
import type { GaugeSample, MetricsCollector } from "./metrics.ts";

const STATES = ["pending", "in_flight", "sent", "dead"] as const;

/** Deliveries by state, oldest pending age, held and quarantined pushes (unscoped: operators see all). */
export function storeCollector(store: Pick<Store, "outboxStats" | "pushStats">): MetricsCollector {
  return async () => {
    const [outbox, pushes] = await Promise.all([store.outboxStats(), store.pushStats()]);
    const totals = { pending: 0, in_flight: 0, sent: 0, dead: 0 };
    for (const m of outbox.byMatter) {
      totals.pending += m.pending;
      totals.in_flight += m.inFlight;
      totals.sent += m.sent;
      totals.dead += m.dead;
    }
    const samples: GaugeSample[] = STATES.map((state) => ({ name: "docketbot_outbox_deliveries", labels: { state }, value: totals[state] }));
    samples.push(
      { name: "docketbot_outbox_oldest_pending_age_seconds", value: (outbox.oldestPendingAgeMs ?? 0) / 1000 },
      { name: "docketbot_pushes_held", value: pushes.held },
      { name: "docketbot_pushes_in_quarantine", value: pushes.quarantined },
    );
    return samples;
  };
}

/** Calls waiting in each endpoint's rate limiter. */
export function docketCollector(docket: Pick<DocketClient, "queueDepth">): MetricsCollector {
  return () =>
    Object.entries(docket.queueDepth()).map(([endpoint, depth]) => ({
      name: "docketbot_docket_limiter_queue_depth" as const,
      labels: { endpoint },
      value: depth,
    }));
}

/**
 * The store's statements and round trips since the process started (store/sql/counts.ts), from
 * totals in memory: no query, so this collector never fails when the database does. A round trip
 * is PostgreSQL's only: SQLite runs in the process.
 */
export function storeSqlCollector(store: Pick<Store, "sqlCounts">): MetricsCollector {
  return () => {
    const counts = store.sqlCounts();
    const labels = { store: counts.database };
    return counts.database === "postgres"
      ? [{ name: "docketbot_store_statements_total", labels, value: counts.statements }, { name: "docketbot_store_round_trips_total", labels, value: counts.roundTrips }]
      : [{ name: "docketbot_store_statements_total", labels, value: counts.statements }];
  };
}
