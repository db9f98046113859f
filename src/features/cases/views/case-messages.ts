/**
 * The small messages around a case view (message-style.md): the "working" state shown at once
 * while the docket is fetched or refreshed, the notice a refresh adds to the view, and the lookup
 * shortcut's "nothing found" help. Pure; every piece of user or service text is escaped here.
 */
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import type { CaseRef } from "../../../court/refs.ts";
import type { DocketEntry } from "../../../docket/schemas/index.ts";
import { section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { courtDate, courtLabel } from "../../../court/labels.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

/** `1:23-cv-01234 in S.D.N.Y.` as mrkdwn: how a case is named before its title is known. */
export function caseRefLine(ref: CaseRef): string {
  return `${toMrkdwnLine(ref.docket, 80)} in ${toMrkdwnLine(courtLabel(ref.court), 120)}`;
}

/** The same, as plain text (notification `text`, error subjects). */
export function caseRefText(ref: CaseRef): string {
  return `${toPlainText(ref.docket, 80)} in ${toPlainText(courtLabel(ref.court), 120)}`;
}

function working(mrkdwnText: string, plain: string): MessagePayload {
  return { text: plain, blocks: [section(mrkdwnText)] };
}

/** `:hourglass_flowing_sand: Getting 1:23-cv-01234 in S.D.N.Y.…` */
export function renderCaseWorking(ref: CaseRef): MessagePayload {
  return working(`:hourglass_flowing_sand: Getting ${caseRefLine(ref)}…`, `Getting ${caseRefText(ref)}…`);
}

/** Shown in place of the case view while a live pull runs (it can take a minute). */
export function renderRefreshing(ref: CaseRef): MessagePayload {
  return working(
    `:hourglass_flowing_sand: Refreshing ${caseRefLine(ref)} from the court… this can take a minute.`,
    `Refreshing ${caseRefText(ref)} from the court…`,
  );
}

/**
 * The line a refreshed view carries: whether anything new was filed. `added` are the entries the
 * live pull revealed (none also when the service saw no activity and skipped the pull); undefined
 * when the earlier copy could not be read, so nothing can be compared. `checkedAt`: when the
 * service last pulled the docket from the court (its date_cached), if it names its zone.
 */
export function refreshNotice(added: readonly DocketEntry[] | undefined, checkedAt?: number, billedTo?: string, ranAt?: number): string {
  // Issue 25 item 7: the amount too; the service prices no live pull, so that is what is said.
  return `${refreshed(added, checkedAt, ranAt)}${billedTo ? ` Court fees, if any: billed to ${toMrkdwnLine(billedTo, 50)}, amount not reported by the service.` : ""}`;
}

/** Within this of the refresh, the service's check is this refresh's own: said once. */
const SAME_CHECK_MS = 2 * 60_000;

function refreshed(added: readonly DocketEntry[] | undefined, checkedAt?: number, ranAt?: number): string {
  // When this refresh ran, and separately when the service last checked the court (issue 25 item
  // 8: "court checked 8:58 AM" right after a refresh at 11:00 read as if the refresh were old).
  const ran = slackMoment(ranAt);
  const head = `*Refreshed from the court${ran ? ` ${ran}` : ""}*`;
  const checked = slackMoment(checkedAt);
  const separate = checked && !(ranAt !== undefined && checkedAt !== undefined && Math.abs(ranAt - checkedAt) <= SAME_CHECK_MS);
  const check = separate ? ` The docket service last checked the court ${checked}.` : "";
  if (added === undefined) return `${head}.${check}`;
  // The refresh asks with use_last_filing_date (spec, getdocket/): with no activity since the last
  // filing the service skips the pull, and its copy keeps its older date; say so rather than set a
  // "refreshed" time beside an older "last checked" one.
  if (added.length === 0 && separate && ranAt !== undefined && checkedAt !== undefined && checkedAt < ranAt) {
    return `${head}: nothing new has been filed since the last filing, so the docket service did not pull the court's docket again (its copy is from ${checked}).`;
  }
  if (added.length === 0) return `${head}: nothing new has been filed.${check}`;
  const dates = added.map((e) => courtDate(e.date) ?? courtDate(e.entry_date)).filter((d): d is string => d !== undefined);
  const newest = dates.length > 0 ? ` (latest ${toMrkdwnLine(newestDate(dates), 24)})` : "";
  return `${head}: ${plural(added.length, "new entry", "new entries")}${newest}, shown below.${check}`;
}

function newestDate(dates: readonly string[]): string {
  const key = (d: string) => {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(d);
    return m ? Number(m[3]) * 10_000 + Number(m[1]) * 100 + Number(m[2]) : -1;
  };
  return dates.reduce((a, b) => (key(b) > key(a) ? b : a));
}

/** The lookup view's notice when the message names more cases than the one shown. */
export function otherCasesNotice(others: readonly CaseRef[]): string | undefined {
  if (others.length === 0) return undefined;
  const shown = others.slice(0, 3).map(caseRefLine).join("; ");
  const more = others.length > 3 ? ` and ${plural(others.length - 3, "more", "more")}` : "";
  return `The message also names ${shown}${more}. Open one with \`/docket case <court> <docket>\`.`;
}

/** The lookup shortcut found no case: what it looks for, with an example. */
/**
 * A message whose case link names no docket number (a CM/ECF page, a CourtListener docket: their
 * numbers are internal ids), said plainly (issue 15 item 14), with what to do instead.
 */
export function renderNumberlessLink(link: { source: "cmecf" | "courtlistener"; court?: string | undefined; title?: string | undefined }): MessagePayload {
  const where = link.source === "cmecf" ? "PACER (CM/ECF) page" : "CourtListener link";
  const court = link.court ? ` of ${toMrkdwnLine(courtLabel(link.court), 40)}` : "";
  const search = link.title ? ` Or search for it: \`/docket search ${toMrkdwnLine(link.title, 120)}\`.` : "";
  const text =
    `That ${where}${court} doesn't name the case's docket number, so I can't tell which case it is. ` +
    `Paste the number with the court, like \`/docket case ${toMrkdwnLine(link.court ?? "nysd", 12)} 1:23-cv-01234\`.${search}`;
  return { text: toPlainText(text.replaceAll("`", "")), blocks: [section(text)] };
}

export function renderLookupNotFound(siteUrl: string): MessagePayload {
  let host = "the docket service's site";
  try {
    host = new URL(siteUrl).host;
  } catch {
    // keep the generic words
  }
  const text =
    "I didn't find a case in that message. I look for a link to a case on " +
    `${toMrkdwnLine(host, 100)}, or a court and docket number such as \`nysd 1:23-cv-01234\` or ` +
    "`S.D.N.Y. No. 1:23-cv-01234`.";
  return { text: toPlainText(text.replaceAll("`", "")), blocks: [section(text)] };
}
