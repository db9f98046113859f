/**
 * What a failed delivery attempt was, for what happens next (attempt.ts). One reading for every
 * error an attempt can meet: Slack's (the one classifier, slack/slack-errors.ts) and the store's
 * (StoreError codes); anything else is a fault of ours.
 *
 * - wait (429) and outage (5xx, network, Slack's try-again codes; the database busy or closing):
 *   retried without bound, since nothing is wrong with the alert (a Slack outage must not drop one);
 *   past the max retry age admins are told;
 * - fault (a code Slack does not document as try-again, a store write the database refuses, a bug):
 *   retried `maxFaults` times, then parked, so that no error can hold its channel's lane forever;
 * - refused (the channel or token cannot take posts) and rejected (Slack refused the message):
 *   parked at once, since sending the same thing again cannot help.
 */
import { StoreErrorCode, isStoreError } from "../../../store/errors.ts";
import { SlackCallError, slackOutage } from "../../../slack/slack-errors.ts";

export type FailureClass = "wait" | "outage" | "fault" | "refused" | "rejected";

export interface Failure {
  class: FailureClass;
  /** A stable code: Slack's, the store's, or ours (internal_error). */
  code: string;
  /** The call that failed (Slack's method, the store's operation, or `outbox`). */
  method: string;
  retryAfterSec?: number | undefined;
  /** The error's own words, for the log and the delivery's last_error (never shown in Slack). */
  detail: string;
}

/** The database is there but busy, or the process is closing it: worth waiting for. */
const STORE_WAIT: ReadonlySet<string> = new Set([StoreErrorCode.Busy, StoreErrorCode.Closed]);

const detailOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

export function classifyFailure(e: unknown): Failure {
  const detail = detailOf(e);
  if (e instanceof SlackCallError) {
    const base = { code: e.code, method: e.method, detail };
    if (e.kind === "rate_limited") return { ...base, class: "wait", retryAfterSec: e.retryAfterSec };
    if (e.kind === "permanent") return { ...base, class: "refused" };
    if (e.kind === "rejected") return { ...base, class: "rejected" };
    return { ...base, class: slackOutage(e) ? "outage" : "fault" };
  }
  if (isStoreError(e)) return { class: STORE_WAIT.has(e.code) ? "outage" : "fault", code: e.code, method: e.operation, detail };
  return { class: "fault", code: "internal_error", method: "outbox", detail };
}
