/**
 * Times as each reader's own clock shows them: Slack's date formatting
 * (docs.slack.dev/messaging/formatting-message-text#date-formatting), `<!date^secs^format|fallback>`,
 * with a UTC fallback for clients that cannot format. One home for the token, so no view writes a
 * time in the server's zone (issue 15 item 15: "Cached 11/23/2026 18:16" beside a 1:26 PM message).
 */

/** The token itself; "" for a time that is not one. `format` uses Slack's {date_short}, {time}… */
export function slackDateToken(ms: number | undefined, format: string, fallback: (d: Date) => string): string {
  if (ms === undefined || !Number.isFinite(ms)) return "";
  const secs = Math.floor(ms / 1000);
  if (secs <= 0) return "";
  return `<!date^${secs}^${format}|${fallback(new Date(secs * 1000)).replace(/[|<>]/g, "")}>`;
}

/** A day (`Nov 23, 2026` in the reader's locale), ISO date as fallback. */
export function slackDay(ms: number | undefined): string {
  return slackDateToken(ms, "{date_short}", (d) => d.toISOString().slice(0, 10));
}

/** A moment (`Today at 1:26 PM`), ISO UTC as fallback. */
export function slackMoment(ms: number | undefined): string {
  return slackDateToken(ms, "{date_short_pretty} at {time}", (d) => d.toISOString().replace(/\.\d{3}Z$/, "Z"));
}

/**
 * A service timestamp as an instant, when it says its zone (`2026-11-23T18:16:00Z`,
 * `…+00:00`); undefined for one without a zone, which cannot be placed on anyone's clock.
 */
export function serviceInstant(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = s.trim();
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i.test(t)) return undefined;
  const ms = Date.parse(t.replace(" ", "T"));
  return Number.isNaN(ms) ? undefined : ms;
}
