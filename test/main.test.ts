import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));

const ENV = {
  PORT: "0",
  SLACK_BOT_TOKEN: "xoxb-1111-2222-abcdefabcdef",
  SLACK_SIGNING_SECRET: "0123456789abcdef0123456789abcdef",
  DOCKET_API_URL: "http://127.0.0.1:9/api/v1/",
  DOCKET_USERNAME: "svc",
  DOCKET_PASSWORD: "svc-password-xyz",
  DATABASE_URL: "sqlite::memory:",
  LOG_LEVEL: "info",
};

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  return { child, out: () => stdout, err: () => stderr };
}

/** Just enough of Slack's Web API for start-up (auth.test), on loopback. */
async function fakeSlack() {
  const { createServer } = await import("node:http");
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(req.url?.includes("auth.test") ? { ok: true, user_id: "U0BOT", bot_id: "B0BOT", team_id: "T0DOCKET", url: "https://x.slack.com/" } : { ok: false, error: "unknown_method" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/` };
}

describe("npm start (src/main.ts)", () => {
  it("serves /healthz, logs JSON without secrets, and stops cleanly on SIGTERM", async () => {
    const slack = await fakeSlack();
    const proc = run({ ...ENV, SLACK_API_URL: slack.url });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listen line; stderr: ${proc.err()}`)), 10_000);
      proc.child.stdout.on("data", () => {
        const line = proc.out().split("\n").find((l) => l.includes("docketbot is listening"));
        if (line) {
          clearTimeout(timer);
          resolve(JSON.parse(line).port);
        }
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", checks: { database: { ok: true } } });
    proc.child.kill("SIGTERM");
    const [code] = await once(proc.child, "exit");
    expect(code).toBe(0);
    for (const secret of [ENV.SLACK_BOT_TOKEN, ENV.SLACK_SIGNING_SECRET, ENV.DOCKET_PASSWORD]) {
      expect(proc.out()).not.toContain(secret);
    }
    for (const line of proc.out().split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    slack.server.close();
  });

  it("fails fast naming every missing variable, with exit code 78", async () => {
    const proc = run({ PORT: "0", DOCKET_PASSWORD: "only-this" });
    const [code] = await once(proc.child, "exit");
    expect(code).toBe(78);
    for (const name of ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "DOCKET_API_URL", "DOCKET_USERNAME"]) {
      expect(proc.err()).toContain(name);
    }
    expect(proc.err()).not.toContain("only-this");
    expect(proc.err()).not.toMatch(/at .*\.ts:\d+/); // a sentence, not a stack trace
  });
});

describe("HTTP request logging", () => {
  it("logs each request with a correlation id and without its query string", async () => {
    const { createHttpApp } = await import("../src/http/app.ts");
    const { createLogger } = await import("../src/logger.ts");
    const { captureLogs } = await import("./helpers/docket-client.ts");
    const { systemClock } = await import("../src/clock.ts");
    const logs = captureLogs();
    const app = createHttpApp({ logger: createLogger({ level: "info", destination: logs.stream }), clock: systemClock, health: { db: () => ({ ok: false, detail: "read-only" }) } });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as { port: number };
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "failing", checks: { db: { ok: false, detail: "read-only" } } });
    await fetch(`http://127.0.0.1:${port}/nowhere?login_token=abc123secret`);
    server.close();
    const lines = logs.lines.map((l) => JSON.parse(l));
    const miss = lines.find((l) => l.path === "/nowhere");
    expect(miss).toMatchObject({ status: 404, method: "GET", component: "http" });
    expect(miss.ref).toMatch(/^[0-9a-f]{8}$/);
    expect(logs.text()).not.toContain("abc123secret");
  });
});

describe("what a SQLite bot loads", () => {
  it("never loads node-postgres: the PostgreSQL store is imported only when DATABASE_URL names one", async () => {
    const slack = await fakeSlack();
    try {
      const script = `
        import { createRequire } from "node:module";
        const { start } = await import(${JSON.stringify(new URL("../src/main.ts", import.meta.url).href)});
        const { loadConfig } = await import(${JSON.stringify(new URL("../src/config/index.ts", import.meta.url).href)});
        const { pino } = await import("pino");
        const bot = await start(loadConfig(process.env), { logger: pino({ level: "silent" }), host: "127.0.0.1" });
        await bot.stop();
        const cache = Object.keys(createRequire(import.meta.url).cache);
        console.log(JSON.stringify({ pg: cache.filter((k) => /node_modules\\/pg(-[a-z]+)?\\//.test(k)).length, bolt: cache.some((k) => k.includes("/@slack/bolt/")) }));
      `;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        cwd: fileURLToPath(new URL("..", import.meta.url)), env: { PATH: process.env.PATH ?? "", ...ENV, SLACK_API_URL: slack.url }, stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (err += d));
      const [code] = await once(child, "exit");
      expect(code, err).toBe(0);
      // Bolt is the control: the check sees what the bot did load.
      expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual({ pg: 0, bolt: true });
    } finally {
      slack.server.close();
    }
  }, 30_000);
});
