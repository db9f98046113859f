import { SlackApiError } from "./api-context.ts";
import type { SlackIds } from "./ids.ts";

/**
 * trigger_ids: handed out with every interaction, exchangeable once, within 3 seconds
 * (https://docs.slack.dev/interactivity/handling-user-interaction#modal_responses). Age is real
 * elapsed time (a stopwatch, performance.now by default), not the workspace clock: Slack times the
 * app, and the app runs in real time.
 */
export class Triggers {
  readonly #ids: SlackIds;
  readonly #ttlMs: number;
  readonly #stopwatch: () => number;
  readonly #issued = new Map<string, { user: string; at: number; used: boolean; expired: boolean }>();

  constructor(ids: SlackIds, ttlMs: number, stopwatch: () => number) {
    this.#ids = ids;
    this.#ttlMs = ttlMs;
    this.#stopwatch = stopwatch;
  }

  issue(user: string): string {
    const id = this.#ids.trigger();
    this.#issued.set(id, { user, at: this.#stopwatch(), used: false, expired: false });
    return id;
  }

  /** Uses up a trigger; returns the user it was issued for. Errors are views.open's. */
  exchange(id: string | undefined): string {
    const trigger = id === undefined ? undefined : this.#issued.get(id);
    if (!trigger) throw new SlackApiError("invalid_trigger_id");
    if (trigger.used) throw new SlackApiError("exchanged_trigger_id");
    if (trigger.expired || this.#stopwatch() - trigger.at > this.#ttlMs) throw new SlackApiError("expired_trigger_id");
    trigger.used = true;
    return trigger.user;
  }

  /** Every trigger issued so far expires (tests of late views.open without waiting 3 s). */
  expireAll(): void {
    for (const trigger of this.#issued.values()) trigger.expired = true;
  }
}
