/** The outbox's knobs that matter when several replicas share a PostgreSQL database (issue 17). */
import { wholeNumber, yesNo, type ParsedOf, type Settings } from "./setting.ts";

export const OUTBOX_SETTINGS = {
  OUTBOX_LANE_LEASE_MS: {
    hint: "optional: how long, in milliseconds, a channel's alerts wait for a replica that died holding them before another takes over, a whole number from 1000 to 600000 (default 30000)",
    schema: wholeNumber(1000, 600_000).default(30_000),
    echo: true,
  },
  OUTBOX_POLL_MS: {
    hint: "optional: how often, in milliseconds, the outbox looks for work it was not woken for, a whole number from 100 to 60000 (default 5000)",
    schema: wholeNumber(100, 60_000).default(5000),
    echo: true,
  },
  DOCKETBOT_TEST_NO_RESUME_LOOKUP: {
    hint: "tests only: true posts resumed alerts without looking in Slack first (it doubles alerts); leave unset",
    schema: yesNo().default(false),
    echo: true,
  },
} as const satisfies Settings;

export interface OutboxConfig {
  /** OUTBOX_LANE_LEASE_MS: how long a channel's lane stays with a replica that stopped renewing it. */
  readonly laneLeaseMs: number;
  /** OUTBOX_POLL_MS: the poll behind LISTEN/NOTIFY wake-ups. */
  readonly pollIntervalMs: number;
  /**
   * DOCKETBOT_TEST_NO_RESUME_LOOKUP: TESTS ONLY. Posts a resumed alert without first looking in
   * Slack for what a dead replica posted, so the replicas test can prove that lookup is needed.
   */
  readonly lookupOnResume: boolean;
}

export function outboxConfig(e: ParsedOf<typeof OUTBOX_SETTINGS>): OutboxConfig {
  return { laneLeaseMs: e.OUTBOX_LANE_LEASE_MS, pollIntervalMs: e.OUTBOX_POLL_MS, lookupOnResume: !e.DOCKETBOT_TEST_NO_RESUME_LOOKUP };
}
