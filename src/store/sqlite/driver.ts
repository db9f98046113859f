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
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { createPacer } from "../../event-loop.ts";
import type { Db, Params, Row, Statement } from "../sql/statement.ts";

export interface SqliteGate {
  readonly held: boolean;
  /** Resolves when the gate is next released (check `held` again: another may have taken it). */
  idle(): Promise<void>;
  take(): void;
  release(): void;
}

export function createGate(): SqliteGate {
  let held = false;
  let waiters: (() => void)[] = [];
  return {
    get held() {
      return held;
    },
    idle: () => new Promise<void>((resolve) => waiters.push(resolve)),
    take() {
      if (held) throw new Error("the store's transaction gate is already held");
      held = true;
    },
    release() {
      held = false;
      const woken = waiters;
      waiters = [];
      for (const w of woken) w();
    },
  };
}

/** node:sqlite binds numbers, bigints, strings, null and bytes; booleans are stored as 0/1. */
function bind(params: Params | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (params === undefined) return out;
  for (const [k, v] of Object.entries(params)) out[k] = typeof v === "boolean" ? (v ? 1 : 0) : v;
  return out;
}

/** Prepares each Statement once per connection. */
export function createStatementCache(db: DatabaseSync): (st: Statement) => StatementSync {
  const cache = new Map<Statement, StatementSync>();
  return (st) => {
    let prepared = cache.get(st);
    if (prepared === undefined) {
      prepared = db.prepare(st.sql);
      // Areas pass one parameter object to several statements; the unused names are not mistakes.
      prepared.setAllowUnknownNamedParameters(true);
      cache.set(st, prepared);
    }
    return prepared;
  };
}

type Bindable = Parameters<StatementSync["all"]>[0];

/** Runs statements at once: the handle a transaction's callback gets (it holds the gate). */
export function directDb(db: DatabaseSync, prepare: (st: Statement) => StatementSync): Db {
  return {
    all: async (st, params) => prepare(st).all(bind(params) as Bindable) as Row[],
    get: async (st, params) => prepare(st).get(bind(params) as Bindable) as Row | undefined,
    run: async (st, params) => Number(prepare(st).run(bind(params) as Bindable).changes),
    exec: async (sql) => {
      db.exec(sql);
    },
  };
}

/** Waits while a transaction holds the gate, then runs at once: the store's autocommit handle. */
export function gatedDb(direct: Db, gate: SqliteGate): Db {
  const ready = async () => {
    while (gate.held) await gate.idle();
  };
  return {
    all: async (st, params) => (gate.held ? (await ready(), direct.all(st, params)) : direct.all(st, params)),
    get: async (st, params) => (gate.held ? (await ready(), direct.get(st, params)) : direct.get(st, params)),
    run: async (st, params) => (gate.held ? (await ready(), direct.run(st, params)) : direct.run(st, params)),
    exec: async (sql) => (gate.held ? (await ready(), direct.exec(sql)) : direct.exec(sql)),
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
