/**
 * One chaos run of issue 17 item 4: REPLICAS docketbot processes (src/main.ts, as `npm start`) on
 * one PostgreSQL schema behind a front door (front-door.ts), the docket-service emulator pushing
 * through it (a push whose replica died is sent again by the emulator's own retry policy), the
 * Slack stand-in sending `/docket search` commands through it faster than the search budget (so the
 * replicas must share it), and a random replica SIGKILLed every 2-4 s and started again. The
 * stand-in records every post it accepted, even one whose sender died before the answer.
 * Afterwards: what each channel shows, against what the store says it was sent, and what the
 * emulator saw (its push log, its ledger, its logins).
 */
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { systemClock } from "../../src/clock.ts";
import { openPostgresStore } from "../../src/store/postgres/postgres-store.ts";
import { defaultEngines } from "../../sandbox/docket-service/engines-default.ts";
import { DEFAULT_RATE_LIMITS } from "../../sandbox/docket-service/rate-limit.ts";
import type { EmuCase } from "../../sandbox/docket-service/corpus/types.ts";
import { startDocketService, type DocketService } from "../../sandbox/docket-service/server.ts";
import { DEMO_USER, TOKEN_LIFETIME_MS } from "../../sandbox/docket-service/sessions.ts";
import { startSlackStandIn } from "../../sandbox/slack/stand-in.ts";
import { startBotProcess } from "../helpers/bot-process.ts";
import { channelReport, CHANNELS, ENTRY, MATTERS, TEAM, type ChannelReport, type Matter } from "./channel-report.ts";
import { startFrontDoor } from "./front-door.ts";

const SECRET = "replicas-test-signing-secret-0123456789";
const TOKEN = "xoxb-1111-2222-replicastesttoken";
const PUSH = { username: "hook", password: "push-pass-123" };
/** The emulator's push retries (10 min .. 4 h) divided by this: 0.5 s, 1 s, 2 s ... 12 s. */
const TIME_SCALE = 1200;
const WINDOW_MS = 60_000;
/**
 * `/docket search` commands per second over the fleet: one and a half search budgets (60/min) in
 * the run's busiest minute, whatever its length: 1.5/s in a minute-long run, 4.5/s in 20 s.
 */
const searchesPerSecond = (seconds: number) => (1.5 * DEFAULT_RATE_LIMITS.search) / Math.min(Math.max(seconds, 1), WINDOW_MS / 1000);

export interface ChaosOptions {
  databaseUrl: string;
  /** How long replicas are killed for (pushes and commands go on for as long). */
  seconds: number;
  replicas: number;
  /** false: the test-only switch that posts resumed alerts without looking in Slack first. */
  lookup: boolean;
  log?: ((line: string) => void) | undefined;
}

/** What the emulator recorded of the fleet's calls to the search endpoint and to login/. */
export interface DocketReport {
  /** Commands the stand-in sent; those a replica acknowledged, and the busiest 60 s of those (the budget was pressed). */
  commandsSent: number;
  commandsAccepted: number;
  acceptedMaxPerWindow: number;
  /** search/ calls in the emulator's ledger, throttled ones included, and the busiest 60 s of them. */
  searchCalls: number;
  maxCallsPerWindow: number;
  limit: number;
  /** Calls the emulator refused (429 or otherwise). */
  rejected: number;
  /** Successful logins by the replicas, against token expiries in the run plus replica processes started. */
  logins: number;
  tokenExpiries: number;
}

export interface ChaosReport {
  /** Distinct pushes the emulator delivered with a 200, of `pushesSent`; attempts that failed (retried). */
  pushes: number;
  pushesSent: number;
  failedAttempts: number;
  kills: number;
  starts: number;
  drainedInMs: number;
  channels: ChannelReport[];
  docket: DocketReport;
}


/** Two active, numbered cases of the emulator's corpus, one per matter. */
function pickCases(service: DocketService): Record<Matter, EmuCase> {
  const usable = service.corpus.cases.filter((k) => k.active && k.federal && /District Court$/.test(k.court) && k.entries.every((e) => e.number !== undefined));
  const [a, b] = usable;
  if (!a || !b) throw new Error("the emulator's corpus has no two active federal district cases");
  return { "REP-A": a, "REP-B": b };
}

