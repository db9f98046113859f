/**
 * `/docket deadlines` (issue 16): the channel's court dates in the next 30 days; `deadlines
 * settings` shows the channel's reminder days and `deadlines settings 7 1` (admins, checked by the
 * handler) sets them, `deadlines settings off` turns reminders off. Pure.
 */

/** What parseDeadlines gives (a member of grammar.ts's ParsedCommand; typed here to keep grammar.ts the only importer). */
export type ParsedDeadlines =
  | { ok: true; command: { kind: "deadlines"; settings?: { days?: number[] | undefined } | undefined } }
  | { ok: false; message: string };

export const DEADLINES_SETTINGS_EXAMPLE = "/docket deadlines settings 7 1";
const MAX_DAYS = 366;

export function parseDeadlines(rest: string): ParsedDeadlines {
  if (!rest) return { ok: true, command: { kind: "deadlines" } };
  const [verb, ...args] = rest.split(/\s+/);
  if (verb?.toLowerCase() !== "settings") {
    return { ok: false, message: `I didn't understand "${rest.slice(0, 40)}" after \`deadlines\`: use \`/docket deadlines\` or \`${DEADLINES_SETTINGS_EXAMPLE}\`.` };
  }
  if (args.length === 0) return { ok: true, command: { kind: "deadlines", settings: {} } };
  if (args.length === 1 && /^(off|none)$/i.test(args[0]!)) return { ok: true, command: { kind: "deadlines", settings: { days: [] } } };
  const words = args.flatMap((a) => a.split(",")).filter((a) => a !== "");
  const days = words.map((w) => (/^\d{1,3}$/.test(w) ? Number(w) : Number.NaN));
  if (words.length === 0 || words.length > 10 || days.some((d) => !(d >= 0 && d <= MAX_DAYS))) {
    return { ok: false, message: `Reminder days are whole numbers of days before each date, 0 to ${MAX_DAYS}, at most 10 (or \`off\`). Example: \`${DEADLINES_SETTINGS_EXAMPLE}\`` };
  }
  return { ok: true, command: { kind: "deadlines", settings: { days: [...new Set(days)].sort((a, b) => b - a) } } };
}
