/**
 * Waking every replica's outbox on PostgreSQL (the rest of the lanes: ../areas/lanes.ts):
 * announceWork is a NOTIFY on a channel named for the schema, and onWork LISTENs on a connection of
 * its own (postgresql.org/docs/current/sql-notify.html), reconnecting after a failure; a lost
 * notification only waits for the outbox's poll.
 */
import pg from "pg";
import type { LaneWake } from "../areas/lanes.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement } from "../sql/statement.ts";

const notify = statement("SELECT pg_notify('docketbot_outbox_' || current_schema(), '')");

export interface LaneListenConfig {
  /** A new connection for LISTEN (the pool's settings: same server, same schema). */
  connect(): pg.Client;
  /** Real time between reconnection attempts (not the injected clock: the server is down in real time). */
  retryMs?: number | undefined;
}

export function createPgLaneWake(ctx: StoreContext, listen: LaneListenConfig): LaneWake {
  const { db, logger } = ctx;
  return {
    announceWork: () =>
      ctx.run("announceWork", async () => {
        await db.get(notify);
      }),
    async onWork(listener) {
      let client: pg.Client | undefined;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = listen.connect();
        client = c;
        const retry = (err: unknown) => {
          if (stopped || client !== c) return;
          client = undefined;
          void c.end().catch(() => undefined);
          logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "outbox wake-up connection failed; reconnecting (the poll covers the gap)");
          timer = setTimeout(() => void connect(), listen.retryMs ?? 2000);
        };
        c.on("error", retry);
        c.on("end", () => retry(new Error("connection ended")));
        c.on("notification", () => listener());
        try {
          await c.connect();
          const schema = (await c.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]?.s ?? "public";
          await c.query(`LISTEN "docketbot_outbox_${schema.replaceAll('"', '""')}"`);
          listener(); // anything announced while we were not listening
        } catch (e) {
          retry(e);
        }
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        const c = client;
        client = undefined;
        await c?.end().catch(() => undefined);
      };
    },
  };
}
