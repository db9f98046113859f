/**
 * The delivery state machine (issue 5, Delivery; alert-records.ts DeliveryState), as ONE table of
 * the moves a delivery may make. Every statement that changes a delivery's state (deliveries.ts,
 * lanes.ts, matters.ts) takes its SET and WHERE from here, so no write can make a move the table
 * does not list: the conditional UPDATE simply matches nothing.
 *
 *   pending ──claim──▶ in_flight ──sent──▶ sent                      (final)
 *      ▲  ◀──retry / resume──┘   └─park──▶ dead ──dismiss──▶ dismissed (final)
 *      └──────────────revive (an admin's Retry)──┘
 *
 * - sent and dismissed are final: nothing moves a delivery out of them;
 * - dead (parked: a permanent refusal, a fault past its bound, an unlinked matter) moves only by an
 *   admin: Retry (revive) or Dismiss; the outbox never picks it up, so it never heads a lane;
 * - the lane head is the oldest pending or in-flight delivery of a channel (OPEN below).
 */
import type { DeliveryState } from "../store.ts";

export const DELIVERY_STATES: readonly DeliveryState[] = ["pending", "in_flight", "sent", "dead", "dismissed"];

/** States a channel's lane works through, oldest first; every other state is out of the queue. */
export const OPEN_STATES: readonly DeliveryState[] = ["pending", "in_flight"];

export interface Transition {
  readonly from: readonly DeliveryState[];
  readonly to: DeliveryState;
}

/** Every move a delivery may make, by the name of the write that makes it. */
export const TRANSITIONS = {
  /** markInFlight: the outbox takes the lane's head. */
  claim: { from: ["pending"], to: "in_flight" },
  /** markSent: Slack has it (pending too: a resumed delivery found already posted). */
  sent: { from: ["pending", "in_flight"], to: "sent" },
  /** markRetry: back in the queue, due later. */
  retry: { from: ["pending", "in_flight"], to: "pending" },
  /** markDead, and the last gate's matter_unlinked: out of the queue, kept for an admin. */
  park: { from: ["pending", "in_flight"], to: "dead" },
  /** unlinkMatter: the channel's queued deliveries of that matter (an in-flight one is parked at its next write). */
  unlink: { from: ["pending"], to: "dead" },
  /** claimLane: what a dead holder left in flight, back in the queue (looked up in Slack first). */
  resume: { from: ["in_flight"], to: "pending" },
  /** retryDead: an admin's Retry. */
  revive: { from: ["dead"], to: "pending" },
  /** dismissDead: an admin's Dismiss, kept with who and when (the audit trail). */
  dismiss: { from: ["dead"], to: "dismissed" },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

const quoted = (states: readonly DeliveryState[]) => states.map((s) => `'${s}'`).join(", ");

/** `state IN ('pending', 'in_flight')`: the open states, for a lane's head. */
export function openSql(column = "state"): string {
  return `${column} IN (${quoted(OPEN_STATES)})`;
}

/** The WHERE clause of a move: the delivery is in one of the states it may leave from. */
export function fromSql(name: TransitionName, column = "state"): string {
  return `${column} IN (${quoted(TRANSITIONS[name].from)})`;
}

/** The SET clause of a move. */
export function toSql(name: TransitionName): string {
  return `state = '${TRANSITIONS[name].to}'`;
}

/** The state after `name` from `state`, or undefined when the table does not allow it. */
export function nextState(state: DeliveryState, name: TransitionName): DeliveryState | undefined {
  const t: Transition = TRANSITIONS[name];
  return t.from.includes(state) ? t.to : undefined;
}
