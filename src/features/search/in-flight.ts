/**
 * Searches that cost money run at most once at a time per user and search: a double click (or a
 * click while the first is still running, 30–60 s for PACER) must not pay twice. In memory: a
 * restart forgets it, which at worst allows one more confirmed click.
 */
export interface InFlight {
  /** True when `key` was free and is now taken; false when it is already running. */
  start(key: string): boolean;
  finish(key: string): void;
}

export function createInFlight(): InFlight {
  const running = new Set<string>();
  return {
    start(key) {
      if (running.has(key)) return false;
      running.add(key);
      return true;
    },
    finish(key) {
      running.delete(key);
    },
  };
}
