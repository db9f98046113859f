/**
 * Lanes on SQLite: what differs from PostgreSQL's (the rest: ../areas/lanes.ts). One process owns a
 * SQLite file (its lock, held-lock.test.ts), so every lease found at open belongs to a process that
 * is gone: opening ends them all (its in-flight deliveries are resumed by the next claim). And its
 * own outboxes are every listener there is: announceWork calls them.
 */
import type { LaneWake } from "../areas/lanes.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement, type Db } from "../sql/statement.ts";

const endAll = statement("UPDATE channel_lanes SET lease_until = 0");

/** At open: the previous process's leases end (it is gone: we hold the file). */
export async function endLeasesAtOpen(db: Db): Promise<void> {
  await db.run(endAll);
}

export function createLocalLaneWake(ctx: StoreContext): LaneWake {
  const listeners = new Set<() => void>();
  return {
    announceWork: () =>
      ctx.run("announceWork", async () => {
        for (const l of listeners) l();
      }),
    onWork: async (listener) => {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
  };
}
