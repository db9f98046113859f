/**
 * Words for the case view's footer and its Refresh dialog (message-style.md, "Money and consent":
 * the confirm dialog says what may cost money and roughly how much).
 */
import { courtDate, isPacerCourt } from "../../../court/labels.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { serviceInstant, slackDateToken } from "../../../slack/blockkit/slack-date.ts";

/**
 * `Cached 3/4/2026 10:12`. An instant (a Date, or a service timestamp that names its zone, as ISO
 * UTC does) is shown in each reader's own zone through Slack's date formatting, with a UTC
 * fallback for old clients; a service string without a zone only as written (its zone is unknown).
 */
export function cachedLabel(cachedAt: string | Date | undefined): string {
  const ms = cachedAt instanceof Date ? cachedAt.getTime() : serviceInstant(cachedAt);
  if (ms !== undefined) {
    const token = slackDateToken(ms, "{date_short_pretty} {time}", (d) => {
      const iso = d.toISOString();
      return `${courtDate(iso.slice(0, 10))} ${iso.slice(11, 16)} UTC`;
    });
    return token ? `Cached ${token}` : "";
  }
  if (cachedAt instanceof Date || cachedAt === undefined || cachedAt.trim() === "") return "";
  const date = courtDate(cachedAt);
  const time = /^\d{4}-\d{2}-\d{2}[T ](\d{2}:\d{2})/.exec(cachedAt.trim())?.[1];
  return `Cached ${toMrkdwnLine(time && date ? `${date} ${time}` : (date ?? cachedAt), 40)}`;
}

/**
 * The Refresh confirm text: what may cost money, roughly how much, and which matter pays. In test
 * mode (the service's `test` parameter: sample data, no charges) it says so first.
 */
/** A court fee's dialog in a channel of several matters: none is named, as none is assumed (the fee gate asks). */
export const SEVERAL_MATTERS = "This channel is linked to several matters: you pick which one pays next";

export function refreshConfirmText(court: string, clientMatter: string | undefined, testMode = false, matterPicked = false): string {
  // PACER's fee schedule caps a case-specific report, the docket report included, at 30 pages ($3.00).
  const fees = isPacerCourt(court) ? " (PACER: $0.10 a page, up to $3.00)" : "";
  if (testMode) return `Test mode: no charges. Outside test mode, pulling a live copy from the court may incur court fees${fees}. Continue?`;
  // Without a matter here the fee guard asks which matter pays (or says where to run it) before anything is pulled.
  const matter = clientMatter
    ? `, charged to matter ${toPlainText(clientMatter, 50)}`
    : matterPicked ? `. ${SEVERAL_MATTERS}`
    : ". This conversation has no client matter: you pick the matter to bill next, or are told where to run it";
  return `Pulling a live copy from the court may incur court fees${fees}${matter}. Nothing is pulled if nothing new was filed. Continue?`;
}
