/**
 * Identical free reads share one call while it is in flight. When an alert lands, the whole team
 * opens the same case at once; each `/docket case` used to be its own getdocket, each taking one
 * of the 200 a minute the account has for that endpoint (spec, Limits) and each logged in the
 * usage ledger as a call of its own. Now a read that is already on its way is joined: the service
 * sees one request, the ledger one call (the first asker's), and every asker gets its answer.
 *
 * Only reads that are free and safe to repeat qualify (client.ts decides: GET, no fee, no provider
 * keys), and only while in flight: nothing is cached after the answer (the service's stored copy
 * is the cache). The key holds every parameter the service is sent, client_matter and test among
 * them, and the workspace and matter the call is recorded for, so a shared call is the very call
 * each asker would have made and its ledger row is never another workspace's or matter's. Each asker keeps its own signal: one that gives up stops waiting, and the call
 * itself is aborted only when every asker has given up.
 */

export interface SharedReads {
  /**
   * `run(signal)` for the first asker of `key`; later askers of the same key join its promise. An
   * asker whose `signal` aborts is rejected with `gaveUp(reason)` (the client's own cancellation error).
   */
  join<T>(key: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>, gaveUp?: (reason: unknown) => unknown): Promise<T>;
  /** Calls in flight now (for tests and /metrics). */
  readonly size: number;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Askers still waiting. */
  waiting: number;
}

export function createSharedReads(): SharedReads {
  const flights = new Map<string, Flight>();

  const start = (key: string, run: (signal: AbortSignal) => Promise<unknown>): Flight => {
    const controller = new AbortController();
    const flight: Flight = { controller, waiting: 0, promise: Promise.resolve() };
    flight.promise = (async () => {
      try {
        return await run(controller.signal);
      } finally {
        // Settled: the next asker starts a new call (a read is shared, never cached).
        if (flights.get(key) === flight) flights.delete(key);
      }
    })();
    flights.set(key, flight);
    return flight;
  };

  return {
    join<T>(key: string, signal: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>, gaveUp = (reason: unknown) => reason): Promise<T> {
      if (signal?.aborted) return Promise.reject(gaveUp(signal.reason));
      const flight = flights.get(key) ?? start(key, run);
      flight.waiting++;
      const settled = flight.promise as Promise<T>;
      if (!signal) return settled.finally(() => flight.waiting--);
      return new Promise<T>((resolve, reject) => {
        // An asker leaves once: by giving up, or when the call settles, whichever comes first.
        let left = false;
        const leave = (): boolean => {
          if (left) return false;
          left = true;
          signal.removeEventListener("abort", onAbort);
          flight.waiting--;
          return true;
        };
        const onAbort = () => {
          if (!leave()) return;
          // The last asker gone: stop the call (its rate-limit turn and connection are freed).
          if (flight.waiting === 0) {
            if (flights.get(key) === flight) flights.delete(key);
            flight.controller.abort(signal.reason);
          }
          reject(gaveUp(signal.reason));
        };
        signal.addEventListener("abort", onAbort, { once: true });
        settled.then(
          (value) => leave() && resolve(value),
          (error: unknown) => leave() && reject(error),
        );
      });
    },
    get size() {
      return flights.size;
    },
  };
}

/** One key per distinct request: the endpoint, its address, every parameter sent, and the workspace and matter recorded. */
export function readKey(parts: { endpoint: string; url: string; params: Record<string, unknown>; team: string | undefined; matter: string | undefined }): string {
  const params = Object.keys(parts.params).sort().map((k) => [k, parts.params[k]]);
  return JSON.stringify([parts.endpoint, parts.url, params, parts.team ?? null, parts.matter ?? null]);
}
