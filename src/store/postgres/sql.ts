/**
 * The store's SQL interface (../sql/statement.ts) on node-postgres: `$n` text with the parameters
 * in order. A forgotten parameter is a bug in the store, not a NULL: it fails loudly. Every query
 * is one statement and one round trip (node-postgres waits for each answer before sending the
 * next), counted here when the store passes its counter (../sql/counts.ts).
 */
import type { Pool, PoolClient } from "pg";
import type { SqlCounter } from "../sql/counts.ts";
import { parameterValues, type Db, type Params, type Statement } from "../sql/statement.ts";

export { statement, type Db, type Params, type Row, type Statement } from "../sql/statement.ts";

/**
 * A transaction's connection whose BEGIN waits for its first statement: sent with it in one simple
 * query when that statement has no parameters (`BEGIN; SELECT pg_advisory_xact_lock(…)`), on its
 * own before a parameterized one (the extended protocol takes one statement a message). `begun`
 * says whether BEGIN went out: a transaction that sent nothing has nothing to commit or roll back.
 */
export function transactionDbOf(client: PoolClient, counter?: SqlCounter): Db & { readonly begun: boolean } {
  const inner = dbOf(client, counter);
  let begun = false;
  const begin = async () => {
    if (begun) return;
    begun = true;
    await inner.exec("BEGIN");
  };
  return {
    all: async (st, params) => (await begin(), inner.all(st, params)),
    get: async (st, params) => (await begin(), inner.get(st, params)),
    run: async (st, params) => (await begin(), inner.run(st, params)),
    exec: async (sql) => {
      if (begun) return inner.exec(sql);
      begun = true;
      counter?.statement(2);
      await client.query(`BEGIN; ${sql}`);
    },
    get begun() {
      return begun;
    },
  };
}

export function dbOf(on: Pool | PoolClient, counter?: SqlCounter): Db {
  const query = (st: Statement, params: Params = {}) => {
    const bound = parameterValues(st.names, params);
    counter?.statement();
    return on.query(st.text, bound);
  };
  return {
    all: async (st, params) => (await query(st, params)).rows,
    get: async (st, params) => (await query(st, params)).rows[0],
    run: async (st, params) => (await query(st, params)).rowCount ?? 0,
    exec: async (sql) => {
      counter?.statement();
      await on.query(sql);
    },
  };
}
