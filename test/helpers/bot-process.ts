/**
 * docketbot as its own process, started as `npm start` would start it, for the crash tests that
 * SIGKILL it: resolves once it logs that it is listening, with its URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

export interface BotProcessOptions {
  /** The bot's environment beyond the defaults here (Slack, database, push credentials…). */
  env: Record<string, string>;
  /** Gets the child at once: a bot may post (and be killed) before it says it is listening. */
  onSpawn?: ((child: ChildProcess) => void) | undefined;
}

export function startBotProcess(options: BotProcessOptions): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      // No docket service: these tests drive Slack and pushes only.
      DOCKET_API_URL: "http://127.0.0.1:9/api/v1/",
      DOCKET_USERNAME: "svc",
      DOCKET_PASSWORD: "svc-password",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  options.onSpawn?.(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bot did not start: ${out}`)), 15_000);
    child.stdout!.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.includes("docketbot is listening"));
      if (line) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
      }
    });
    child.stderr!.on("data", (d) => (out += d));
    child.once("exit", (code) => reject(new Error(`bot exited with ${code}: ${out}`)));
  });
}
