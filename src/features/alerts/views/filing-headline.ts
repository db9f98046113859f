/**
 * The channel-level message of a docket push that brought significant filings (issue 12, Visible
 * filings): the case identity line, then each significant filing — `*#42* · 3/3/2026 · \`Order\` —
 * ORDER granting motion to dismiss…` (the number links to the document on the service's site) —
 * with its sign-off controls: a plain "Mark docketed" button (the action) and an "Assign" user
 * picker, and, once signed off, the state as text with Undo beside it (`✓ Docketed by @ann · 11:03
 * AM` · `Assigned to @bob`): message-style.md, a button never reads like a state (issue 25 item 2).
 * Its foot counts what stayed in the case thread since the channel's last alert of the case
 * (`+3 routine filings in the thread since the last alert`).
 *
 * The outbox posts it as a reply in the case's thread broadcast to the channel (reply_broadcast),
 * so it shows at the bottom of the channel and notifies like a new message while the thread stays
 * the case's history. Pure: a function of the stored filings and counts, so the interactive
 * handlers re-render it the same way after a click (filingsOfMessage + headlineCounts).
 */
import { context, mrkdwn, plainText, section, type AnyBlock, type ControlsBlock, type MessagePayload, type SectionBlock } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText, type CaseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { courtDate } from "../../../court/labels.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { siteLink, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { courtLongName } from "../../../court/labels.ts";
import { caseUrl } from "../../../court/refs.ts";
import type { FilingRecord } from "../../../store/filing-records.ts";
import { countsBlockId, FILING_ACTION, FILING_BLOCK, filingValue, type HeadlineCounts } from "./alert-controls.ts";
import type { AlertRenderOptions } from "./case-root.ts";

/** Filings listed with controls in one headline; the rest are counted and left to the thread. */
export const HEADLINE_MAX_FILINGS = 10;
/** A filing's first line in the headline (message-style.md: entry text cut at ~300 chars). */
const SUMMARY_MAX = 300;
const TEXT_SUMMARY_MAX = 140;

export interface FilingHeadlineModel {
  /** The case (court as the service names it or a PACER code; the title is untrusted). */
  case: CaseIdentity;
  /** The significant filings to list, in the order given (the outbox gives newest first). */
  filings: readonly FilingRecord[];
  counts: HeadlineCounts;
  clientMatter?: string | undefined;
  /**
   * What each filing does to the case's court dates (issue 16), by filing id, already rendered
   * (`sets Expert Reports due 12/8/2026 · moves Status Conference to 9/15/2025 10:00 AM`).
   */
  dateLines?: ReadonlyMap<number, string> | undefined;
}

/** block_id prefix of a filing's court-date line: a re-render after a click carries it over. */
export const FILING_DATES_BLOCK = "filing_dates:";

/** A Slack user id we may mention; anything else (a tampered or garbled id) is not mentioned. */
const USER_ID = /^[UW][A-Z0-9]{2,20}$/;
const mentionOf = (user: string | undefined): string => mention(user ?? "");

/** ` Today at 1:26 PM` in the reader's own zone (slack-date.ts), or "" for no time. */
function slackDate(ms: number | undefined): string {
  const token = slackMoment(ms);
  return token ? ` ${token}` : "";
}

/** `*#42* · 3/3/2026 · \`Order\` — text`, the number linked to its document on the service's site. */
function filingLine(f: FilingRecord, siteUrl: string): string {
  const number = f.entryNumber !== undefined ? toMrkdwnLine(f.entryNumber, 16) : "";
  const label = number !== "" ? `#${number}` : "Entry";
  const linked = siteLink(f.link, label, { siteUrl });
  const head = [`*${linked}*`];
  const date = courtDate(f.entryDate);
  if (date !== undefined) head.push(toMrkdwnLine(date));
  const kind = toMrkdwnLine(f.kind, 40);
  if (kind !== "") head.push(`\`${kind}\``);
  const summary = toMrkdwnLine(f.summary, SUMMARY_MAX);
  return `${head.join(" · ")} — ${summary === "" ? "_(no text)_" : summary}`;
}

/** `✓ Docketed by <@U1> · <time>`: the state a click left, as text (never on a button). */
export function docketedState(by: string, at: number | undefined): string {
  const when = slackDate(at).trim();
  return `✓ Docketed by ${mentionOf(by)}${when ? ` · ${when}` : ""}`;
}

/** Who else is on it: `Assigned to <@U2>` (the docketed state sits with its Undo button above). */
function stateLine(f: FilingRecord): string | undefined {
  return f.assignee !== undefined ? `Assigned to ${mentionOf(f.assignee)}` : undefined;
}

