/**
 * The one gate before any fee-incurring call (issue 14 items 2, 3 and 5): asks fee-decision.ts
 * and, when the answer is "run", RESERVES the expected price in the same store transaction that
 * read the matter's budget, its month's ledger rows and every other reservation still held. Fee
 * actions clicked at once therefore see each other (on any replica), and N of them never take a
 * matter past its cap by more than one action's price error. Knows no Slack: the feature that
 * called it says what happens next in its own place (a thread, an ephemeral card).
 *
 * The reservation is ended when the action's calls are done (fee-reservation.ts): the docket
 * client resolves a call only after its ledger row is written, so from then on the row counts.
 */
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import { pickMonth } from "../usage/index.ts";
import { decideFee, type FeeClearance, type FeeVerdict } from "./fee-decision.ts";
import { reservationHandle, type FeeReservationHandle } from "./fee-reservation.ts";
import { monthSpend, spentOf } from "./spend.ts";
import type { BudgetsStore } from "./deps.ts";

/**
 * What the fee gate uses: reservations (which read budgets and the ledger in their transaction), and
 * the store's once keys for an action already running (`FeeCheck.once`).
 */
export type FeeGateStore = Pick<BudgetsStore, "reserveFee" | "settleFee" | "releaseFee" | "claimOnce" | "forgetOnce">;

/** How long a reservation nobody ends (a crash mid-call) keeps counting against the cap. */
export const RESERVATION_TTL_MS = 10 * 60_000;

export interface FeeGateDeps {
  store: FeeGateStore;
  clock: Clock;
  logger: Logger;
}

export interface FeeCheck {
  teamId: string;
  clientMatter: string;
  /** Dollars; 0 when unknown. */
  expected: number;
  /** What it is ("ask", "pacer", "refresh", "document"), kept on the reservation. */
  kind: string;
  /** The request's ref: the reservation names it when it is settled. */
  ref: string;
  cleared?: FeeClearance | undefined;
  /**
   * What the action acts on (a document, a case's live pull), when doing it twice at once would
   * pay twice for one thing: a second click (or the same click delivered twice, on any replica)
   * while the first still holds its reservation is answered "running" and reserves nothing.
   */
  once?: string | undefined;
}

/**
 * "run" comes with the reservation the action spends under; "running": the same action (`once`)
 * for the same matter is under way; anything else reserved nothing.
 */
export type FeeAdmission = { verdict: "run"; reservation: FeeReservationHandle } | { verdict: "running" } | Exclude<FeeVerdict, { verdict: "run" }>;

export async function admitFee(deps: FeeGateDeps, q: FeeCheck): Promise<FeeAdmission> {
  if (q.clientMatter.trim() === "") return { verdict: "needs_matter" };
  const month = pickMonth(undefined, deps.clock.now());
  if (!month.ok) throw new Error(month.message);
  // Claimed before the reservation and freed when it ends (or was never made): one at a time.
  const once = q.once === undefined ? undefined : { scope: "fee-action", key: `${q.teamId}\u0000${q.clientMatter}\u0000${q.kind}\u0000${q.once}` };
  if (once && !(await deps.store.claimOnce(once, RESERVATION_TTL_MS))) return { verdict: "running" };
  const forget = once ? () => deps.store.forgetOnce(once).catch((err: unknown) => deps.logger.warn({ err }, "could not free a fee action's once key; it frees itself when it expires")) : undefined;
  try {
    const admitted = await reserve(deps, q, month, forget);
    if (admitted.verdict !== "run") await forget?.();
    return admitted;
  } catch (error) {
    await forget?.();
    throw error;
  }
}

/** The reservation, in the transaction that reads the cap; `ended` runs when it ends. */
async function reserve(deps: FeeGateDeps, q: FeeCheck, month: Extract<ReturnType<typeof pickMonth>, { ok: true }>, ended?: () => Promise<void>): Promise<FeeAdmission> {
  let verdict = { verdict: "run" } as FeeVerdict;
  const result = await deps.store.reserveFee({
    teamId: q.teamId, clientMatter: q.clientMatter, kind: q.kind, expected: q.expected, correlationId: q.ref,
    month, ttlMs: RESERVATION_TTL_MS,
    ledgerSpend: (entries) => spentOf(entries, q.clientMatter, month.start),
    // What is reserved counts as spent: the cap holds whatever runs beside this action.
    admits: (s) => {
      verdict = decideFee({ clientMatter: q.clientMatter, expected: q.expected, spent: s.spent + s.held, budget: s.budget, cleared: q.cleared });
      return verdict.verdict === "run";
    },
  });
  if ("reserved" in result) return { verdict: "run", reservation: reservationHandle(deps, result.reserved.id, q.ref, ended) };
  if (verdict.verdict === "run") throw new Error("the fee gate refused a reservation it admitted");
  return verdict;
}

/**
 * What the gate would say now, reserving nothing: for a confirmation shown before anyone clicks
 * (a PACER card names a matter already past its cap). The click itself still goes through admitFee.
 */
export async function previewFee(
  deps: { store: Pick<BudgetsStore, "budgetsOf" | "usageEntries">; clock: Clock },
  q: Pick<FeeCheck, "clientMatter" | "expected">,
): Promise<FeeVerdict> {
  if (q.clientMatter.trim() === "") return { verdict: "needs_matter" };
  const [budget] = await deps.store.budgetsOf([q.clientMatter]);
  if (!budget) return decideFee({ ...q, spent: 0 });
  const [spend] = await monthSpend(deps.store, [q.clientMatter], deps.clock.now());
  return decideFee({ ...q, spent: spend?.spent ?? 0, budget });
}
