/**
 * A pino logger whose JSON lines a test can read: for asserting what an operator will see (a
 * warning, no "unhandled" error), never for timing.
 */
import { pino } from "pino";
import type { Logger } from "../../src/logger.ts";

export interface CapturedLog {
  logger: Logger;
  /** Every line logged so far, parsed. */
  lines(): Record<string, unknown>[];
}

export function captureLog(level: pino.LevelWithSilent = "info"): CapturedLog {
  const raw: string[] = [];
  const logger = pino({ level }, { write: (line: string) => void raw.push(line) });
  return { logger, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
