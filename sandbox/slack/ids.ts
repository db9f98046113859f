import { randomBytes } from "node:crypto";
import type { Clock } from "../../src/clock.ts";

/**
 * Identifiers in Slack's formats. Message timestamps are "seconds.micro" strings taken from the
 * clock ("1700000000.000100"), strictly increasing so they order and key messages as Slack's do
 * (https://docs.slack.dev/messaging/retrieving-messages: ts is unique per channel).
 */
export class SlackIds {
  readonly #clock: Clock;
  #lastSec = 0;
  #lastMicro = 0;
  #counters = new Map<string, number>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** The next message ts: the clock's second, with a micro part that steps by 100. */
  ts(): string {
    const sec = Math.floor(this.#clock.now() / 1000);
    if (sec > this.#lastSec) {
      this.#lastSec = sec;
      this.#lastMicro = 100;
    } else {
      this.#lastMicro += 100;
      if (this.#lastMicro > 999_999) {
        this.#lastSec += 1;
        this.#lastMicro = 100;
      }
    }
    return `${this.#lastSec}.${String(this.#lastMicro).padStart(6, "0")}`;
  }

  /** Seconds on the clock, for event_time, created and the like. */
  seconds(): number {
    return Math.floor(this.#clock.now() / 1000);
  }

  /** "F0000001"-style ids: prefix plus a per-prefix counter in base 36. */
  next(prefix: string): string {
    const n = (this.#counters.get(prefix) ?? 0) + 1;
    this.#counters.set(prefix, n);
    return `${prefix}${n.toString(36).toUpperCase().padStart(7, "0")}`;
  }

  /** Trigger ids look like "1700000000123.1.3f2a9c0d5e": time, sequence, random. */
  trigger(): string {
    return `${this.#clock.now()}.${this.#count("trigger")}.${randomBytes(6).toString("hex")}`;
  }

  /** An unguessable path segment (response_url and upload URLs). */
  secret(): string {
    return randomBytes(12).toString("base64url");
  }

  #count(key: string): number {
    const n = (this.#counters.get(key) ?? 0) + 1;
    this.#counters.set(key, n);
    return n;
  }
}

/** Slack's permalink form of a ts: "p" + the digits without the dot. */
export function permalinkTs(ts: string): string {
  return `p${ts.replace(".", "")}`;
}
