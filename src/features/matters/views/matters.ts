/**
 * `/docket matter`, `matter link`, `matter unlink` (issue 4, "Matters, ethical walls"): which client
 * matters a channel carries, and what linking or unlinking one changes. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { datesFoundText, type DatesFound } from "../../../slack/blockkit/court-date.ts";
import { slackDay } from "../../../slack/blockkit/slack-date.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";

export interface MatterLinkView {
  clientMatter: string;
  linkedBy: string;
  /** ms since the epoch. */
  linkedAt: number;
}

export function renderMatters(m: { links: readonly MatterLinkView[]; isAdmin: boolean }): MessagePayload {
  if (m.links.length === 0) {
    const how = m.isAdmin
      ? "Link one with `/docket matter link ACME-001`."
      : "A docketbot admin can link one with `/docket matter link ACME-001`.";
    return {
      text: "This channel isn't linked to a client matter.",
      blocks: [
        section(`This channel isn't linked to a client matter. ${how}`),
        context("Until then it can look cases up, but not track them; lookups from here are not billed to any matter."),
      ],
    };
  }
  const lines = m.links.map((l) => `• ${matterName(l.clientMatter)} · linked ${slackDay(l.linkedAt)} by ${mention(l.linkedBy)}`);
  const admin = m.isAdmin ? " · `/docket matter link …` / `unlink …` to change" : "";
  return {
    text: `This channel's client ${m.links.length > 1 ? "matters" : "matter"}: ${m.links.map((l) => toPlainText(l.clientMatter, 50)).join(", ")}.`,
    blocks: [
      section(`*This channel's client ${m.links.length > 1 ? "matters" : "matter"}*\n${lines.join("\n")}`),
      context(
        `Trackers of ${m.links.length > 1 ? "these matters" : "this matter"} post their alerts here, and calls from here are billed to ${m.links.length > 1 ? "them" : "it"}. ` +
          `\`/docket tracking\` lists them${admin}.`,
      ),
    ],
  };
}

/** Non-admins asking to change links: who can. */
export function adminOnlyText(admins: readonly string[]): string {
  const named = admins.slice(0, 3).map(mention);
  const who = named.length > 0 ? ` Ask ${named.join(" or ")}${admins.length > 3 ? " or another admin" : ""}.` : " Ask whoever runs docketbot to add you to DOCKETBOT_ADMINS.";
  return `Only docketbot admins can link or unlink client matters.${who}`;
}

export interface LinkedModel {
  matter: string;
  userId: string;
  /** false: the channel already had it. */
  linked: boolean;
  /** Alerts that were held because no channel had the matter, now being posted. */
  releasedPushes: number;
  /** The dates of the cases the matter tracks, read at once (issue 23 item 1). */
  dates?: DatesFound | undefined;
  /** The channel has other matters too: its fees are not billed to this one without asking. */
  others?: number | undefined;
}

export function renderLinked(m: LinkedModel): MessagePayload {
  const name = matterName(m.matter);
  const plain = toPlainText(m.matter, 50);
  const released =
    m.releasedPushes > 0
      ? ` *${plural(m.releasedPushes, "alert was", "alerts were")} waiting* for a channel of this matter; ${m.releasedPushes === 1 ? "it is" : "they are"} being posted here now.`
      : "";
  if (!m.linked) {
    return {
      text: `This channel is already linked to ${plain}.${m.releasedPushes > 0 ? ` ${plural(m.releasedPushes, "alert was", "alerts were")} waiting and ${m.releasedPushes === 1 ? "is" : "are"} being posted here now.` : ""}`,
      blocks: [section(`This channel is already linked to client matter ${name}.${released}`)],
    };
  }
  return {
    text: `This channel is now linked to client matter ${plain}${datesFoundText(m.dates, true)}.${m.releasedPushes > 0 ? ` ${plural(m.releasedPushes, "alert was", "alerts were")} waiting and ${m.releasedPushes === 1 ? "is" : "are"} being posted here now.` : ""}`,
    blocks: [
      section(`This channel is now linked to client matter ${name}${datesFoundText(m.dates)}.${released}`),
      context(
        `Linked by ${mention(m.userId)}. Alerts of ${name}'s trackers post here, \`/docket track …\` tracks cases for it, and ${(m.others ?? 0) > 0 ? "a question, search or court fee here asks which of the channel's matters pays" : "calls from here are billed to it"}.`,
      ),
    ],
  };
}

export interface UnlinkedModel {
  matter: string;
  userId: string;
  unlinked: boolean;
  /** Alerts queued for this channel that will not be posted now. */
  cancelledDeliveries: number;
  /** Other channels still linked to the matter. */
  otherChannels: number;
}

/** How to stop the matter's trackers: where the matter still has a channel, or once one is linked again. */
function stopTrackers(m: UnlinkedModel, name: string): string {
  return m.otherChannels > 0
    ? `To stop a tracker itself, use \`/docket untrack …\` in a channel of ${name}.`
    : `To stop a tracker itself, link a channel to ${name} again (\`/docket matter link …\`, admins) and use \`/docket untrack …\` there.`;
}

export function renderUnlinked(m: UnlinkedModel): MessagePayload {
  const name = matterName(m.matter);
  const plain = toPlainText(m.matter, 50);
  if (!m.unlinked) return { text: `This channel isn't linked to ${plain}.`, blocks: [section(`This channel isn't linked to client matter ${name}, so nothing changed.`)] };
  const cancelled = m.cancelledDeliveries > 0 ? ` ${plural(m.cancelledDeliveries, "queued alert", "queued alerts")} for this channel won't be posted.` : "";
  const after =
    m.otherChannels > 0
      ? `Its trackers keep running; ${plural(m.otherChannels, "other channel", "other channels")} of ${name} still ${m.otherChannels === 1 ? "gets" : "get"} their alerts.`
      : `Its trackers keep running, and no channel has ${name} now: their alerts are held until a channel is linked to it again.`;
  return {
    text: `This channel is no longer linked to ${plain}: its alerts stop here.`,
    blocks: [
      section(`This channel is no longer linked to client matter ${name}: its alerts stop here, and this channel can no longer see or change its trackers.${cancelled}`),
      context(`Unlinked by ${mention(m.userId)}. ${after} ${stopTrackers(m, name)}`),
    ],
  };
}
