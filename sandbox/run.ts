/**
 * The whole of docketbot on one machine, with no Slack app and no docket account (issue 6): the
 * docket service emulator, docketbot itself (src/main.ts `start`, configured against both stand-ins,
 * pushes on), and the Slack stand-in with its web page. `npm run sandbox` (cli.ts) runs it for a
 * person; the browser test runs it in-process on ephemeral ports. Wired by the one harness
 * (harness.ts), plus what a demo needs out of the box: the service's pushes go to the bot (basic-auth
 * credentials made up for this run), the demo channels are linked to client matters so Track works,
 * the service's latency is what a person notices, and the page's demo controls make it push now.
 */
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../src/clock.ts";
import type { LogLevel } from "../src/config/index.ts";
import { createLogger, type Logger } from "../src/logger.ts";
import type { Docketbot } from "../src/main.ts";
import { FLAGSHIP } from "./docket-service/corpus/flagship.ts";
import type { DocketService } from "./docket-service/server.ts";
import { DEMO_USER } from "./docket-service/sessions.ts";
import { startHarness } from "./harness.ts";
import type { DemoAction } from "./slack/page/demo.ts";
import type { SlackStandIn } from "./slack/stand-in.ts";
import { TEAM, USERS } from "./slack/workspace.ts";

/** The channels of the stand-in's workspace and the client matters they follow. */
export const DEMO_MATTERS = [
  { channelId: "C0ACME", clientMatter: "ACME-001" },
  { channelId: "C0IP", clientMatter: "IP-PORTFOLIO" },
] as const;

const ADMIN = USERS.find((u) => u.is_admin && !u.is_bot)?.id ?? "U0ADMIN";
const PUSH_USER = "sandbox";

export interface SandboxOptions {
  /** The Slack stand-in and its page; 0 picks a free port. Default 3000. */
  port?: number;
  /** Default 127.0.0.1: the page has no sign-in, so it stays on loopback. */
  host?: string;
  /** docketbot's SQLite file goes here, replaced at every start; ":memory:" keeps nothing. Default ./sandbox-data */
  dataDir?: string;
  /** Court latency the emulator simulates. Default: what a person notices (1.5 s, 4 s for PACER). */
  latencyMs?: { searchpacer?: number; default?: number };
  /** Tracker checks sped up this many times (Real time: every 5 min / timeScale). Default 10. */
  timeScale?: number;
  /** false: trackers push only through the demo controls. Default true. */
  autoPush?: boolean;
  /** The corpus seed. Default 7. */
  seed?: number;
  /** ../shared/fixtures/real-dockets, when the machine has it (a user's clone does not). */
  realDocketsDir?: string | URL;
  /** docketbot's log level. Default warn. */
  logLevel?: LogLevel;
  /** Where log lines go (default stdout). */
  logDestination?: { write(line: string): unknown };
  clock?: Clock;
}

export interface Sandbox {
  /** The page to open: `http://127.0.0.1:3000/` */
  readonly url: string;
  readonly slack: SlackStandIn;
  readonly docket: DocketService;
  readonly bot: Docketbot;
  /** Where docketbot keeps its data (`:memory:` or a file path). */
  readonly databasePath: string;
  /** Pushes a new filing in the flagship case to whoever tracks it; says what happened. */
  pushFlagship(): Promise<string>;
  close(): Promise<void>;
}

