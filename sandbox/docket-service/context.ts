import type { Clock } from "../../src/clock.ts";
import type { Corpus } from "./corpus/types.ts";
import type { Engines } from "./engines.ts";
import type { Faults } from "./faults.ts";
import type { Ledger } from "./ledger.ts";
import type { LiveCourt } from "./live-court.ts";
import type { PushDelivery } from "./push-delivery.ts";
import type { PushScheduler } from "./push-scheduler.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { Sessions } from "./sessions.ts";
import type { Trackers } from "./trackers.ts";
import type { SiteUrls } from "./urls.ts";

export interface SandboxLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Everything a route handler may use; built once by startDocketService. */
export interface ServiceContext {
  clock: Clock;
  corpus: Corpus;
  engines: Engines;
  sessions: Sessions;
  limiter: RateLimiter;
  ledger: Ledger;
  faults: Faults;
  urls: SiteUrls;
  live: LiveCourt;
  trackers: Trackers;
  pushes: PushDelivery;
  scheduler: PushScheduler;
  logger: SandboxLogger;
  latency: { searchpacer: number; default: number };
  /** Simulated court latency on the injected clock; cut short when the service closes. */
  courtDelay(ms: number): Promise<void>;
  /** Real-time delay for `faults.delayNext` (client timeouts run on real sockets). */
  realDelay(ms: number): Promise<void>;
}
