import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import express from "express";
import { systemClock, type Clock } from "../../src/clock.ts";
import type { ApiContext } from "./api-context.ts";
import { apiRouter } from "./api-router.ts";
import { BotClient, type Delivery } from "./bot-client.ts";
import { messageEvent } from "./event-payloads.ts";
import type { DemoAction } from "./page/demo.ts";
import { DOCKETBOT_FEATURES } from "./page/features.ts";
import { pageRoutes } from "./page/routes.ts";
import { SlackFaults } from "./faults.ts";
import { fileRoutes } from "./file-routes.ts";
import { SlackIds } from "./ids.ts";
import { ResponseUrls, type ResponseUrlPost } from "./response-urls.ts";
import { createSenders, type Senders } from "./senders.ts";
import { WorkspaceState, type SlackStateView } from "./state.ts";
import { Triggers } from "./triggers.ts";
import type { ApiCall } from "./types.ts";
import { waitFor, type WaitOptions } from "./wait-for.ts";
import { BOT, type SlackChannel, type SlackUser } from "./workspace.ts";

/**
 * A local stand-in for Slack, on loopback, for the bot's end-to-end tests and the local demo.
 * - The Web API at `apiUrl` (the bot's SLACK_API_URL): Slack's methods, response shapes and error
 *   codes (methods/), token checks, Block Kit checks, injectable faults; every call recorded.
 * - The other direction: `send*()` and `postUserMessage()` make the signed requests Slack makes to
 *   the bot's request URL, time the acknowledgement, and honour its answer (senders.ts).
 * - response_url endpoints, upload URLs and file downloads, served by the same HTTP server.
 * - An in-memory workspace (state.ts), readable through `state`.
 * - A web page at `baseUrl` (page/, web/): Slack's client, enough of it to use the app by hand.
 *
 *   const slack = await startSlackStandIn({ signingSecret, botToken, botUrl });
 *   await slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: "U0MEMBER", channel: "C0ACME" });
 *   await slack.waitFor(() => slack.state.ephemerals("U0MEMBER").length > 0);
 */
export interface SlackStandInOptions {
  signingSecret: string;
  /** The only token the Web API accepts (anything else: invalid_auth). */
  botToken: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The bot's request URL (e.g. `http://127.0.0.1:3000/slack/events`); or setBotUrl() later. */
  botUrl?: string;
  /** Workspace time: message ts, event_time, response_url lifetime, latency faults. Default: system. */
  clock?: Clock;
  /** trigger_id lifetime in real milliseconds; default 3000. */
  triggerTtlMs?: number;
  /** Real-time source for trigger expiry; default performance.now. */
  stopwatch?: () => number;
  /** An ack later than this is late (Slack: 3000 ms). */
  ackDeadlineMs?: number;
  /** How long the stand-in waits for any answer before giving up; default 15000. */
  ackWaitMs?: number;
  /** Deliver `message` events for the bot's own posts, as Slack does; default true. */
  echoBotMessages?: boolean;
  /** Hosts whose links produce link_shared events (the app's unfurl domains). */
  unfurlDomains?: string[];
}

export interface SlackStandIn extends Senders {
  /** `http://host:port/` */
  readonly baseUrl: string;
  /** `http://host:port/api/`: the bot's SLACK_API_URL. */
  readonly apiUrl: string;
  readonly state: SlackStateView;
  /** Every Web API call, oldest first. */
  readonly calls: readonly ApiCall[];
  /** Every POST to a response_url, oldest first (rejected ones included). */
  readonly responses: readonly ResponseUrlPost[];
  /** Every request sent to the bot, oldest first (echoed bot messages included). */
  readonly deliveries: readonly Delivery[];
  readonly faults: SlackFaults;
  /** The express app, for routes added on top. */
  readonly app: express.Express;
  /** The web page's "Demo controls" (none until set). */
  setDemoActions(actions: readonly DemoAction[]): void;
  callsTo(method: string): ApiCall[];
  setBotUrl(url: string | undefined): void;
  archiveChannel(id: string): void;
  unarchiveChannel(id: string): void;
  removeBotFrom(id: string): void;
  addBotTo(id: string): void;
  /** Adds a conversation the seed lacks, e.g. a DM between two people (the bot not in it). */
  addConversation(channel: SlackChannel): void;
  /**
   * Adds a person the seed lacks (e.g. PARTNER_USER, a Slack Connect partner) as a member of
   * `channels`, which then count as shared. The seed stays as it is for tests that count members.
   */
  addUser(user: SlackUser, channels?: readonly string[]): void;
  /** Every trigger_id issued so far expires now. */
  expireTriggers(): void;
  waitFor<T>(predicate: () => T | undefined | null | false, options?: WaitOptions): Promise<T>;
  close(): Promise<void>;
}

