/**
 * The login session: one token shared by every call, obtained lazily, renewed before it expires,
 * and never fetched twice at once.
 *
 * Spec, Authentication: "The token is valid for 90 minutes ... Reuse one token for many calls;
 * obtain a new one after expiry." Public clients renew after 30-45 minutes (observed-facts.md); we
 * renew once a token is older than `renewAfterMs` (default 60 min), well inside its lifetime, so a
 * long call started near the end never carries a token that dies mid-flight.
 */
import type { Clock } from "../clock.ts";
import type { SharedToken } from "./shared.ts";

export interface SessionOptions {
  /** Performs the login call and returns a fresh token. */
  login: (signal?: AbortSignal) => Promise<string>;
  clock: Clock;
  renewAfterMs?: number | undefined;
  /**
   * Several replicas (issue 17 item 3): the token is read from, and renewed through, the
   * deployment's store, one replica at a time; this process's single flight still comes first.
   */
  shared?: SharedToken | undefined;
}

export interface Session {
  /** A token that is fresh enough to use now. Concurrent callers share one login. */
  token(signal?: AbortSignal): Promise<string>;
  /** Forces a new login (for `login()` and for a token the service rejected). Single flight too. */
  renew(rejected?: string, signal?: AbortSignal): Promise<string>;
  /** When the current token must be renewed, if there is one. */
  readonly renewsAt: number | undefined;
}

export const TOKEN_LIFETIME_MS = 90 * 60_000;

export function createSession(options: SessionOptions): Session {
  const renewAfterMs = options.renewAfterMs ?? 60 * 60_000;
  let current: { token: string; renewsAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const login = async () => {
    const startedAt = options.clock.now(); // the token's life began no later than this
    const token = await options.login();
    return { token, renewsAt: startedAt + renewAfterMs };
  };

  /** `stale`: the token to replace (a rejected or expired one); undefined when we hold none. */
  const fromShared = async (shared: SharedToken, stale: string | undefined) => {
    const stored = await shared.read();
    if (stored && stored.token !== stale && options.clock.now() < stored.renewsAt) return stored;
    return shared.renew(stored?.token ?? stale, login);
  };

  const loginOnce = (stale?: string): Promise<string> => {
    // Single flight: callers that arrive while a login runs share it. The login is not bound to one
    // caller's AbortSignal, so one caller giving up does not fail the others.
    inFlight ??= (async () => {
      try {
        current = options.shared ? await fromShared(options.shared, stale ?? current?.token) : await login();
        return current.token;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const withSignal = (work: Promise<string>, signal?: AbortSignal): Promise<string> => {
    if (!signal) return work;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };

  return {
    token(signal) {
      if (current && options.clock.now() < current.renewsAt) return Promise.resolve(current.token);
      return withSignal(loginOnce(), signal);
    },
    renew(rejected, signal) {
      // Many calls may fail with the same dead token at once: only the first triggers a login; the
      // rest find that the token has already changed and use the new one.
      if (rejected !== undefined && current && current.token !== rejected && options.clock.now() < current.renewsAt) {
        return Promise.resolve(current.token);
      }
      const stale = rejected ?? current?.token;
      if (rejected === undefined || current?.token === rejected) current = undefined;
      return withSignal(loginOnce(stale), signal);
    },
    get renewsAt() {
      return current?.renewsAt;
    },
  };
}
