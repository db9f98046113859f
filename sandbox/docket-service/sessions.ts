import { randomBytes } from "node:crypto";
import type { Clock } from "../../src/clock.ts";

/** Spec Authentication 2 and Limits: a login token is valid 90 minutes from issue. */
export const TOKEN_LIFETIME_MS = 90 * 60_000;

export interface SandboxUser {
  username: string;
  password: string;
  /** Callback URL for pushes; may embed basic-auth credentials (spec Authentication 5). */
  pushUrl?: string;
}

export const DEMO_USER: SandboxUser = { username: "demo", password: "demo" };

interface Session {
  username: string;
  expiresAt: number;
}

/**
 * Accounts and their login tokens. Tokens are random (not derived from the seed): a client must
 * never be able to predict or reuse one across emulator runs.
 */
export class Sessions {
  readonly #clock: Clock;
  readonly #users = new Map<string, SandboxUser>();
  readonly #tokens = new Map<string, Session>();
  #logins = 0;

  constructor(clock: Clock, users: readonly SandboxUser[]) {
    this.#clock = clock;
    for (const u of users) this.#users.set(u.username, { ...u });
  }

  /** Returns a fresh token, or undefined when the credentials are wrong. */
  login(username: string, password: string): string | undefined {
    const user = this.#users.get(username);
    if (!user || user.password !== password) return undefined;
    const token = randomBytes(24).toString("hex");
    this.#logins++;
    this.#tokens.set(token, { username, expiresAt: this.#clock.now() + TOKEN_LIFETIME_MS });
    return token;
  }

  /** Successful logins so far (login/ is not a call, so the ledger does not show them). */
  get logins(): number {
    return this.#logins;
  }

  /** The user a token belongs to; `expired` is distinguished so the error text can say so. */
  check(token: string | undefined): { user: SandboxUser } | { problem: "missing" | "unknown" | "expired" } {
    if (!token) return { problem: "missing" };
    const session = this.#tokens.get(token);
    if (!session) return { problem: "unknown" };
    if (this.#clock.now() >= session.expiresAt) return { problem: "expired" };
    const user = this.#users.get(session.username);
    return user ? { user } : { problem: "unknown" };
  }

  /** Test hook: every token issued so far stops working (as if 90 minutes had passed). */
  expireAll(): void {
    for (const s of this.#tokens.values()) s.expiresAt = Number.NEGATIVE_INFINITY;
  }

  user(username: string): SandboxUser | undefined {
    return this.#users.get(username);
  }

  setPushUrl(username: string, url: string | undefined): void {
    const user = this.#users.get(username);
    if (!user) throw new Error(`no sandbox user named ${username}`);
    user.pushUrl = url;
  }
}
