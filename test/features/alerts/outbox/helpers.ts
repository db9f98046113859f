/**
 * The outbox against the Slack stand-in on loopback, over an in-memory (or file) SQLite store, all
 * on one FakeClock: pacing, Retry-After and backoff are measured on the clock, never slept.
 */
import { LogLevel } from "@slack/web-api";
import { pino } from "pino";
import { createOutbox, createOutboxSlackClient, type Outbox } from "../../../../src/features/alerts/outbox/index.ts";
import type { OutboxPolicy } from "../../../../src/features/alerts/outbox/policy.ts";
import { startSlackStandIn, type SlackStandIn } from "../../../../sandbox/slack/stand-in.ts";
import type { ApiCall } from "../../../../sandbox/slack/types.ts";
import { openSqliteStore, type SqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";
import type { AlertsStore } from "../../../../src/features/alerts/deps.ts";

export const TEAM = "T0DOCKET";
export const ACME = "C0ACME";
export const IP = "C0IP";
export const ADMIN = "U0ADMIN";
export const SITE = "https://site.example/";
export const COURT = "New York Southern District Court";
export const BOT_TOKEN = "xoxb-outbox-test-token";

export const silentSlackLogger = {
  debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined,
  setLevel: () => undefined, getLevel: () => LogLevel.ERROR, setName: () => undefined,
};

/** Counters the outbox increments, as /metrics would see them. */
export function recordingMetrics() {
  const counts = new Map<string, number>();
  return {
    counts,
    inc(name: string, ...args: unknown[]) {
      const labels = typeof args[0] === "object" && args[0] !== null ? (args[0] as Record<string, string>) : {};
      const key = [name, ...Object.entries(labels).map(([k, v]) => `${k}=${v}`)].join(" ");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    observe() {},
  };
}

export interface Rig {
  clock: FakeClock;
  slack: SlackStandIn;
  store: SqliteStore;
  outbox: Outbox;
  metrics: ReturnType<typeof recordingMetrics>;
  link(channelId: string, clientMatter: string): Promise<void>;
  /** Stores a push (JSON of `body`); resolves with its id. */
  push(body: Record<string, unknown>): Promise<number>;
  /** chat.postMessage calls to a channel that Slack accepted, oldest first. */
  posts(channel: string): ApiCall[];
  /** Runs the clock from wake-up to wake-up, letting Slack calls land in between, until `done()`. */
  until(done: () => boolean | Promise<boolean>, maxSteps?: number): Promise<void>;
  /** Until no delivery is pending or in flight. */
  drained(): Promise<void>;
  close(): Promise<void>;
}

export interface RigOptions {
  clock?: FakeClock;
  slack?: SlackStandIn;
  databasePath?: string;
  policy?: Partial<OutboxPolicy>;
  random?: () => number;
  start?: boolean;
  /** What the outbox sees of the store (default: the store itself), to make it fail on purpose. */
  wrapStore?: (store: SqliteStore) => AlertsStore;
}

export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const clock = options.clock ?? new FakeClock();
  const slack = options.slack ?? (await startSlackStandIn({ signingSecret: "outbox-secret", botToken: BOT_TOKEN, clock }));
  const store = await openSqliteStore({ path: options.databasePath ?? ":memory:", clock });
  const metrics = recordingMetrics();
  const outbox = createOutbox({
    store: options.wrapStore ? options.wrapStore(store) : store, clock, metrics, siteUrl: SITE, admins: [ADMIN],
    logger: pino({ level: process.env.LOG_LEVEL ?? "silent" }),
    slack: createOutboxSlackClient({ botToken: BOT_TOKEN, apiUrl: slack.apiUrl, logger: silentSlackLogger }),
    policy: options.policy,
    random: options.random ?? (() => 0),
  });
  if (options.start !== false) await outbox.start();

  const pending = async () => {
    const stats = await store.outboxStats();
    return stats.byMatter.reduce((n, m) => n + m.pending + m.inFlight, 0);
  };
  const until = async (done: () => boolean | Promise<boolean>, maxSteps = 3000) => {
    for (let step = 0; step < maxSteps; step++) {
      if (await done()) return;
      await new Promise<void>((r) => setTimeout(r, 1));
      // A Slack call under way: let it land before time moves (else a 30 s sleep elsewhere would
      // jump the clock while a post is on the wire).
      if (outbox.stats().slackCallsInFlight > 0) continue;
      await new Promise<void>((r) => setImmediate(r));
      if (outbox.stats().slackCallsInFlight > 0 || (await done())) continue;
      const next = clock.nextDeadline;
      if (next !== undefined) await clock.advance(Math.max(0, next - clock.now()));
    }
    throw new Error("the condition never held");
  };

  return {
    clock, slack, store, outbox, metrics,
    async link(channelId, clientMatter) {
      await store.linkMatter({ teamId: TEAM, channelId, clientMatter, linkedBy: ADMIN });
    },
    async push(body) {
      const text = JSON.stringify(body);
      const r = await store.storePush({
        body: text, receivedAt: clock.now(), pushType: String(body.push_type), clientMatter: String(body.client_matter),
      });
      // As intake does (features/alerts/index.ts): where the new deliveries wait.
      if (r.deliveries > 0) outbox.notify(r.channels);
      return r.id;
    },
    posts: (channel) => slack.callsTo("chat.postMessage").filter((c) => c.params.channel === channel && c.ok),
    until,
    drained: () => until(async () => (await pending()) === 0 && outbox.stats().activeLanes === 0),
    async close() {
      await outbox.stop();
      await store.close();
      if (!options.slack) await slack.close();
    },
  };
}

/** A reply broadcast to the channel (issue 12: a significant filing's headline). */
export const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";

let entryNo = 100;

/** A `docket` push for the flagship case with `n` new entries dated `date`. */
export function docketPush(matter: string, n = 1, date = "3/4/2026", extra: Record<string, unknown> = {}) {
  const entries = Array.from({ length: n }, () => {
    const number = String(entryNo++);
    return { date, number, contents: `ORDER on motion ${number}`, link: `${SITE}cases/x/docs/${number}.pdf` };
  });
  return {
    push_type: "docket", client_matter: matter, court: COURT, docket: "1:23-cv-01234",
    info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [], ...extra,
  };
}

let searchNo = 1;

/** A `search_results` push (one channel message per push). */
export function searchPush(matter: string, cases = 1) {
  const q = `widget ${searchNo++}`;
  return {
    push_type: "search_results", client_matter: matter, q, title: q,
    search_results: Array.from({ length: cases }, (_, i) => ({ court: COURT, docket: `1:26-cv-${String(searchNo * 100 + i).padStart(5, "0")}`, title: `Case ${i} for ${q}` })),
  };
}

/** The `delivery_id` in a call's metadata. */
export function deliveryIdOf(call: ApiCall): number | undefined {
  const raw = call.params.metadata;
  const meta = (typeof raw === "string" ? JSON.parse(raw) : raw) as { event_payload?: { delivery_id?: number } } | undefined;
  return meta?.event_payload?.delivery_id;
}