async function apiPost(service: DocketService, endpoint: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(new URL(endpoint, service.baseUrl), { method: "POST", body: new URLSearchParams(form) });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 || body.success !== true) throw new Error(`${endpoint}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The most of `times` (ms, any order) in any window of `windowMs` (a call at t counts in (t - windowMs, t]). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  const t = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let hi = 0, lo = 0; hi < t.length; hi++) {
    while (t[lo]! <= t[hi]! - windowMs) lo++;
    most = Math.max(most, hi - lo + 1);
  }
  return most;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => undefined);
  const schema = `replicas_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
  // Every entry the emulator dockets carries a serial the channels can be searched for.
  let serial = 0;
  const service = await startDocketService({
    seed: 7, autoPush: false, timeScale: TIME_SCALE,
    engines: {
      appendLiveEntries: (kase, rng, now, count, script) => {
        const added = defaultEngines.appendLiveEntries(kase, rng, now, count, script);
        for (const e of added) e.contents = `Replica test entry ${serial++}: ${e.contents}`;
        return added;
      },
    },
  });
  const slack = await startSlackStandIn({ signingSecret: SECRET, botToken: TOKEN });
  const bots: ({ child: ChildProcess; url: string } | undefined)[] = new Array(options.replicas).fill(undefined);
  // The front door learns a replica's address when it starts listening and keeps sending to it
  // until its successor listens: a killed replica's requests fail in between (502) and are retried
  // by their senders, as behind a balancer whose health check has not yet noticed.
  const routes: string[] = [];
  const door = await startFrontDoor(() => routes);
  const url = new URL(options.databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const store = await openPostgresStore({ connectionString: options.databaseUrl, schema, clock: systemClock, maxConnections: 2 });
  let kills = 0;
  let starts = 0;
  try {
    const cases = pickCases(service);
    for (const [matter, channels] of Object.entries(MATTERS)) {
      for (const channelId of channels) await store.linkMatter({ teamId: TEAM, channelId, clientMatter: matter, linkedBy: "U0ADMIN" });
    }
    // The account's trackers, made by the test with its own login (counted out of the replicas' below).
    const token = String((await apiPost(service, "login/", { username: DEMO_USER.username, password: DEMO_USER.password })).login_token);
    for (const [matter, k] of Object.entries(cases)) {
      await apiPost(service, "track/", { login_token: token, court: k.court, docket: k.docket, enable: "true", frequency: "daily", client_matter: matter });
    }
    const loginsBefore = service.logins;
    service.setPushUrl(DEMO_USER.username, `http://${PUSH.username}:${PUSH.password}@127.0.0.1:${door.port}/docket/push`);
    slack.setBotUrl(`${door.url}/slack/events`);

    const env = {
      SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl,
      DOCKET_API_URL: service.baseUrl, DOCKET_SITE_URL: service.siteUrl,
      DOCKET_USERNAME: DEMO_USER.username, DOCKET_PASSWORD: DEMO_USER.password,
      PUSH_USERNAME: PUSH.username, PUSH_PASSWORD: PUSH.password, DATABASE_URL: url.toString(),
      // A dead replica's channels wait this long before another takes them over.
      OUTBOX_LANE_LEASE_MS: "3000", OUTBOX_POLL_MS: "500",
      ...(options.lookup ? {} : { DOCKETBOT_TEST_NO_RESUME_LOOKUP: "true" }),
    };
    const startOne = async (n: number) => {
      starts++;
      const bot = await startBotProcess({ env });
      bots[n] = bot;
      routes[n] = bot.url;
    };
    await Promise.all(bots.map((_, n) => startOne(n)));
    const runStarted = Date.now();

    const until = Date.now() + options.seconds * 1000;
    const killer = (async () => {
      while (Date.now() < until) {
        await sleep(2000 + Math.random() * 2000);
        const n = Math.floor(Math.random() * bots.length);
        const bot = bots[n];
        if (!bot) continue;
        bots[n] = undefined;
        bot.child.kill("SIGKILL");
        kills++;
        // The next push meets the dead replica whatever the draw, so every run shows the emulator's
        // own retries delivering what a death refused.
        door.sendNextTo("/docket/push", bot.url);
        await new Promise((r) => (bot.child.exitCode !== null || bot.child.signalCode ? r(undefined) : bot.child.once("exit", r)));
        await startOne(n);
      }
    })();
    // Users searching from a channel, through whichever replica the front door picks.
    const commandTimes: number[] = [];
    const acceptedTimes: number[] = [];
    const commands = (async () => {
      const sent: Promise<unknown>[] = [];
      for (let q = 0; Date.now() < until; q++) {
        const at = Date.now();
        commandTimes.push(at);
        const command = slack.sendCommand({ text: `search replicaco failover ${q}`, user: "U0MEMBER", channel: "C0IP" });
        sent.push(command.then((d) => d.status === 200 && acceptedTimes.push(at), () => undefined));
        await sleep(1000 / searchesPerSecond(options.seconds));
      }
      await Promise.all(sent);
    })();
    // The court dockets an entry every 2 s, alternately in each matter's case; the emulator pushes it.
    let pushesSent = 0;
    for (let i = 0; Date.now() < until; i++) {
      const next = Date.now() + 2000;
      const k = cases[i % 2 === 0 ? "REP-A" : "REP-B"];
      await service.triggerPush({ court: k.court, docket: k.docket, entries: 1 });
      pushesSent++;
      // C0ACME carries both matters at two posts each, near its 1 msg/s.
      await sleep(Math.max(0, next - Date.now()));
    }
    await killer;
    await commands;
    // Until every push is acknowledged or out of retries (at most one replica is down at a time).
    const settled = () => {
      const byPayload = new Map<string, boolean>();
      for (const a of service.pushes) byPayload.set(a.payload, (byPayload.get(a.payload) ?? false) || a.status === 200 || !a.willRetry);
      return [...byPayload.values()].every(Boolean);
    };
    while (!settled()) await sleep(250);
    const acked = new Map<number, Matter>();
    for (const a of service.pushes) {
      const e = ENTRY.exec(a.payload);
      if (a.status === 200 && e) acked.set(Number(e[1]), (JSON.parse(a.payload) as { client_matter: Matter }).client_matter);
    }
    log(`${acked.size} of ${pushesSent} pushes acknowledged to the emulator, ${kills} replicas killed; waiting for the outbox to drain`);

    const started = Date.now();
    const open = async () => (await store.outboxStats()).byMatter.reduce((n, m) => n + m.pending + m.inFlight, 0);
    while ((await open()) > 0 && Date.now() - started < 180_000) await sleep(500);
    const drainedInMs = Date.now() - started;
    await sleep(1500); // a late duplicate would show up now

    const searches = service.ledger.filter({ endpoint: "search", user: DEMO_USER.username });
    const docket: DocketReport = {
      commandsSent: commandTimes.length,
      commandsAccepted: acceptedTimes.length,
      acceptedMaxPerWindow: maxInWindow(acceptedTimes, WINDOW_MS),
      searchCalls: searches.length,
      maxCallsPerWindow: maxInWindow(searches.map((e) => e.at), WINDOW_MS),
      // The service's limit (the emulator's, spec Limits), which is also the client's (src/docket/endpoints.ts).
      limit: DEFAULT_RATE_LIMITS.search,
      rejected: service.ledger.filter({ user: DEMO_USER.username, kind: "rejected" }).length,
      logins: service.logins - loginsBefore,
      tokenExpiries: Math.floor((Date.now() - runStarted) / TOKEN_LIFETIME_MS),
    };
    const channels = await Promise.all(CHANNELS.map((c) => channelReport(c, acked, slack, store)));
    const failedAttempts = service.pushes.filter((a) => a.status !== 200).length;
    return { pushes: acked.size, pushesSent, failedAttempts, kills, starts, drainedInMs, channels, docket };
  } finally {
    for (const b of bots) b?.child.kill("SIGKILL");
    await store.close();
    await door.close();
    await slack.close();
    await service.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}
