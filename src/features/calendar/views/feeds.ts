/**
 * `/docket calendar` (issue 16 item 5), for admins, privately: each of the channel's matters with
 * its feed (made when, by whom) and buttons to make a URL or revoke it; and, once, the URL just
 * made, since docketbot keeps only a fingerprint of it. The warning says what a URL is: a key that
 * lets anyone who holds it read the matter's court dates, without Slack. Pure.
 */
import { actions, button, confirmDialog, context, divider, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { codec } from "../../../slack/blockkit/codec.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { slackDay } from "../../../slack/blockkit/slack-date.ts";

const CONTROL = /[\u0000-\u001F\u007F]/;
const MATTER = codec((w): { m: string } | undefined => {
  const m = w.m;
  return typeof m === "string" && m.trim() !== "" && m.length <= 50 && !CONTROL.test(m) ? { m } : undefined;
}, { maxLength: SLACK_LIMITS.buttonValue, what: "button value" });

export const encodeFeedMatter = (matter: string): string => MATTER.mustEncode({ m: matter });
export const decodeFeedMatter = (raw: unknown): string | undefined => MATTER.decode(raw)?.m;

export interface FeedRow {
  matter: string;
  /** The live feed, when there is one. */
  feed?: { createdBy: string; createdAt: number } | undefined;
}

export interface FeedsModel {
  rows: readonly FeedRow[];
  /** A URL just made (shown this once) or a feed just revoked. */
  made?: { matter: string; url: string; replaced: boolean } | undefined;
  revoked?: { matter: string } | undefined;
}

export const FEED_WARNING =
  ":warning: Anyone with a feed URL can read that matter's court dates, without Slack and without signing in. " +
  "Give it only to people on the matter; if it leaks, revoke it or make a new one (the old one then stops working at once).";

const HOW_TO =
  "*Outlook*: Add calendar → Subscribe from web, paste the URL. *Google Calendar*: Other calendars + → From URL, paste the URL. " +
  "Calendar apps fetch it again every few hours (Google on its own schedule), so moved and vacated dates follow.";

/** Rows shown: a channel rarely has more than a few matters; Slack's 50 blocks bound the rest. */
const MAX_ROWS = 15;

function rowBlocks(r: FeedRow, i: number): MessagePayload["blocks"] {
  const name = matterName(r.matter);
  const plain = toPlainText(r.matter, 50);
  const value = encodeFeedMatter(r.matter);
  if (!r.feed) {
    return [
      section(`${name}: no calendar feed.`),
      actions([button({ text: `Make a feed URL for ${plain}`, style: "primary", actionId: actionId(ACTION.calendarCreate, i), value })]),
    ];
  }
  return [
    section(`${name}: a calendar feed made ${slackDay(r.feed.createdAt)} by ${mention(r.feed.createdBy)}.`),
    actions([
      button({
        text: "Make a new URL",
        actionId: actionId(ACTION.calendarCreate, i),
        value,
        confirm: confirmDialog({ title: "Replace the feed URL?", text: `The current URL of ${plain} stops working at once; everyone subscribed needs the new one.`, confirm: "Make a new URL", deny: "Cancel" }),
      }),
      button({
        text: "Revoke",
        style: "danger",
        actionId: actionId(ACTION.calendarRevoke, i),
        value,
        confirm: confirmDialog({ title: "Revoke the feed?", text: `The URL of ${plain} stops working at once; subscribed calendars stop updating.`, confirm: "Revoke", deny: "Cancel" }),
      }),
    ]),
  ];
}

export function renderFeeds(m: FeedsModel): MessagePayload {
  const blocks: MessagePayload["blocks"] = [];
  let text = "Calendar feeds of this channel's matters.";
  if (m.made) {
    const plain = toPlainText(m.made.matter, 50);
    // Not in the notification text: previews and notifications would show the secret.
    text = `A new calendar feed URL for ${plain} is below: copy it now.`;
    blocks.push(
      section(`${m.made.replaced ? "New" : "The"} calendar feed URL for ${matterName(m.made.matter)}${m.made.replaced ? " (the old URL no longer works)" : ""}:\n\`\`\`${m.made.url}\`\`\``),
      context("Copy it now: docketbot keeps only a fingerprint of it and cannot show it again.", HOW_TO),
      divider(),
    );
  }
  if (m.revoked) {
    text = `The calendar feed of ${toPlainText(m.revoked.matter, 50)} is revoked: its URL no longer works.`;
    blocks.push(section(`The calendar feed of ${matterName(m.revoked.matter)} is revoked: its URL no longer works.`), divider());
  }
  blocks.push(section("*Calendar feeds* of this channel's matters: each matter's deadlines and hearings from its dockets, for Outlook or Google Calendar."));
  m.rows.slice(0, MAX_ROWS).forEach((r, i) => blocks.push(...rowBlocks(r, i)));
  if (m.rows.length > MAX_ROWS) blocks.push(context(`And ${m.rows.length - MAX_ROWS} more matters: run this in a channel with fewer.`));
  blocks.push(context(FEED_WARNING));
  return { text, blocks };
}
