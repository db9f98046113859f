/**
 * One fresh system per run of the promise test: the sandbox harness's two stand-ins (startServices,
 * the one description of the wiring) and docketbot composed by src/main.ts `start`, on SQLite (in
 * memory) or on PostgreSQL in a schema of its own (created here, dropped on close), with the
 * workspace's third channel and person. The bot alone runs on a warp clock: each sleep returns
 * after ~2 ms and moves the bot's time on by what it asked for, so the outbox's one-post-a-second
 * pacing and retry backoffs cost no real time, while Slack's response_urls and triggers keep real
 * time. Budgets are per UTC month; a run moves the bot's clock by hours at most.
 */
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import pg from "pg";
import { pino } from "pino";
import type { Clock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config/index.ts";
import { start, type Docketbot } from "../../src/main.ts";
import { startServices, type Services } from "../../sandbox/harness.ts";
import type { WorkspaceState } from "../../sandbox/slack/state.ts";
import type { SlackMessage } from "../../sandbox/slack/types.ts";
import { BOT } from "../../sandbox/slack/workspace.ts";
import { testStoreUrl } from "../store/contract/stores.ts";
import { ADMIN, ADMINS, CHANNEL_NAMES, OLA } from "./model.ts";

export const PUSH = { username: "hook", password: "promise-push-pw" } as const;
export const PUBLIC_URL = "https://docketbot.example.com/";

/**
 * The bot's clock. A sleep of at most `maxWarpMs` (the outbox's pacing, Slack's Retry-After floor,
 * the first retries) returns after ~2 ms and moves the bot's time to that sleep's deadline (the
 * latest deadline reached, so sleepers running side by side do not add up). A longer sleep keeps
 * real time, as on the system clock: those are the idle waits (the outbox's poll, digests' and
 * reminders' passes, the daily reconciliation), and warping them ran the bot's clock months ahead
 * within one run (every pass loop re-arming at once), renewing the login token every few ms until
 * the service's 10-logins-a-minute window held a renewal, and with it (PostgreSQL) a transaction
 * the schema's DROP waited on. `maxWarpMs` stays under the lane lease (30 s), so no warp can
 * expire a lease held across a Slack call.
 */
export function warpClock(maxWarpMs = 10_000): Clock & { offset: number } {
  const c = {
    offset: 0,
    now: () => Date.now() + c.offset,
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const deadline = c.now() + ms;
        const warp = ms <= maxWarpMs;
        const t = setTimeout(() => {
          if (warp) c.offset = Math.max(c.offset, deadline - Date.now());
          resolve();
        }, warp ? Math.min(ms, 2) : Math.min(ms, 2 ** 31 - 1));
        signal?.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
      });
    },
  };
  return c;
}

/** Every message of a conversation, thread replies included (the stand-in's state has them; its view type does not say so). */
export const allMessages = (s: System, channel: string): SlackMessage[] => (s.slack.state as unknown as WorkspaceState).allMessages(channel);

