/**
 * Issue 5, Tests: "send pushes under load, SIGKILL the process at a random moment, restart it, and
 * prove every push that got a 200 is posted exactly once in each of its channels and nothing else is."
 *
 * The bot runs as a real child process (src/main.ts) on a SQLite file; Slack is the stand-in in this
 * process. Pushes the dead process never answered are sent again after the restart, as the service's
 * retries would; dedupe must then make each post exactly once.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/clock.ts";
import { openSqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { startSlackStandIn, type SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { startBotProcess } from "../../helpers/bot-process.ts";

const SECRET = "crash-test-signing-secret-0123456789";
const TOKEN = "xoxb-1111-2222-crashtesttoken";
const CHANNELS = ["C0ACME", "C0IP"];
const MATTER = "CRASH-1";
const PUSHES = 24;
const AUTH = `Basic ${Buffer.from("hook:push-pass-123").toString("base64")}`;

let slack: SlackStandIn;
let dir: string;

function pushBody(i: number): string {
  return JSON.stringify({
    push_type: "docket",
    client_matter: MATTER,
    court: "Delaware District Court",
    docket: "1:26-cv-00042",
    info: { title: "Crashco Inc. v. Durable LLC", date_filed: "1/2/2026" },
    docket_report: [{ date: "3/4/2026", number: String(100 + i), contents: `Crash test entry ${i}: ORDER on motion ${i}` }],
    parties: [],
  });
}

function startBot(): Promise<{ child: ChildProcess; url: string }> {
  return startBotProcess({
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      PUSH_USERNAME: "hook",
      PUSH_PASSWORD: "push-pass-123",
      DATABASE_URL: `sqlite:${join(dir, "bot.db")}`,
    },
  });
}

async function send(url: string, i: number): Promise<number> {
  try {
    const res = await fetch(`${url}/docket/push`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: AUTH },
      body: pushBody(i),
      signal: AbortSignal.timeout(5000),
    });
    return res.status;
  } catch {
    return 0; // the process died under us: no answer
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-crash-"));
  slack = await startSlackStandIn({ signingSecret: SECRET, botToken: TOKEN });
  const store = await openSqliteStore({ path: join(dir, "bot.db"), clock: systemClock });
  for (const channelId of CHANNELS) await store.linkMatter({ teamId: "T0DOCKET", channelId, clientMatter: MATTER, linkedBy: "U0ADMIN" });
  await store.close();
});
afterAll(async () => {
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("crash safety", () => {
  it("every acknowledged push is posted exactly once per channel across a SIGKILL", async () => {
    const first = await startBot();
    const acked = new Set<number>();
    // Pushes arrive in waves while the outbox is posting; the kill lands at a random moment.
    const killAfterMs = 800 + Math.floor(Math.random() * 3000);
    const killed = new Promise<void>((resolve) => {
      setTimeout(() => {
        first.child.kill("SIGKILL");
        if (process.env.CRASH_DEBUG) console.log(`killed at ${killAfterMs} ms: ${acked.size} acked, ${slack.callsTo("chat.postMessage").length} posts so far`);
        resolve();
      }, killAfterMs);
    });
    const load = (async () => {
      for (let i = 0; i < PUSHES; i += 3) {
        const statuses = await Promise.all([i, i + 1, i + 2].filter((n) => n < PUSHES).map(async (n) => [n, await send(first.url, n)] as const));
        for (const [n, status] of statuses) if (status === 200) acked.add(n);
        await new Promise((r) => setTimeout(r, 400));
      }
    })();
    await Promise.all([killed, load]);
    await new Promise((r) => first.child.exitCode !== null || first.child.signalCode ? r(undefined) : first.child.once("exit", r));

    const second = await startBot();
    try {
      // The service retries whatever was not answered 200.
      for (let i = 0; i < PUSHES; i++) {
        if (acked.has(i)) continue;
        expect(await send(second.url, i)).toBe(200);
      }
      // Issue 12: each order is in its case thread twice, as the headline broadcast to the channel
      // and in the thread reply; each must be there exactly once.
      const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";
      const caseRoots = (channel: string) => slack.state.messages(channel).filter((m) => !isBroadcast(m));
      const replies = (channel: string, broadcast: boolean) =>
        caseRoots(channel).flatMap((m) => slack.state.thread(channel, m.ts))
          .filter((m) => m.thread_ts !== undefined && m.ts !== m.thread_ts && isBroadcast(m) === broadcast);
      const entryCount = (channel: string, i: number, broadcast = false) =>
        replies(channel, broadcast).filter((m) => JSON.stringify(m.blocks ?? m.text).includes(`Crash test entry ${i}:`)).length;
      await slack.waitFor(() => CHANNELS.every((c) => Array.from({ length: PUSHES }, (_, i) => entryCount(c, i)).every((n) => n >= 1)), {
        timeoutMs: 90_000,
        what: "every push posted in every channel",
      });
      await new Promise((r) => setTimeout(r, 1500)); // a late duplicate would show up now
      for (const channel of CHANNELS) {
        for (let i = 0; i < PUSHES; i++) expect(entryCount(channel, i), `${channel} entry ${i}`).toBe(1);
        for (let i = 0; i < PUSHES; i++) expect(entryCount(channel, i, true), `${channel} headline ${i}`).toBe(1);
        const roots = caseRoots(channel).filter((m) => JSON.stringify(m.blocks ?? m.text).includes("Crashco"));
        expect(roots, `${channel} has one case thread`).toHaveLength(1);
      }
      expect(acked.size).toBeGreaterThan(0);
    } finally {
      second.child.kill("SIGTERM");
      await new Promise((r) => second.child.once("exit", r));
    }
  }, 150_000);
});
