/**
 * The store's SQL interface (../sql/statement.ts) on node:sqlite. node:sqlite is synchronous and the
 * store has one connection, so two things must never interleave: two transactions, and a
 * transaction with a statement from outside it (on one connection, that statement would join the
 * open transaction and share its fate). The gate orders them: a transaction holds it from BEGIN to
 * COMMIT, and a statement outside any transaction waits while it is held. Every statement runs
 * synchronously and an uncontended call costs a resolved promise. A long transaction (a big docket's
 * court dates) gives the event loop a turn every TX_SLICE_MS between its statements (pacedDb), as
 * PostgreSQL's network round trips would: statements from outside still wait at the gate, so the
 * transaction stays whole while Slack requests are acknowledged.
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { createPacer } from "../../event-loop.ts";
import type { SqlCounter } from "../sql/counts.ts";
import { parameterValues, type Db, type Params, type Row, type Statement } from "../sql/statement.ts";

export interface SqliteGate {
  readonly held: boolean;
  /** Takes the gate for a transaction, after everything queued before it (first come, first served). */
  acquire(): Promise<void>;
  /** Ends a transaction: the statements that waited for it run, in order, then the next transaction gets the gate. */
  release(): void;
  /** Runs a statement from outside any transaction: now if no transaction holds the gate, else as soon as it ends. */
  outside<T>(run: () => Promise<T>): Promise<T>;
}

/**
 * A statement from outside waits only for the transaction under way, never for those queued
 * behind it: on PostgreSQL a read does not wait for writers at all (MVCC), and here a Slack
 * request's one read (the channel's matters, before its ack) would otherwise wait behind a
 * convoy of transactions (twenty channels storing a long docket's court dates) for seconds.
 * Transactions take the gate first come, first served, handed over directly at each release so
 * that none is overtaken by one that arrived later. Statements run synchronously (node:sqlite),
 * so the ones a release runs cannot delay the next transaction by more than their own cost.
 */
export function createGate(): SqliteGate {
  let held = false;
  const transactions: (() => void)[] = [];
  let statements: (() => void)[] = [];
  return {
    get held() {
      return held;
    },
    acquire() {
      if (!held && transactions.length === 0) {
        held = true;
        return Promise.resolve();
      }
      return new Promise<void>((wake) => transactions.push(wake));
    },
    release() {
      if (!held) throw new Error("the store's transaction gate is not held");
      held = false;
      const waiting = statements;
      statements = [];
      for (const run of waiting) run();
      const next = transactions.shift();
      if (next) {
        held = true;
        next();
      }
    },
    outside(run) {
      if (!held) return run();
      return new Promise((resolve, reject) => statements.push(() => void run().then(resolve, reject)));
    },
  };
}

/**
 * The statement's parameter values in the order of its `?`s (statement.ts `positional`). node:sqlite
 * binds numbers, bigints, strings, null and bytes; booleans are stored as 0/1.
 */
function bind(st: Statement, params: Params | undefined): SQLInputValue[] {
  return parameterValues(st.uses, params).map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v) as SQLInputValue);
}

/** Prepares each Statement once per connection. */
export function createStatementCache(db: DatabaseSync): (st: Statement) => StatementSync {
  const cache = new Map<Statement, StatementSync>();
  return (st) => {
    let prepared = cache.get(st);
    if (prepared === undefined) {
      prepared = db.prepare(st.positional);
      cache.set(st, prepared);
    }
    return prepared;
  };
}

/**
 * Runs statements at once: the handle a transaction's callback gets (it holds the gate). Every
 * statement of the store goes through here (BEGIN and COMMIT too), counted by `counter`.
 */
export function directDb(db: DatabaseSync, prepare: (st: Statement) => StatementSync, counter?: SqlCounter): Db {
  const counted = <T>(run: () => T): T => {
    counter?.statement();
    return run();
  };
  return {
    all: async (st, params) => counted(() => prepare(st).all(...bind(st, params)) as Row[]),
    get: async (st, params) => counted(() => prepare(st).get(...bind(st, params)) as Row | undefined),
    run: async (st, params) => counted(() => Number(prepare(st).run(...bind(st, params)).changes)),
    exec: async (sql) => {
      counted(() => db.exec(sql));
    },
  };
}

/** Runs at once when no transaction holds the gate or waits for it, else at its turn: the store's autocommit handle. */
export function gatedDb(direct: Db, gate: SqliteGate): Db {
  return {
    all: (st, params) => gate.outside(() => direct.all(st, params)),
    get: (st, params) => gate.outside(() => direct.get(st, params)),
    run: (st, params) => gate.outside(() => direct.run(st, params)),
    exec: (sql) => gate.outside(() => direct.exec(sql)),
  };
}

/** How long a transaction's statements run before the event loop gets a turn. */
export const TX_SLICE_MS = 10;

/** A transaction's handle that yields the event loop every `sliceMs` of work between statements. */
export function pacedDb(direct: Db, sliceMs = TX_SLICE_MS): Db {
  const { pace } = createPacer(sliceMs);
  return {
    all: async (st, params) => (await pace(), direct.all(st, params)),
    get: async (st, params) => (await pace(), direct.get(st, params)),
    run: async (st, params) => (await pace(), direct.run(st, params)),
    exec: async (sql) => (await pace(), direct.exec(sql)),
  };
}
