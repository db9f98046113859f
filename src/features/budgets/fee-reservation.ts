/**
 * A fee action's reservation, held from the gate (fee-gate.ts) until its calls are done: then
 * SETTLED (the calls' ledger rows, written before each call resolved, count from now on) or
 * RELEASED when the action threw (whatever its calls cost is in their rows too). Either way it
 * stops counting only once the real spend is in the ledger, so the cap never has a gap.
 */
import type { Logger } from "../../logger.ts";
import type { BudgetsStore } from "./deps.ts";

export interface FeeReservationHandle {
  /** The stored reservation (undefined where no fee can be incurred: test mode). */
  readonly id: number | undefined;
  /** Runs the action's fee-incurring calls, then ends the reservation; returns what `fn` returned. */
  spend<T>(fn: () => Promise<T>): Promise<T>;
  /** Nothing will be spent after all (the action stopped before its calls). */
  release(): Promise<void>;
}

/** Where nothing is charged (the service's test mode): nothing reserved, nothing to end. */
export const NO_FEES: FeeReservationHandle = { id: undefined, spend: (fn) => fn(), release: async () => {} };

/** `then` runs once the reservation has ended (the fee gate frees the action's once key there). */
export function reservationHandle(deps: { store: Pick<BudgetsStore, "settleFee" | "releaseFee">; logger: Logger }, id: number, ref: string, then?: () => Promise<void>): FeeReservationHandle {
  let ended = false;
  const end = async (settled: boolean) => {
    if (ended) return;
    ended = true;
    // A reservation that cannot be ended keeps counting until it expires: safe, never an overrun.
    await (settled ? deps.store.settleFee(id, { correlationId: ref }) : deps.store.releaseFee(id)).catch((err: unknown) =>
      deps.logger.warn({ err, reservation: id }, "could not end a fee reservation; it counts until it expires"),
    );
    await then?.();
  };
  return {
    id,
    async spend(fn) {
      try {
        const out = await fn();
        await end(true);
        return out;
      } catch (error) {
        await end(false);
        throw error;
      }
    },
    release: () => end(false),
  };
}
