/**
 * Advisory locks (postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS), keyed by
 * (purpose, schema) so that stores in different schemas of one database (tests, tenants) never
 * wait on each other.
 *
 * Routing: a push is routed to the channels its matter has when its batch commits, and a link
 * releases the pushes held when it commits. With several connections (or replicas), a push batch
 * and a link running side by side under READ COMMITTED could each miss the other, leaving the push
 * held on a matter that has a channel. Every transaction that routes or changes what routing reads
 * (links, subscriptions, requeues) takes this lock first, so they follow one another, as on SQLite's
 * single writer.
 */
import { statement, type Db } from "./sql.ts";

/** Class ids of our advisory locks (arbitrary, fixed: other software using advisory locks picks its own). */
export const LOCK_CLASS = { migrate: 0x0d0c_4b01, routing: 0x0d0c_4b02, sharedToken: 0x0d0c_4b03, fees: 0x0d0c_4b04 } as const;

/**
 * Holds the routing lock until the transaction on `db` ends. Parameterless (the class is our own
 * constant), so a transaction that starts with it sends it with its BEGIN in one round trip
 * (context.ts): a group commit of pushes is one round trip shorter.
 */
export async function lockRouting(db: Db): Promise<void> {
  await db.exec(`SELECT pg_advisory_xact_lock(${LOCK_CLASS.routing}, hashtext(current_schema()))`);
}

// One matter's fees: keyed by the schema and the matter (two matters whose hashes collide only take turns).
const feeLock = statement("SELECT pg_advisory_xact_lock(:cls::int4, hashtext(current_schema() || '/' || CAST(:matter AS text))) AS locked");

/**
 * Holds the matter's fee lock until the transaction on `db` ends: every transaction that reserves,
 * settles or releases the matter's fees takes it first, so a reservation's cap check reads every
 * reservation before it, on any connection or replica (areas/fee-reservations.ts).
 */
export async function lockFees(db: Db, clientMatter: string): Promise<void> {
  await db.get(feeLock, { cls: LOCK_CLASS.fees, matter: clientMatter });
}
