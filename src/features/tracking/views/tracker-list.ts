/**
 * `/docket tracking` (issue 4): the enabled trackers of this channel's matters, one section each
 * with an Untrack button, paged so a message stays within Block Kit's 50 blocks and ~12k
 * characters of block text however many trackers a matter has. Pure.
 */
import { actions, button, confirmDialog, context, section, type Block, type ButtonElement, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { frequencyPhrase } from "./track-frequency.ts";
import { targetLine, targetText } from "./tracking.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { encodePage, encodeUntrack, type TrackTargetRef } from "./tracking-values.ts";

export interface TrackerRow {
  target: TrackTargetRef;
  /** Untrusted, from the listing. */
  title?: string | undefined;
  frequency?: string | undefined;
  matter: string;
}

export interface TrackerListModel {
  rows: readonly TrackerRow[];
  /** The channel's matters (the wall the rows were filtered by). */
  matters: readonly string[];
  /** 0-based; clamped to the last page. */
  page: number;
  /** false when the service's listing could not be read to its end. */
  complete: boolean;
  /** Drawn right after this channel stopped tracking something: an empty list says "no longer". */
  justStopped?: boolean | undefined;
}

/**
 * Each row is at most ~700 characters of block text (a 120-character title, its case URL on the
 * site, the line under it, the button and its dialog), so 12 rows stay far below the ~12k limit.
 */
export const TRACKERS_PER_PAGE = 12;

/** Cases first, then saved searches; by matter, then by what they follow. */
export function sortRows(rows: readonly TrackerRow[]): TrackerRow[] {
  const key = (r: TrackerRow) => `${"q" in r.target ? 1 : 0}\u0000${r.matter}\u0000${"q" in r.target ? r.target.q : (r.title ?? r.target.docket).toLowerCase()}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function untrackButton(row: TrackerRow, i: number, page: number): ButtonElement {
  const search = "q" in row.target;
  const what = toPlainText(targetText(row), 160);
  return button({
    text: search ? "Unwatch" : "Untrack",
    actionId: actionId(ACTION.untrackCase, i),
    value: encodeUntrack({ target: row.target, page }),
    confirm: confirmDialog({
      title: search ? "Stop watching?" : "Stop tracking?",
      text: `${search ? "New cases matching" : "New filings in"} ${what} will no longer be posted to the channels of matter ${toPlainText(row.matter, 50)}.`,
      confirm: search ? "Stop watching" : "Stop tracking",
      deny: "Keep it",
    }),
  });
}

export function renderTrackerList(model: TrackerListModel, opts: { siteUrl: string }): MessagePayload {
  const rows = sortRows(model.rows);
  const matters = model.matters.map(matterName).join(", ");
  const plainMatters = model.matters.map((m) => toPlainText(m, 50)).join(", ");
  const incomplete = model.complete ? [] : [context(":warning: I couldn't read the service's whole list of trackers, so some may be missing. Try again in a minute.")];
  if (rows.length === 0) {
    // Issue 25 item 10: after an untrack, "nothing … yet" read as if it had never tracked anything.
    const one = model.matters.length === 1;
    const text = model.justStopped
      ? `${plainMatters} no longer ${one ? "tracks" : "track"} anything.`
      : `Nothing is tracked for ${plainMatters} yet.`;
    return {
      text,
      blocks: [
        section(model.justStopped ? `${one ? "Matter" : "Matters"} ${matters} no longer ${one ? "tracks" : "track"} anything.` : `Nothing is tracked for ${one ? "matter" : "matters"} ${matters} yet.`),
        context('Track a case: `/docket track nysd 1:23-cv-01234 daily` · watch a search: `/docket watch "widget patent" weekly`'),
        ...incomplete,
      ],
    };
  }
  const pages = Math.ceil(rows.length / TRACKERS_PER_PAGE);
  const page = Math.min(Math.max(0, model.page), pages - 1);
  const first = page * TRACKERS_PER_PAGE;
  const shown = rows.slice(first, first + TRACKERS_PER_PAGE);
  const cases = rows.filter((r) => !("q" in r.target)).length;
  const searches = rows.length - cases;
  const tally = [cases ? plural(cases, "case", "cases") : "", searches ? plural(searches, "saved search", "saved searches") : ""].filter(Boolean).join(" · ");
  const range = pages > 1 ? ` · showing ${count(first + 1)}–${count(first + shown.length)} of ${count(rows.length)}` : "";

  const blocks: Block[] = [
    section(`*Tracked for this channel* · ${model.matters.length > 1 ? "matters" : "matter"} ${matters}`),
    context(`${tally}${range}`),
    ...incomplete,
  ];
  shown.forEach((row, i) => {
    blocks.push(section(`${targetLine(row, opts)}\nChecked ${frequencyPhrase(row.frequency)} · matter ${matterName(row.matter)}`, untrackButton(row, i, page)));
  });
  if (pages > 1) {
    const nav: ButtonElement[] = [];
    if (page > 0) nav.push(button({ text: "Previous", actionId: actionId(ACTION.trackingPage, "prev"), value: encodePage(page - 1) }));
    if (page < pages - 1) nav.push(button({ text: "Next", actionId: actionId(ACTION.trackingPage, "next"), value: encodePage(page + 1) }));
    blocks.push(actions(nav));
  }
  return { text: `This channel tracks ${tally} for ${plainMatters}.`, blocks };
}
