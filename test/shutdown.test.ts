/**
 * SIGTERM with Slack and the docket service unresponsive (issue 22): Docker sends SIGKILL 10 s
 * after SIGTERM, so the bot must be gone before then, and nothing it acknowledged may be lost.
 * Slack here answers auth.test and nothing else: an alert's post hangs when the signal arrives.
 * The docket service accepts connections and never answers. A restart on the same database, with
 * Slack answering again, posts the alert exactly once.
 */
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/clock.ts";
import { openSqliteStore } from "../src/store/sqlite/sqlite-store.ts";
import { startSlackStandIn, type SlackStandIn } from "../sandbox/slack/stand-in.ts";
import { startBotProcess } from "./helpers/bot-process.ts";

const SECRET = "shutdown-test-signing-secret-0123456789";
const TOKEN = "xoxb-1111-2222-shutdowntesttoken";
const CHANNEL = "C0ACME";
const MATTER = "STOP-1";
const AUTH = `Basic ${Buffer.from("hook:push-pass-123").toString("base64")}`;
const BODY = JSON.stringify({
  push_type: "docket", client_matter: MATTER, court: "Delaware District Court", docket: "1:26-cv-00099",
  info: { title: "Stopco Inc. v. Hangs LLC", date_filed: "1/2/2026" },
  docket_report: [{ date: "3/4/2026", number: "7", contents: "ORDER granting motion to stay" }], parties: [],
});

/** Accepts every connection and never answers, except Slack's auth.test (so that the bot starts). */
interface Silent { server: Server; url: string; seen: string[]; held: ServerResponse[] }
async function silentServer(): Promise<Silent> {
  const seen: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url ?? "");
    if (req.url?.endsWith("/auth.test")) {
      res.setHeader("content-type", "application/json");
      return void res.end(JSON.stringify({ ok: true, url: "https://stopco.slack.com/", team: "Stopco", user: "docketbot", team_id: "T0DOCKET", user_id: "U0BOT", bot_id: "B0BOT" }));
    }
    held.push(res); // never answered
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, held };
}

let dir: string;
let silent: Silent;
let slack: SlackStandIn | undefined;
const db = () => join(dir, "bot.db");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-stop-"));
  silent = await silentServer();
  const store = await openSqliteStore({ path: db(), clock: systemClock });
  await store.linkMatter({ teamId: "T0DOCKET", channelId: CHANNEL, clientMatter: MATTER, linkedBy: "U0ADMIN" });
  await store.close();
});
afterAll(async () => {
  for (const res of silent?.held ?? []) res.destroy();
  silent?.server.closeAllConnections();
  silent?.server.close();
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (slackApiUrl: string) => ({
  SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slackApiUrl,
  DOCKET_API_URL: `${silent.url}/docket/api/v1/`,
  PUSH_USERNAME: "hook", PUSH_PASSWORD: "push-pass-123",
  DATABASE_URL: `sqlite:${db()}`,
});

describe("SIGTERM with Slack and the docket service unresponsive", () => {
  it("exits within 10 s; the acknowledged push is kept and its delivery parked, then posted once after a restart", async () => {
    const { child, url } = await startBotProcess({ env: env(`${silent.url}/api/`) });
    const exited = once(child, "exit");
    const res = await fetch(`${url}/docket/push`, { method: "POST", headers: { "content-type": "application/json", authorization: AUTH }, body: BODY });
    expect(res.status).toBe(200);
    // The alert's post is hanging in Slack.
    for (let i = 0; i < 200 && !silent.seen.some((u) => u.includes("chat.postMessage")); i++) await new Promise((r) => setTimeout(r, 25));
    expect(silent.seen.filter((u) => u.includes("chat.postMessage")), silent.seen.join(" ")).toHaveLength(1);

    const t0 = Date.now();
    child.kill("SIGTERM");
    const [code] = (await exited) as [number | null];
    const took = Date.now() - t0;
    expect(took).toBeLessThan(10_000);
    expect(code).toBe(0);

    const store = await openSqliteStore({ path: db(), clock: systemClock });
    try {
      expect(await store.pushStats()).toMatchObject({ stored: 1 });
      const deliveries = await store.listDeliveries({});
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({ channelId: CHANNEL, clientMatter: MATTER, state: "pending", attempts: 1, lastError: "interrupted at shutdown" });
    } finally {
      await store.close();
    }

    // Slack answers again: the restarted bot looks the alert up (the silent Slack never posted it) and posts it once.
    slack = await startSlackStandIn({ signingSecret: SECRET, botToken: TOKEN });
    const again = await startBotProcess({ env: env(slack.apiUrl) });
    try {
      const store2 = await openSqliteStore({ path: db(), clock: systemClock });
      try {
        for (let i = 0; i < 400 && (await store2.listDeliveries({}))[0]?.state !== "sent"; i++) await new Promise((r) => setTimeout(r, 25));
        expect((await store2.listDeliveries({})).map((d) => d.state)).toEqual(["sent"]);
      } finally {
        await store2.close();
      }
      // The case root once (its thread reply is also broadcast to the channel: not a second root).
      const roots = slack.state.messages(CHANNEL).filter((x) => x.subtype !== "thread_broadcast" && JSON.stringify(x).includes("1:26-cv-00099"));
      expect(roots).toHaveLength(1);
    } finally {
      again.child.kill("SIGTERM");
      await once(again.child, "exit");
    }
  }, 60_000);
});
