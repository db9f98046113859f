/** Who runs docketbot: the Slack users who administer it (DOCKETBOT_ADMINS) and how much it logs. */
import { z } from "zod";
import type { Settings } from "./setting.ts";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const admins = z.string().transform((value, ctx) => {
  const ids = value.split(/[\s,]+/).filter(Boolean);
  const bad = ids.filter((id) => !/^[UW][A-Z0-9]{2,20}$/.test(id));
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).map((b) => JSON.stringify(b.slice(0, 40))).join(", ");
    ctx.addIssue({ code: "custom", message: `has entries that are not Slack user ids (${shown})` });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

export const OPERATOR_SETTINGS = {
  DOCKETBOT_ADMINS: {
    hint: "Slack user ids like U0123ABCD or W0123ABCD, separated by commas or spaces (in Slack: a profile's ⋮ menu, Copy member ID)",
    schema: admins.default([]),
  },
  LOG_LEVEL: {
    hint: `one of ${LOG_LEVELS.join(", ")} (default info)`,
    schema: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(LOG_LEVELS, { error: "is not a log level" }))
      .default("info"),
    echo: true,
  },
} as const satisfies Settings;
