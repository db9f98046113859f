/**
 * Fee reservations (fee-reservation-records.ts): the cap check and the reservation in ONE
 * transaction, under the matter's lock. PostgreSQL runs transactions side by side (and replicas
 * share the database), so every transaction that reserves, settles or releases a matter's fees
 * takes a transaction-scoped advisory lock keyed by the matter first (hooks.lockFees): reservations
 * of one matter follow one another, and each reads every earlier one. SQLite's one writer (BEGIN
 * IMMEDIATE) already orders them. The month's spend is the feature's summarizer over the ledger
 * rows (passed in), so a budget and `/docket usage` can never count differently.
 */
import { FEE_RESERVATION_STATUSES } from "../fee-reservation-records.ts";
import type { FeeReservation, FeeSpendState, Store } from "../store.ts";
import { checkMatter, fromMicros, toMicros, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { budgetOf } from "./budgets.ts";
import { usageEntryOf } from "./usage.ts";

export type FeeReservationArea = Pick<Store, "reserveFee" | "settleFee" | "releaseFee" | "getFeeReservation">;

/**
 * Holds the matter's fee lock until the transaction on `db` ends: PostgreSQL's advisory lock
 * (postgres/locks.ts); nothing on SQLite, whose one writer already excludes every other.
 */
export type LockFees = (db: Db, clientMatter: string) => Promise<void>;

function reservationOf(row: Row): FeeReservation {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    clientMatter: text(row, "client_matter"),
    month: text(row, "month"),
    kind: text(row, "kind"),
    expected: fromMicros(int(row, "expected_micros")),
    status: oneOf(row, "status", FEE_RESERVATION_STATUSES),
    correlationId: optText(row, "correlation_id"),
    createdAt: int(row, "created_at"),
    expiresAt: int(row, "expires_at"),
    settledAt: optInt(row, "settled_at"),
  };
}

const budget = statement(`SELECT * FROM matter_budgets WHERE client_matter = :matter`);
// Reservations are read before the ledger: a settle that slipped between the two reads (it cannot,
// under the lock; this is belt and braces) would then be counted twice, never missed.
const held = statement(`
  SELECT CAST(COALESCE(sum(expected_micros), 0) AS bigint) AS held_micros FROM fee_reservations
   WHERE client_matter = :matter AND month = :month AND status = 'held' AND expires_at > :now`);
const ledger = statement(`
  SELECT * FROM usage_ledger WHERE client_matter = :matter AND at >= :start AND at < :end ORDER BY id`);
const expire = statement(`
  UPDATE fee_reservations SET status = 'expired' WHERE client_matter = :matter AND status = 'held' AND expires_at <= :now`);
const insert = statement(`
  INSERT INTO fee_reservations (team_id, client_matter, month, kind, expected_micros, status, correlation_id, created_at, expires_at)
  VALUES (:team, :matter, :month, :kind, :expected, 'held', :ref, :now, :expires) RETURNING *`);
const find = statement(`SELECT * FROM fee_reservations WHERE id = :id`);
const end = statement(`
  UPDATE fee_reservations SET status = :to, settled_at = :now, correlation_id = COALESCE(CAST(:ref AS text), correlation_id)
   WHERE id = :id AND status = 'held'`);

export function createFeeReservations(ctx: StoreContext, hooks: { lockFees: LockFees }): FeeReservationArea {
  const { clock, db } = ctx;

  /** Ends a held reservation, under its matter's lock (so no reserving transaction is between its reads). */
  const finish = (operation: string, id: number, to: "settled" | "released", ref: string | undefined) =>
    ctx.run(operation, () =>
      ctx.tx(operation, async (tx) => {
        const row = await tx.get(find, { id });
        if (!row || text(row, "status") !== "held") return false;
        await hooks.lockFees(tx, text(row, "client_matter"));
        return (await tx.run(end, { id, to, now: clock.now(), ref: ref ?? null })) === 1;
      }),
    );

  return {
    reserveFee: (input) =>
      ctx.run("reserveFee", () => {
        checkMatter("reserveFee", input.clientMatter);
        return ctx.tx("reserveFee", async (tx) => {
          await hooks.lockFees(tx, input.clientMatter);
          const now = clock.now();
          const matter = input.clientMatter;
          await tx.run(expire, { matter, now });
          const b = await tx.get(budget, { matter });
          const heldMicros = int((await tx.get(held, { matter, month: input.month.label, now })) ?? {}, "held_micros");
          const entries = (await tx.all(ledger, { matter, start: input.month.start, end: input.month.end })).map(usageEntryOf);
          const state: FeeSpendState = { spent: input.ledgerSpend(entries), held: fromMicros(heldMicros), budget: b ? budgetOf(b) : undefined };
          if (!input.admits(state)) return { refused: state };
          const row = await tx.get(insert, {
            team: input.teamId, matter, month: input.month.label, kind: input.kind, expected: toMicros(Math.max(0, input.expected)) ?? 0,
            ref: input.correlationId ?? null, now, expires: now + Math.max(0, Math.trunc(input.ttlMs)),
          });
          if (!row) throw new Error("the fee reservation just written is missing");
          return { reserved: reservationOf(row), state };
        });
      }),
    settleFee: (id, q) => finish("settleFee", id, "settled", q?.correlationId),
    releaseFee: (id) => finish("releaseFee", id, "released", undefined),
    getFeeReservation: (id) =>
      ctx.run("getFeeReservation", async () => {
        const row = await db.get(find, { id });
        return row ? reservationOf(row) : undefined;
      }),
  };
}
