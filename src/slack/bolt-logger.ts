/**
 * Bolt and @slack/web-api log through this adapter into our pino logger, so their lines are JSON
 * and pass through the same redaction as ours (DEVELOPERS.md, Style: logs are pino JSON).
 */
import { LogLevel, type Logger as SlackLogger } from "@slack/bolt";
import type { Logger } from "../logger.ts";

export function boltLogger(logger: Logger): SlackLogger {
  let log = logger.child({ component: "bolt" });
  let level: LogLevel = LogLevel.INFO;
  const text = (parts: unknown[]) => parts.map((p) => (typeof p === "string" ? p : p instanceof Error ? p.message : JSON.stringify(p))).join(" ");
  return {
    debug: (...msg) => log.debug(text(msg)),
    info: (...msg) => log.info(text(msg)),
    warn: (...msg) => log.warn(text(msg)),
    error: (...msg) => {
      const err = msg.find((m): m is Error => m instanceof Error);
      log.error(err ? { err } : {}, text(msg));
    },
    // Our own LOG_LEVEL governs what is written; Bolt's level is remembered for getLevel only.
    setLevel: (l) => (level = l),
    getLevel: () => level,
    setName: (name) => (log = logger.child({ component: name })),
  };
}
