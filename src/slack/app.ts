/**
 * The Bolt app. Over HTTP, Bolt's ExpressReceiver mounts /slack/events (commands, interactivity and
 * events, one URL as in manifest.yml) on our own Express app, so Slack, pushes and /healthz share a
 * port. With SLACK_APP_TOKEN, Slack traffic uses Socket Mode instead (pushes still use HTTP).
 */
import { App, ExpressReceiver } from "@slack/bolt";
import type { Express } from "express";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { timeAcks, stampReceipt, receiptOf } from "./ack-timing.ts";
import { timedFetch } from "./timed-fetch.ts";
import { boltLogger } from "./bolt-logger.ts";
import { createInstallation, type Installation } from "./installation.ts";

export interface SlackAppOptions {
  botToken: string;
  signingSecret: string;
  appToken?: string | undefined;
  /** Slack Web API base (SLACK_API_URL). */
  apiUrl: string;
  /** Our HTTP app; /slack/events is mounted on it unless Socket Mode is on. */
  http: Express;
  logger: Logger;
  /** Ack latencies and Web API call times go here (docketbot_slack_*_seconds). */
  metrics?: Pick<Metrics, "observe"> | undefined;
}

export interface SlackApp {
  app: InstanceType<typeof App>;
  /** The workspace or org this app is installed in (installation.ts), known once start() has run. */
  installation: Installation;
  /** Verifies the token (auth.test) and, in Socket Mode, connects. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createSlackApp(options: SlackAppOptions): SlackApp {
  const logger = boltLogger(options.logger);
  const clientOptions = {
    slackApiUrl: options.apiUrl,
    // Handlers are interactive: a short, bounded retry suits a user waiting for an answer. The
    // alert outbox uses its own client with retries off (issue 5).
    retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2000 },
    ...(options.metrics ? { fetch: timedFetch(options.metrics) } : {}),
  };
  // convoStore: false drops Bolt's conversation-context middleware (context.conversation, kept in
  // process memory): nothing here reads it, it cannot be shared between replicas, and on every
  // request it looked the conversation up and, finding none, built and caught an Error.
  const common = { token: options.botToken, logger, clientOptions, deferInitialization: true, ignoreSelf: true, convoStore: false as const };
  const socketMode = options.appToken !== undefined;
  // Mounted before the receiver's own route, so the time is taken before the body is read.
  if (!socketMode && options.metrics) options.http.use("/slack/events", stampReceipt);
  const app = socketMode
    ? new App({ ...common, appToken: options.appToken, socketMode: true, signingSecret: options.signingSecret })
    : new App({
        ...common,
        receiver: new ExpressReceiver({
          signingSecret: options.signingSecret,
          app: options.http,
          endpoints: "/slack/events",
          logger,
          // Ack first, work after (Slack's 3-second rule): handlers call ack() before any slow work.
          processBeforeResponse: false,
          customPropertiesExtractor: receiptOf,
        }),
      });
  acknowledgeRateLimitNotices(app, options.logger);
  if (options.metrics) timeAcks(app, options.metrics);
  const installation = createInstallation();
  return {
    app,
    installation,
    async start() {
      await app.init();
      installation.learn(await app.client.auth.test());
      if (socketMode) await app.start();
    },
    async stop() {
      if (socketMode) await app.stop();
    },
  };
}

/**
 * `app_rate_limited` (docs.slack.dev/reference/events/app_rate_limited) is an envelope of its own,
 * not an event_callback: Bolt finds no type for it, calls no listener and never acks, so Slack got
 * a 404 after 3 s, and unanswered events count toward Slack disabling the app's event delivery.
 * It is acknowledged here, before Bolt's dispatch, and logged as a warning (events of that minute
 * are being dropped by Slack: an operator should know). Both receivers call app.processEvent, so
 * this covers HTTP and Socket Mode; the signature was already checked by the receiver.
 */
function acknowledgeRateLimitNotices(app: InstanceType<typeof App>, log: Logger): void {
  const dispatch = app.processEvent.bind(app);
  app.processEvent = async (event) => {
    const body = event.body as { type?: unknown; team_id?: unknown; minute_rate_limited?: unknown };
    if (body.type !== "app_rate_limited") return dispatch(event);
    await event.ack();
    log.warn(
      { component: "slack", team: body.team_id, minuteRateLimited: body.minute_rate_limited },
      "Slack is dropping this app's events for the rest of the minute (app_rate_limited: over 30,000 events per workspace per hour)",
    );
  };
}
