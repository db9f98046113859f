/**
 * Fee reservations (a budget is never overrun by fee actions running side by side): a fee action
 * reserves its expected price in the transaction that checks the matter's cap, so N concurrent
 * clicks see each other's reservations, never only the spend recorded after each call. A held
 * reservation counts against the cap until its action ends: SETTLED (its calls' ledger rows, which
 * were written before it, count instead: both count for that moment, never neither) or RELEASED
 * (the action failed before spending). One that is never ended stops counting at `expiresAt`, so a
 * crash cannot hold a budget forever. Money is dollars here, integer micro-dollars in the database.
 */
import type { MatterBudget } from "./budget-records.ts";
import type { UsageEntry } from "./records.ts";

export type FeeReservationStatus = "held" | "settled" | "released" | "expired";

export const FEE_RESERVATION_STATUSES: readonly FeeReservationStatus[] = ["held", "settled", "released", "expired"];

export interface FeeReservation {
  id: number;
  teamId: string;
  clientMatter: string;
  /** `YYYY-MM`: the UTC month whose budget it counts against. */
  month: string;
  /** What it is for ("ask", "pacer", "refresh", "document"). */
  kind: string;
  /** Dollars; 0 when the fee's amount is not known beforehand (a live pull). */
  expected: number;
  status: FeeReservationStatus;
  /** The ref of the request whose calls settled it. */
  correlationId?: string | undefined;
  createdAt: number;
  expiresAt: number;
  settledAt?: number | undefined;
}

/** A matter's month as the reserving transaction read it. */
export interface FeeSpendState {
  /** Dollars the month's ledger rows cost, as `ledgerSpend` summed them. */
  spent: number;
  /** Dollars of the other reservations still held (unexpired). */
  held: number;
  budget?: MatterBudget | undefined;
}

export interface ReserveFeeInput {
  teamId: string;
  clientMatter: string;
  kind: string;
  expected: number;
  /** The UTC month: its label and bounds [start, end) of the ledger rows that count. */
  month: { label: string; start: number; end: number };
  /** How long a reservation nobody ends keeps counting. */
  ttlMs: number;
  correlationId?: string | undefined;
  /**
   * What the month's ledger rows of the matter cost, in dollars: the feature's one summarizer
   * (features/usage/billable.ts), never a second copy in SQL.
   */
  ledgerSpend(entries: readonly UsageEntry[]): number;
  /** Whether the action may spend, given the month as read under the matter's lock (pure). */
  admits(state: FeeSpendState): boolean;
}

export type ReserveFeeResult =
  | { reserved: FeeReservation; state: FeeSpendState }
  | { refused: FeeSpendState };

export interface FeeReservationDesk {
  /**
   * In one transaction under the matter's lock (PostgreSQL: an advisory lock, so replicas take
   * turns; SQLite: its one writer): reads the matter's budget, the month's ledger rows and the held
   * reservations, and inserts a held reservation only if `admits` says so.
   */
  reserveFee(input: ReserveFeeInput): Promise<ReserveFeeResult>;
  /** Held → settled (its calls' ledger rows now count); false when it was no longer held. */
  settleFee(id: number, q?: { correlationId?: string | undefined }): Promise<boolean>;
  /** Held → released (nothing was spent); false when it was no longer held. */
  releaseFee(id: number): Promise<boolean>;
  getFeeReservation(id: number): Promise<FeeReservation | undefined>;
}
