/**
 * What a store has sent its database since it opened: statements, and round trips to the server
 * (GET /metrics: docketbot_store_statements_total, docketbot_store_round_trips_total; the bench's
 * intake figure reports both per push). Counted in ONE place per database, where statements leave
 * the store (postgres/sql.ts `dbOf`, sqlite/driver.ts `directDb`), BEGIN and COMMIT included.
 *
 * node-postgres sends a query and waits for its answer before it sends the next (no pipelining),
 * so on PostgreSQL each query is one round trip: one statement, or BEGIN with the parameterless
 * statement a transaction starts with (postgres/context.ts). SQLite runs in the process: no round trip.
 */
export interface SqlCounts {
  readonly database: "sqlite" | "postgres";
  /** SQL statements run. */
  readonly statements: number;
  /** Requests sent to the database server and waited for (always 0 on SQLite). */
  readonly roundTrips: number;
}

/** The running totals a store keeps: the drivers add to them, `snapshot` reads them. */
export interface SqlCounter {
  /** `count` statements (default 1), sent to the server in one round trip (PostgreSQL) or run in the process (SQLite). */
  statement(count?: number): void;
  snapshot(): SqlCounts;
}

export function createSqlCounter(database: SqlCounts["database"]): SqlCounter {
  const remote = database === "postgres";
  let statements = 0;
  let roundTrips = 0;
  return {
    statement(count = 1) {
      statements += count;
      if (remote) roundTrips++;
    },
    snapshot: () => ({ database, statements, roundTrips }),
  };
}
