/**
 * What several replicas share of an outside service (issue 17 item 3): a rate budget and a login
 * token, kept where every replica sees them. The store knows nothing of the service: a budget is a
 * key with a limit per window, a token a name with a renewal time.
 *
 * A stored token is a credential: the database already holds what the deployment must protect
 * (its channels' matters, its pushes), and the token lives at most its lifetime (90 minutes).
 */
export interface SharedTokenRecord {
  token: string;
  renewsAt: number;
}

export type RateSlot = { admitted: true } | { admitted: false; retryInMs: number };

export interface SharedDesk {
  /**
   * Takes one start in `key`'s sliding window: at most `limit` starts in any `windowMs`, across every
   * replica (one slot row per allowed start, each free again `windowMs` after it was taken).
   */
  takeRateSlot(key: string, rate: { limit: number; windowMs: number }): Promise<RateSlot>;
  readSharedToken(name: string): Promise<SharedTokenRecord | undefined>;
  /**
   * One caller at a time across replicas: if `name`'s token is still `stale` (or absent, or past its
   * renewal), runs `login` and stores its token; otherwise returns the one stored meanwhile.
   */
  renewSharedToken(name: string, stale: string | undefined, login: () => Promise<SharedTokenRecord>): Promise<SharedTokenRecord>;
}