export interface System extends Services {
  bot: Docketbot;
  clock: ReturnType<typeof warpClock>;
  /**
   * How long the bot took to answer each of Slack's requests, from its HTTP server's receipt of the
   * request to the end of its response (node:http's diagnostics channels, in this process): the
   * ack time that is the bot's, without the stand-in's signing and client on a loaded machine.
   */
  readonly slackAcks: { path: string; ms: number }[];
  /** POSTs a raw body to the bot's push route, as the service does. */
  push(body: string): Promise<number>;
  /** Until the outbox has nothing pending or under way (false when `timeoutMs` passed first). */
  drained(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Drops a run's schema. A bot whose stop() outlived its bound may still hold a transaction there
 * (DROP would wait on its locks for ever): its sessions with a lock in this schema, and only those,
 * are ended first, and the DROP waits at most 5 s.
 */
async function dropSchema(admin: pg.Pool, schema: string): Promise<void> {
  await admin.query(
    `SELECT pg_terminate_backend(l.pid) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND l.pid <> pg_backend_pid()`,
    [schema],
  ).catch(() => undefined);
  await admin.query("SET lock_timeout = '5s'").catch(() => undefined);
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
  await admin.end();
}

export async function startSystem(store: "SQLite" | "PostgreSQL", databaseUrl?: string): Promise<System> {
  const services = await startServices({
    secrets: { signingSecret: "promise-signing-secret-0123456789", botToken: "xoxb-promise-test-token", push: PUSH },
    admins: ADMINS,
  });
  let schema: string | undefined;
  let admin: pg.Pool | undefined;
  try {
    // The outbox's poll for work it was not woken for is an idle wait: real time (see warpClock).
    const env: Record<string, string> = { PROVIDERONE_KEY: "p1-promise-key-000111", LOG_LEVEL: "silent", PUBLIC_URL, OUTBOX_POLL_MS: "60000" };
    if (store === "PostgreSQL") {
      schema = `promise_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      admin = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(testStoreUrl(databaseUrl!));
      url.searchParams.set("options", `${url.searchParams.get("options")} -c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
    }
    const config = loadConfig(services.botEnv({ databasePath: ":memory:", env }), { require: { slack: true } });
    const clock = warpClock();
    const bot = await start(config, { host: "127.0.0.1", logger: pino({ level: process.env.LOG_LEVEL ?? "silent" }), clock });
    services.connectBot(bot.url, config.push.path);
    const port = Number(new URL(bot.url).port);
    const slackAcks: { path: string; ms: number }[] = [];
    const received = new WeakMap<IncomingMessage, number>();
    const onStart = (msg: unknown) => {
      const { request } = msg as { request: IncomingMessage };
      if (request.socket.localPort === port && request.url?.startsWith("/slack/")) received.set(request, performance.now());
    };
    const onFinish = (msg: unknown) => {
      const { request } = msg as { request: IncomingMessage };
      const t0 = received.get(request);
      if (t0 !== undefined) slackAcks.push({ path: request.url!, ms: performance.now() - t0 });
    };
    diagnostics.subscribe("http.server.request.start", onStart);
    diagnostics.subscribe("http.server.response.finish", onFinish);
    const { slack } = services;
    slack.addUser({ id: OLA, name: "ola.other", real_name: "Ola Other", is_admin: false, is_bot: false, tz: "Europe/Oslo" });
    slack.addConversation({
      id: "C0BETA", name: CHANNEL_NAMES.C0BETA!, is_im: false, is_private: false, is_archived: false, created: 1_700_000_000,
      creator: ADMIN, topic: "", purpose: "Beta deal", members: new Set([ADMIN, OLA, BOT.userId]),
    });
    slack.addConversation({
      id: "D0OLA", name: "", is_im: true, is_private: true, is_archived: false, created: 1_700_000_000, creator: OLA, user: OLA,
      topic: "", purpose: "", members: new Set([OLA, BOT.userId]),
    });
    const auth = `Basic ${Buffer.from(`${PUSH.username}:${PUSH.password}`).toString("base64")}`;
    return {
      ...services,
      bot,
      clock,
      slackAcks,
      async push(body) {
        const res = await fetch(`${bot.url}${config.push.path}`, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body });
        await res.arrayBuffer();
        return res.status;
      },
      async drained(timeoutMs = 4000) {
        const end = Date.now() + timeoutMs;
        while (Date.now() < end) {
          const s = await bot.store.outboxStats();
          const busy = s.byMatter.reduce((n, m) => n + m.pending + m.inFlight, 0);
          const o = bot.outbox!.stats();
          if (busy === 0 && o.activeLanes === 0 && o.slackCallsInFlight === 0) return true;
          await new Promise((r) => setTimeout(r, 10));
        }
        return false;
      },
      async close() {
        diagnostics.unsubscribe("http.server.request.start", onStart);
        diagnostics.unsubscribe("http.server.response.finish", onFinish);
        try {
          // A call waiting in the docket client's rate-limit window (real time, up to a minute) holds
          // stop(); the run is over, so stop in the background and close the stand-ins under it.
          const t0 = Date.now();
          await Promise.race([bot.stop().then(() => process.env.PROMISE_LOG && console.log(`bot stopped in ${Date.now() - t0} ms`)), new Promise((r) => setTimeout(r, 1500))]);
        } finally {
          const t1 = Date.now();
          await services.close();
          if (process.env.PROMISE_LOG) console.log(`services closed in ${Date.now() - t1} ms`);
          if (admin && schema) await dropSchema(admin, schema);
        }
      },
    };
  } catch (e) {
    await services.close();
    if (admin && schema) await dropSchema(admin, schema);
    throw e;
  }
}