export async function startSlackStandIn(options: SlackStandInOptions): Promise<SlackStandIn> {
  const clock = options.clock ?? systemClock;
  const closing = new AbortController();
  const ids = new SlackIds(clock);
  const state = new WorkspaceState();
  const faults = new SlackFaults();
  const calls: ApiCall[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let botUrl = options.botUrl;
  let demoActions: readonly DemoAction[] = [];

  const app = express();
  app.disable("x-powered-by");
  const host = options.host ?? "127.0.0.1";
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const baseUrl = `http://${host}:${(server.address() as AddressInfo).port}/`;

  const client = new BotClient({
    signingSecret: options.signingSecret, clock, closing: closing.signal,
    ackDeadlineMs: options.ackDeadlineMs ?? 3000, ackWaitMs: options.ackWaitMs ?? 15_000, botUrl: () => botUrl,
  });
  const ctx: ApiContext = {
    state, ids, clock, baseUrl, unfurls: new Map(),
    triggers: new Triggers(ids, options.triggerTtlMs ?? 3000, options.stopwatch ?? (() => performance.now())),
    echo: (channel, message) => {
      if (options.echoBotMessages === false || !client.hasBot || closing.signal.aborted) return;
      if (!state.channelRef(channel)?.members.has(BOT.userId)) return;
      const event = messageEvent({ state, ids, unfurls: ctx.unfurls }, channel, message);
      // In the background, like Slack: the API call that posted the message does not wait for it.
      const sent = senders.sendEvent(event).catch(() => undefined);
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    },
  };
  const responseUrls = new ResponseUrls(ctx, faults);
  const senders: Senders = createSenders({
    ctx, client, responseUrls, unfurlDomains: options.unfurlDomains ?? [],
    payloadDeps: { state, ids, triggers: ctx.triggers, responseUrls },
  });

  app.use(apiRouter({ ctx, botToken: options.botToken, faults, calls, closing: closing.signal }));
  app.use(fileRoutes(state.fileStore, options.botToken));
  app.use(responseUrls.router());
  app.use(pageRoutes({ state, senders, features: DOCKETBOT_FEATURES, demoActions: () => demoActions }));

  return {
    ...senders,
    baseUrl,
    apiUrl: `${baseUrl}api/`,
    state,
    calls,
    responses: responseUrls.posts,
    deliveries: client.deliveries,
    faults,
    app,
    callsTo: (method) => calls.filter((c) => c.method === method),
    setBotUrl: (url) => {
      botUrl = url;
    },
    setDemoActions: (actions) => {
      demoActions = [...actions];
    },
    archiveChannel: (id) => state.setArchived(id, true),
    unarchiveChannel: (id) => state.setArchived(id, false),
    removeBotFrom: (id) => state.setMember(id, BOT.userId, false),
    addBotTo: (id) => state.setMember(id, BOT.userId, true),
    addConversation: (channel) => state.addChannel(channel),
    addUser: (user, channels = []) => {
      state.addUser(user);
      for (const channel of channels) state.setMember(channel, user.id, true);
    },
    expireTriggers: () => ctx.triggers.expireAll(),
    waitFor,
    close: async () => {
      closing.abort(new Error("The Slack stand-in is closing"));
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
