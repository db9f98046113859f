import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, type SqliteStore, type SqliteStoreOptions } from "../../src/store/sqlite/sqlite-store.ts";
import type { TransactionEvent } from "../../src/store/sqlite/context.ts";
import { FakeClock } from "../helpers/fake-clock.ts";

export const TEAM = "T0001";
export const C_A = { teamId: TEAM, channelId: "C0A" };
export const C_A2 = { teamId: TEAM, channelId: "C0A2" };
export const C_B = { teamId: TEAM, channelId: "C0B" };

/** A temp directory under os.tmpdir(), removed by `cleanup()`. */
export function tempDir(): { dir: string; file: (name?: string) => string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "docketbot-store-"));
  return {
    dir,
    file: (name = "docketbot.db") => join(dir, name),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Opened {
  store: SqliteStore;
  clock: FakeClock;
  transactions: TransactionEvent[];
}

/** Opens a store (in memory unless `path` is given) on a fake clock, recording every transaction. */
export async function open(options: Partial<SqliteStoreOptions> & { clock?: FakeClock } = {}): Promise<Opened> {
  const clock = options.clock ?? new FakeClock();
  const transactions: TransactionEvent[] = [];
  const store = await openSqliteStore({
    path: ":memory:",
    ...options,
    clock,
    onTransaction: (e) => {
      transactions.push(e);
      options.onTransaction?.(e);
    },
  });
  return { store, clock, transactions };
}

export function docketPush(matter: string, n: number | string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    push_type: "docket",
    client_matter: matter,
    court: "nysd",
    docket: "1:23-cv-01234",
    docket_report: [{ number: n, date: "3/3/2026", contents: `Entry ${n}` }],
    ...extra,
  });
}

export function pushInput(matter: string, n: number | string, receivedAt = Date.UTC(2026, 10, 23)) {
  return { body: docketPush(matter, n), receivedAt, pushType: "docket", clientMatter: matter };
}
