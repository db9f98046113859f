/**
 * Every knob of the outbox, with defaults (DEVELOPERS.md, Style: inject a policy instead of
 * branching on the environment). Tests shorten nothing: they drive a FakeClock instead.
 */
import type { RoutinePattern } from "../views/routine.ts";
import { DEFAULT_BACKOFF, DEFAULT_RATE_LIMIT, type BackoffPolicy, type RateLimitPolicy } from "./backoff.ts";
import { DEFAULT_THREAD_ENTRIES } from "./push-plan.ts";
import { DEFAULT_LOOKUP, type LookupOptions } from "./recovery.ts";

export interface OutboxPolicy {
  /**
   * Least time between two messages posted to one channel, measured from Slack's answer to the
   * previous one (docs.slack.dev/apis/web-api/rate-limits: chat.postMessage allows 1 message per
   * second per channel). Every chat.postMessage counts (a case root and a thread reply are both
   * messages in that channel); chat.update and history reads do not (other tiers, per method).
   */
  minPostIntervalMs: number;
  backoff: BackoffPolicy;
  rateLimit: RateLimitPolicy;
  /** Past this age since queued, a delivery still retrying is reported to admins (log, DM, stats). */
  maxRetryAgeMs: number;
  /** The dispatcher looks at the store at least this often (deliveries made by a link or a Retry click). */
  pollIntervalMs: number;
  /**
   * Least time between two passes started by other replicas' wake-ups (wake-coalescing.ts): a
   * burst of their pushes is read once, not once per push. Our own pushes wake at once.
   */
  wakeGapMs: number;
  lookup: LookupOptions;
  /**
   * How long a channel's lane is held without renewal (issue 17 item 2): a replica that dies holding
   * it delays that channel by up to this long, and another replica then takes it over. Renewed
   * before every post, so it must outlast the slowest Slack call and history lookup.
   */
  laneLeaseMs: number;
  /**
   * Look a resumed delivery up in Slack before posting it again (recovery.ts). Always on in
   * service; only the replicas test turns it off, to prove that without it alerts are doubled.
   */
  lookupOnResume: boolean;
  /** Entries folded into the "+4 routine filings" line. */
  routine?: readonly RoutinePattern[] | undefined;
  /** Most messages one push's thread reply becomes in one channel. */
  maxMessagesPerAlert: number;
  /**
   * Entries of a push shown (and recorded as filings) in its thread reply: the newest. A bigger
   * push is counted, and the reply links the full docket (issue 12: bounded work per push).
   */
  threadEntries: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  minPostIntervalMs: 1_000,
  backoff: DEFAULT_BACKOFF,
  rateLimit: DEFAULT_RATE_LIMIT,
  maxRetryAgeMs: 60 * 60_000,
  pollIntervalMs: 5_000,
  wakeGapMs: 100,
  lookup: DEFAULT_LOOKUP,
  laneLeaseMs: 30_000,
  lookupOnResume: true,
  routine: undefined,
  maxMessagesPerAlert: 10,
  threadEntries: DEFAULT_THREAD_ENTRIES,
};

export function outboxPolicy(overrides: Partial<OutboxPolicy> = {}): OutboxPolicy {
  return { ...DEFAULT_OUTBOX_POLICY, ...overrides };
}
