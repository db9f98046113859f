/**
 * Every area of the Store, written once (DEVELOPERS.md, Store), assembled for a database from its
 * context and the few hooks where the databases truly behave differently:
 * - lockRouting: PostgreSQL's connections (and replicas) run transactions side by side, so each
 *   that routes pushes takes an advisory lock; SQLite's one writer already orders them;
 * - lockFees: the same for a matter's fee reservations (advisory lock keyed by the matter);
 * - laneWake: LISTEN/NOTIFY across replicas, or in-process listeners;
 * - renewToken: under an advisory lock in a transaction, or one at a time in the process (SQLite
 *   cannot hold its one connection's transaction across a network login);
 * - atStartup: the deliveries the previous process left in flight, read when the store opened.
 */
import type { Store, StoreHealth } from "../store.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement } from "../sql/statement.ts";
import { createAlertSettings } from "./alert-settings.ts";
import { createBudgets } from "./budgets.ts";
import { createCalendarFeeds } from "./calendar-feeds.ts";
import { createCaseThreads } from "./case-threads.ts";
import { createCourtDateDesk } from "./court-date-desk.ts";
import { createCourtDates } from "./court-dates.ts";
import { createDeliveries } from "./deliveries.ts";
import { createDigestRuns } from "./digest-runs.ts";
import { createFeeReservations, type LockFees } from "./fee-reservations.ts";
import { createFilingSignOff } from "./filing-sign-off.ts";
import { createFilings } from "./filings.ts";
import { createLanes, type LaneWake } from "./lanes.ts";
import { createMatters } from "./matters.ts";
import { createOnce } from "./once.ts";
import { createBodyReader } from "./push-bodies.ts";
import { createPushes, type PushBatchOptions } from "./pushes.ts";
import { createRecent } from "./recent.ts";
import { createRouting, type LockRouting } from "./routing.ts";
import { createShared, type TokenRenewal } from "./shared.ts";
import { createSnoozes } from "./snoozes.ts";
import { createSubscriptions } from "./subscriptions.ts";
import { createThreads } from "./threads.ts";
import { createUsage } from "./usage.ts";

export interface DialectHooks {
  lockRouting: LockRouting;
  lockFees: LockFees;
  laneWake: LaneWake;
  renewToken: TokenRenewal;
  atStartup: readonly number[];
  pushBatch?: PushBatchOptions | undefined;
}

export type StoreAreas = Omit<Store, "health" | "close" | "sqlCounts"> & {
  /** Commits the pushes already accepted (close() awaits it before the connection goes). */
  flushPushes(): Promise<void>;
  /** A real write in a transaction: the database is up, reachable and writable. */
  heartbeat(): Promise<void>;
};

const beat = statement(`
  INSERT INTO heartbeat AS h (id, beat_at, beats) VALUES (1, :now, 1)
  ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at, beats = h.beats + 1`);

export function createAreas(ctx: StoreContext, hooks: DialectHooks): StoreAreas {
  const routing = createRouting(hooks.lockRouting);
  const readBody = createBodyReader(ctx.db);
  const { committer, ...pushes } = createPushes(ctx, { routing, readBody }, hooks.pushBatch);
  return {
    ...createMatters(ctx, routing),
    ...createThreads(ctx),
    ...createUsage(ctx),
    ...createRecent(ctx),
    ...pushes,
    ...createDeliveries(ctx, { atStartup: hooks.atStartup, readBody }),
    ...createLanes(ctx, hooks.laneWake),
    ...createCaseThreads(ctx),
    ...createFilings(ctx),
    ...createFilingSignOff(ctx),
    ...createAlertSettings(ctx),
    ...createSnoozes(ctx),
    ...createDigestRuns(ctx),
    ...createOnce(ctx),
    ...createShared(ctx, hooks.renewToken),
    ...createSubscriptions(ctx, { lockRouting: hooks.lockRouting, routing }),
    ...createBudgets(ctx),
    ...createFeeReservations(ctx, { lockFees: hooks.lockFees }),
    ...createCourtDates(ctx),
    ...createCalendarFeeds(ctx),
    ...createCourtDateDesk(ctx),
    flushPushes: () => committer.flush(),
    heartbeat: () => ctx.run("health", () => ctx.tx("health", async (db) => void (await db.run(beat, { now: ctx.clock.now() })))),
  };
}

/** What /healthz reports of a store: ok after a heartbeat, else the failure's sentence. */
export async function heartbeatHealth(
  areas: Pick<StoreAreas, "heartbeat">,
  q: { closed: boolean; detail: string; toError: (e: unknown) => Error; warn: (err: Error) => void },
): Promise<StoreHealth> {
  if (q.closed) return { ok: false, detail: "the store is closed" };
  try {
    await areas.heartbeat();
    return { ok: true, detail: q.detail };
  } catch (e) {
    const err = q.toError(e);
    q.warn(err);
    return { ok: false, detail: err.message };
  }
}
