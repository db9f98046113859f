/**
 * Searches that cost money run at most once at a time per user and search: a double click (or a
 * click while the first is still running, 30–60 s for PACER) must not pay twice. This process's set
 * answers first; with `once` (the store's once keys, issue 17 item 3) the whole deployment does, so
 * a second click that reaches another replica is refused too. A replica that dies mid-search holds
 * its key until LEASE_MS pass, which at worst refuses one retry for that long.
 */
import type { OnceDesk } from "../../store/store.ts";

export interface InFlight {
  /** True when `key` was free and is now taken; false when it is already running. */
  start(key: string): Promise<boolean>;
  finish(key: string): Promise<void>;
}

/** Longer than the slowest paid search (PACER: 30–60 s, spec) with its retries. */
const LEASE_MS = 5 * 60_000;

export function createInFlight(once?: OnceDesk): InFlight {
  const running = new Set<string>();
  const shared = (key: string) => ({ scope: "paid-search", key });
  return {
    async start(key) {
      if (running.has(key)) return false;
      running.add(key);
      // A store that cannot answer leaves it to this process (as before replicas).
      if (once && !(await once.claimOnce(shared(key), LEASE_MS).catch(() => true))) {
        running.delete(key);
        return false;
      }
      return true;
    },
    async finish(key) {
      running.delete(key);
      await once?.forgetOnce(shared(key)).catch(() => undefined);
    },
  };
}
