/**
 * Once across replicas (issue 17 item 3): "has anyone handled this yet?" answered by the database,
 * so that a Slack event retried to another replica, or sent twice (message and app_mention), is
 * answered once by the whole deployment, not once per process.
 */
export interface OnceKey {
  /** What kind of thing (a bounded set: "qa-message", …). */
  scope: string;
  key: string;
}

export interface OnceDesk {
  /**
   * true for the first caller (in any replica) to ask about `key` within `ttlMs`; false for the rest.
   * One atomic statement: two replicas asking at once get one true.
   */
  claimOnce(key: OnceKey, ttlMs: number): Promise<boolean>;
  /** Frees `key` at once (what it stood for is over, or did not happen): the next claimOnce wins. */
  forgetOnce(key: OnceKey): Promise<void>;
}
