/**
 * Alerts (issue 5): the service's pushes come in through the intake route (intake/), are stored
 * durably, and the outbox (outbox/) posts them to the channels linked to their matter;
 * `/docket alerts` shows admins the delivery state (alerts-command.ts). Intake and outbox meet
 * here: a new push with deliveries wakes the outbox at once instead of at its next poll. Channel
 * digests (digest/) run beside the outbox, scheduled from the store, over the same Slack client.
 *
 *   const alerts = createAlerts({ store, clock, logger, metrics, siteUrl, admins, push, slack });
 *   mountFor(http, alerts.ownsPath, alerts.router); // before the Slack receiver, as PUSH_PATH is ours
 *   await alerts.start();             // after Slack's auth.test: resumes what a crash interrupted
 *   await alerts.drain(graceMs);      // shutdown, while the server closes: pushes get 503 meanwhile
 *   await alerts.stop();              // after the server closed, before the store closes
 */
import type { HolidayCalendar } from "../../court/rules/holidays.ts";
import type { AlertAddOns } from "../../slack/alert-add-ons.ts";
import { Router } from "express";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import type { Metrics } from "../../metrics/metrics.ts";
import { timedFetch } from "../../slack/timed-fetch.ts";
import { boltLogger } from "../../slack/bolt-logger.ts";
import { createRunPoster } from "../../slack/run-poster.ts";
import { createDigestScheduler, DIGEST_EVENT_TYPE, type DigestScheduler } from "./digest/scheduler.ts";
import { createPushRouter, type PushIntake, type PushRouteOptions } from "./intake/route.ts";
import { createPushParser, type PushParser } from "./intake/push-parser.ts";
import { createOutbox, createOutboxSlackClient, type Outbox, type OutboxPolicy } from "./outbox/index.ts";
import type { AlertsStore } from "./deps.ts";
import type { ChannelRef } from "../../store/store.ts";

export type { AlertsHandlerDeps, AlertsStore } from "./deps.ts";

export { registerAlerts } from "./register-alerts.ts";
/** The case an alert root names in its Mute menu (Q&A reads it to answer a mention in the thread). */
export { snoozeBlockCase } from "./views/alert-controls.ts";
export { registerDigestCommand } from "./digest/digest-command.ts";
export type { PushRouteOptions } from "./intake/route.ts";
export type { Outbox } from "./outbox/index.ts";
export type { DigestScheduler } from "./digest/scheduler.ts";

export interface AlertsDeps {
  store: AlertsStore;
  clock: Clock;
  logger: Logger;
  metrics?: Metrics | undefined;
  /** The service's `{site_url}`: alerts link there, and only there. */
  siteUrl: string;
  /** The legal-holiday calendar court dates are counted on (FRCP 6(a)); made once in main.ts. */
  holidays?: HolidayCalendar | undefined;
  /** What features do when an alert is delivered, and say under its filings (slack/alert-add-ons.ts). */
  addOns?: AlertAddOns | undefined;
  /** Slack user ids told about dead and overdue alerts (DOCKETBOT_ADMINS). */
  admins: readonly string[];
  /** The push route; undefined when pushes are off (no PUSH_USERNAME / PUSH_PASSWORD). */
  push?: PushRouteOptions | undefined;
  /**
   * Where alerts are posted. The outbox gets its OWN Web API client from these, with retries off
   * and 429s handed back (the outbox owns retrying). Undefined when Slack is not configured:
   * pushes are still stored (and answered 200), and posted once a bot with Slack runs.
   */
  slack?: { botToken: string; apiUrl: string } | undefined;
  policy?: Partial<OutboxPolicy> | undefined;
}

export interface Alerts {
  /** Mount on the HTTP app: the push route, or a router that passes everything on when pushes are off. */
  readonly router: Router;
  /** The paths `router` answers (none when pushes are off): for http/app.ts mountFor. */
  ownsPath(path: string): boolean;
  /** The dispatcher, for its stats; undefined without Slack. */
  readonly outbox: Outbox | undefined;
  /** Scheduled digests (issue 12, item 6); undefined without Slack. notify() after settings change. */
  readonly digests: DigestScheduler | undefined;
  /** Pushes being read, stored or answered now. */
  readonly pushesInFlight: number;
  /** Look at the store now (a matter linked releases held pushes; an admin requeued dead ones). */
  notify(): void;
  /** Starts the outbox (what a crash left in flight is resumed when its channel's lane is claimed) and the schedules. */
  start(): Promise<void>;
  /**
   * For shutdown, while the HTTP server closes: new pushes get 503 (the service retries), and this
   * resolves true once every push in flight is stored and answered, or false after `timeoutMs`.
   */
  drain(timeoutMs: number): Promise<boolean>;
  /** Finishes or parks the alerts being posted; call before the store closes. */
  stop(): Promise<void>;
}

export function createAlerts(deps: AlertsDeps): Alerts {
  const { store, clock, metrics } = deps;
  let outbox: Outbox | undefined;
  let digests: DigestScheduler | undefined;
  if (deps.slack) {
    const logger = deps.logger.child({ component: "outbox" });
    const client = createOutboxSlackClient({ botToken: deps.slack.botToken, apiUrl: deps.slack.apiUrl, logger: boltLogger(logger), fetch: metrics ? timedFetch(metrics) : undefined });
    outbox = createOutbox({ store, clock, metrics, logger, siteUrl: deps.siteUrl, holidays: deps.holidays, addOns: deps.addOns, admins: deps.admins, policy: deps.policy, slack: client });
    // Digests go over the same client (retries off: the scheduler retries from the store).
    digests = createDigestScheduler({
      store, clock, siteUrl: deps.siteUrl, logger: deps.logger.child({ component: "digest" }), poster: createRunPoster(client, { eventType: DIGEST_EVENT_TYPE }),
    });
  }
  const notify = (channels?: readonly ChannelRef[]) => outbox?.notify(channels);

  let intake: PushIntake | undefined;
  let parser: PushParser | undefined;
  if (deps.push) {
    const logger = deps.logger.child({ component: "push" });
    // Bodies over ~1 MB are parsed in a worker thread started by the first of them and ended when idle (push-parser.ts).
    parser = createPushParser({ logger });
    intake = createPushRouter({
      ...deps.push, store, clock, metrics, logger, parser,
      // Held and quarantined pushes have no deliveries: nothing to post until a matter is linked.
      onStored: (event) => {
        if (event.deliveries > 0) notify(event.channels);
      },
    });
  }

  return {
    router: intake?.router ?? Router(),
    ownsPath: (path) => intake?.ownsPath(path) ?? false,
    outbox,
    digests,
    get pushesInFlight() {
      return intake?.inFlight ?? 0;
    },
    notify: () => notify(),
    async start() {
      await outbox?.start();
      digests?.start();
    },
    async drain(timeoutMs) {
      return (await intake?.drain(timeoutMs)) ?? true;
    },
    async stop() {
      await Promise.all([outbox?.stop(), digests?.stop(), parser?.close()]);
    },
  };
}