function filingBlocks(f: FilingRecord, siteUrl: string, dates: string | undefined): AnyBlock[] {
  const value = filingValue.encode({ f: f.id });
  const docketed = f.docketedBy !== undefined;
  const text: SectionBlock = { ...section(filingLine(f, siteUrl)), block_id: `${FILING_BLOCK.filing}${f.id}` };
  const blocks: AnyBlock[] = [text];
  // One action for both: the handler reads the stored state, so a stale message cannot undo by mistake twice.
  const docketButton = (label: string) => ({ type: "button" as const, action_id: FILING_ACTION.docketed, value: value!, text: plainText(label) });
  if (value && !docketed) text.accessory = docketButton("Mark docketed");
  if (docketed) {
    const state: SectionBlock = { ...section(docketedState(f.docketedBy!, f.docketedAt)), block_id: `${FILING_BLOCK.state}${f.id}` };
    if (value) state.accessory = docketButton("Undo");
    blocks.push(state);
  }
  if (dates) blocks.push({ ...context(`:calendar: ${dates}`), block_id: `${FILING_DATES_BLOCK}${f.id}` });
  const state = stateLine(f);
  if (state) blocks.push(context(state));
  const assign: ControlsBlock = {
    type: "actions",
    block_id: `${FILING_BLOCK.assign}${f.id}`,
    elements: [{
      type: "users_select", action_id: FILING_ACTION.assign, placeholder: plainText(f.assignee !== undefined ? "Reassign" : "Assign"),
      ...(f.assignee !== undefined && USER_ID.test(f.assignee) ? { initial_user: f.assignee } : {}),
    }],
  };
  blocks.push(assign);
  return blocks;
}

/** The plain `text` a notification shows: `Order in Acme v. Widget · S.D.N.Y. · 1:23-cv-01234: #42 ORDER granting…`. */
function notification(m: FilingHeadlineModel, listed: readonly FilingRecord[], total: number, inThread: number): string {
  const id = caseIdentityText(m.case);
  const first = listed[0];
  const head = total === 1 && first ? toPlainText(first.kind, 40) || "New filing" : `${count(total)} new filings`;
  const num = first?.entryNumber !== undefined ? `#${toPlainText(first.entryNumber, 16)} ` : "";
  const lead = first ? `: ${num}${toPlainText(first.summary, TEXT_SUMMARY_MAX)}`.trimEnd() : "";
  const extra = inThread > 0 ? ` (+${count(inThread)} in the thread)` : "";
  return `${head} in ${id}${lead === ":" ? "" : lead}${extra}`;
}

export function renderFilingHeadline(m: FilingHeadlineModel, opts: AlertRenderOptions): MessagePayload<AnyBlock> {
  const listed = m.filings.slice(0, HEADLINE_MAX_FILINGS);
  const n = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? Math.max(0, Math.trunc(x)) : 0);
  const more = n(m.counts.moreSignificant) + (m.filings.length - listed.length);
  const routine = n(m.counts.routine);
  const notable = n(m.counts.notableInThread);
  const foldedCount = routine + notable;
  const total = listed.length + more;
  const what = total === 1 ? "New filing" : `${count(total)} new filings`;
  // A giant push: the thread holds only its newest entries (issue 25 item 13), so say what is where.
  const holds = n(m.counts.threadHolds);
  const docket = siteLink(caseUrl(opts.siteUrl, { court: courtLongName(m.case.court), docket: m.case.docket }, m.case.title), "all on the docket ↗", { siteUrl: opts.siteUrl });
  const where = holds > 0 ? `the newest ${count(holds)} ${holds === 1 ? "entry is" : "entries are"} in the thread, ${docket}` : "";
  const blocks: AnyBlock[] = [{ type: "section", text: mrkdwn(`${caseIdentity(m.case, opts)}\n*${what}*`) }];
  for (const f of listed) blocks.push(...filingBlocks(f, opts.siteUrl, m.dateLines?.get(f.id)));
  if (more > 0) {
    blocks.push(section(holds > 0 ? `…and ${count(more)} more: ${where}.` : `…and ${plural(more, "more significant filing", "more significant filings")} in the thread.`));
  }
  const folded = [notable > 0 ? `${count(notable)} notable` : "", routine > 0 ? plural(routine, "routine filing", "routine filings") : ""].filter(Boolean);
  if (notable > 0 && routine === 0) folded[0] = plural(notable, "notable filing", "notable filings");
  const foot = [
    // The folded count includes filings posted only in the thread since this channel's last alert
    // of the case (a routine summons alone): said so, or a reader looks for them in this push.
    folded.length > 0 ? `+${folded.join(" and ")}${holds > 0 ? "" : " in the thread since the last alert"}` : holds > 0 ? "" : "Every entry is in the thread",
    holds > 0 && more === 0 ? where : "",
    m.clientMatter ? `matter ${toMrkdwnLine(m.clientMatter, 50)}` : "",
  ].filter((s) => s !== "");
  blocks.push({ ...context(foot.join(" · ")), block_id: countsBlockId({ moreSignificant: more, routine, notableInThread: notable, threadHolds: holds }) });
  return { text: notification(m, listed, total, foldedCount), blocks };
}