export const SANDBOX_DEFAULTS = {
  port: 3000,
  host: "127.0.0.1",
  dataDir: "./sandbox-data",
  latencyMs: { searchpacer: 4_000, default: 1_500 },
  timeScale: 10,
} as const;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  const dataDir = options.dataDir ?? SANDBOX_DEFAULTS.dataDir;
  const databasePath = dataDir === ":memory:" ? ":memory:" : join(dataDir, "docketbot.db");
  // The emulator and the Slack stand-in keep everything in memory, so yesterday's database would
  // point at messages and trackers that no longer exist: every run starts afresh.
  if (databasePath !== ":memory:") for (const suffix of ["", "-wal", "-shm"]) rmSync(`${databasePath}${suffix}`, { force: true });

  const secret = () => randomBytes(18).toString("base64url");
  const signingSecret = secret();
  const botToken = `xoxb-sandbox-${secret()}`;
  const pushPassword = secret();
  const logger: Logger = createLogger({
    level: options.logLevel ?? "warn",
    base: { service: "docketbot-sandbox" },
    secrets: [signingSecret, botToken, pushPassword],
    ...(options.logDestination ? { destination: options.logDestination } : {}),
  });

  const timeScale = options.timeScale ?? SANDBOX_DEFAULTS.timeScale;
  // The sandbox's own public address, so /docket calendar gives a feed URL that opens here (calendar
  // apps on this machine reach it; PUBLIC_URL in production is docketbot's https address).
  const botPort = await freePort("127.0.0.1");
  const h = await startHarness({
    secrets: { signingSecret, botToken, push: { username: PUSH_USER, password: pushPassword } },
    admins: [ADMIN],
    ...(options.clock ? { clock: options.clock } : {}),
    docket: {
      host: "127.0.0.1",
      seed: options.seed ?? 7,
      latencyMs: options.latencyMs ?? SANDBOX_DEFAULTS.latencyMs,
      timeScale,
      autoPush: options.autoPush ?? true,
      users: [DEMO_USER],
      logger: logger.child({ component: "docket-emulator" }),
      ...(options.realDocketsDir !== undefined ? { realDocketsDir: options.realDocketsDir } : {}),
    },
    slack: { host, port: options.port ?? SANDBOX_DEFAULTS.port },
    databasePath,
    env: {
      // The emulator answers questions with any key: these only switch Q&A on.
      PROVIDERONE_KEY: "sandbox-providerone-key",
      PROVIDERTWO_KEY: "sandbox-providertwo-key",
      LOG_LEVEL: options.logLevel ?? "warn",
      PORT: String(botPort),
      PUBLIC_URL: `http://127.0.0.1:${botPort}/`,
    },
    logger: logger.child({ component: "docketbot" }),
  });
  try {
    const { slack, docket, bot } = h;
    for (const m of DEMO_MATTERS) await h.linkMatter(m.channelId, m.clientMatter);

    const pushFlagship = async (): Promise<string> => {
      // Both paths at once: the order is broadcast to the channel from the case thread; the
      // notice of appearance is routine, so it stays in the thread and is counted there.
      const attempts = await docket.triggerPush({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, filings: ["order", "routine"] });
      if (attempts.length === 0) {
        return `Nothing tracks ${FLAGSHIP.title} yet. Show it with /docket case nysd ${FLAGSHIP.docket} and click Track, then push again.`;
      }
      const ok = attempts.filter((a) => a.status === 200).length;
      return `The docket service pushed a new filing in ${FLAGSHIP.title}: an order and a notice of appearance (${ok} of ${attempts.length} push${attempts.length === 1 ? "" : "es"} accepted). The order appears in the tracking channel in a moment; the routine notice stays in the case thread.`;
    };
    const pushScheduling = async (): Promise<string> => {
      const attempts = await docket.triggerPush({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, filings: ["scheduling"] });
      if (attempts.length === 0) {
        return `Nothing tracks ${FLAGSHIP.title} yet. Show it with /docket case nysd ${FLAGSHIP.docket} and click Track, then push again.`;
      }
      return `The court entered a scheduling order in ${FLAGSHIP.title}: a status conference about two weeks out and a joint letter due a few days before it. Its alert names both; /docket deadlines lists them.`;
    };
    // Issue 23: filings whose deadlines come from the rules, not from the court's words.
    const pushComputed = async (filing: "summons" | "motion"): Promise<string> => {
      const attempts = await docket.triggerPush({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, filings: [filing] });
      if (attempts.length === 0) {
        return `Nothing tracks ${FLAGSHIP.title} yet. Show it with /docket case nysd ${FLAGSHIP.docket} and click Track, then push again.`;
      }
      return filing === "summons"
        ? `The plaintiff filed proof that the defendant was served in ${FLAGSHIP.title}. docketbot computes the answer date (21 days after service, Fed. R. Civ. P. 12(a)(1)(A)(i)) and lists it in /docket deadlines marked "computed — verify".`
        : `The defendant moved to dismiss in ${FLAGSHIP.title}. docketbot computes the opposition and reply dates under S.D.N.Y. Local Civ. R. 6.1(b) and lists them in /docket deadlines marked "computed — verify".`;
    };
    // Issue 16: the reminder the channel would get before its next court date, now rather than at 9:00 N days before.
    const sendReminder = async (): Promise<string> => {
      const acme = DEMO_MATTERS[0];
      const outcome = await bot.reminders?.remindNow({ teamId: TEAM.id, channelId: acme.channelId });
      if (!outcome) return `No court date ahead left to remind ${acme.clientMatter}'s channel of: track ${FLAGSHIP.title} there and push a scheduling order first.`;
      switch (outcome.result) {
        case "posted":
        case "found":
          return "Posted a reminder of the channel's next court date in #litigation-acme (once: the reminder is recorded, so the scheduler will not repeat it).";
        case "skipped":
        case "deferred":
          return `No reminder posted now: ${outcome.why}.`;
        case "failed":
          return `No reminder posted: ${outcome.error}.`;
      }
    };
    const demo: DemoAction[] = [{
      id: "push-flagship",
      label: "Push a new filing now",
      description: `An order and a routine notice of appearance in ${FLAGSHIP.title} (S.D.N.Y. ${FLAGSHIP.docket}), to whoever tracks it. Trackers also push by themselves, ${timeScale}× faster than real life.`,
      run: pushFlagship,
    }, {
      id: "push-scheduling",
      label: "Push a scheduling order",
      description: `A scheduling order in ${FLAGSHIP.title} setting a status conference and a letter deadline: the alert says what it sets, /docket deadlines lists them.`,
      run: pushScheduling,
    }, {
      id: "push-summons",
      label: "Push a served summons",
      description: `A return of service of the summons in ${FLAGSHIP.title}: no date in its words, but the rules give the answer date, shown as computed — verify.`,
      run: () => pushComputed("summons"),
    }, {
      id: "push-motion",
      label: "Push a motion",
      description: `A motion to dismiss in ${FLAGSHIP.title}: the local rule gives the opposition and reply dates, shown as computed — verify; after a served summons, it also ends the computed answer date (FRCP 12(a)(4)).`,
      run: () => pushComputed("motion"),
    }, {
      id: "send-reminder",
      label: "Send a reminder",
      description: "The reminder #litigation-acme gets before its next court date (7 and 1 days before, at 9:00), posted now.",
      run: sendReminder,
    }];
    slack.setDemoActions(demo);

    return { url: slack.baseUrl, slack, docket, bot, databasePath, pushFlagship, close: h.close };
  } catch (e) {
    await h.close();
    throw e;
  }
}

/** A port free on `host` now (the bot listens on it right after: PUBLIC_URL must name it first). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
