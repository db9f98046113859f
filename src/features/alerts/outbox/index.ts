/** The delivery outbox (issue 5, Delivery): stored pushes to Slack, paced, retried, crash-safe. */
export { createOutbox, type Outbox, type OutboxDeps, type OutboxRuntimeStats } from "./dispatcher.ts";
export type { OutboxMetrics, Overdue } from "./attempt.ts";
export { DEFAULT_OUTBOX_POLICY, outboxPolicy, type OutboxPolicy } from "./policy.ts";
export { ALERT_EVENT_TYPE, createOutboxSlackClient, createSlackPoster, type AlertMetadata, type SlackPoster } from "./slack-poster.ts";
