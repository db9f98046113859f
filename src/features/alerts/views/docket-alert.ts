/**
 * The reply a `docket` push becomes in its case's thread (message-style.md, Alerts): the new
 * entries newest first, each `*#42* · 3/3/2026 · \`ORDER · GRANTED\` — ORDER granting…` with its
 * Get PDF button (the same entry sections as the case view, so a lawyer reads them the same way),
 * then the routine filings under one line naming them (`+2 routine filings (notices of
 * appearance)`), each listed the same way with its Get PDF (issue 25 item 4: the README promises
 * every entry in the thread), up to ROUTINE_LISTED; the rest are numbered and linked to the docket.
 *
 * A push may carry many entries: the reply is split into as many messages as Slack's limits need
 * (`part 1 of 3`), up to `maxMessages`; past that, the oldest entries are summarised with a View
 * case button rather than flooding the thread (a first push for a newly tracked case can carry a
 * whole docket).
 */
import type { DocketEntry } from "../../../docket/schemas/index.ts";
import { actions, button, context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { entrySection, sortEntriesNewestFirst } from "../../../slack/blockkit/case-entries.ts";
import { courtLongName } from "../../../court/labels.ts";
import { caseUrl } from "../../../court/refs.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { siteLink, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { caseButtonValue, type AlertRenderOptions } from "./case-root.ts";
import { packCapped, partLabel } from "./pack.ts";
import { DEFAULT_ROUTINE_PATTERNS, entryNumbers, routineHead, routineSummary, splitRoutine, type RoutinePattern } from "./routine.ts";

/** Routine filings listed one by one in a thread reply; the rest are numbered with a docket link. */
export const ROUTINE_LISTED = 10;

export interface DocketAlertModel {
  court: string;
  docket: string;
  title?: string | undefined;
  /** The push's `docket_report`: the new entries only, in any order (or the newest of them, see below). */
  entries: readonly DocketEntry[];
  /**
   * When `entries` are only the newest of a bigger push (the outbox keeps what it shows): how many
   * entries the push brought. The reply then says so and links the full docket on the site.
   */
  pushedEntries?: number | undefined;
}

export interface DocketAlertOptions extends AlertRenderOptions {
  routine?: readonly RoutinePattern[] | undefined;
  /** Most messages one push becomes (default 10). */
  maxMessages?: number | undefined;
}

export const DEFAULT_MAX_MESSAGES = 10;
/** What the first words of the newest entry may take in the notification text. */
const TEXT_ENTRY_MAX = 160;

/** Room each message keeps for its foot: the routine line, the part label, the "older" note and button. */
const FOOT = { reserveText: SLACK_LIMITS.contextText + 400, reserveBlocks: 3 };

function notification(m: DocketAlertModel, total: number, newest: DocketEntry | undefined, routine: number, part: string): string {
  const id = caseIdentityText({ title: m.title, court: m.court, docket: m.docket });
  const head = total === 1 ? "New entry" : `${count(total)} new entries`;
  const first = newest ? toPlainText(newest.contents, TEXT_ENTRY_MAX) : "";
  const num = newest?.number !== undefined ? `#${toPlainText(newest.number, 16)} ` : "";
  const lead = first === "" && num === "" ? "" : `: ${num}${first}`.trimEnd();
  const extra = routine > 0 ? ` (${routineSummary(routine)})` : "";
  return `${head} in ${id}${lead}${extra}${part ? ` (${part})` : ""}`;
}

/** The reply as one or more messages, in posting order (newest entries first). */
export function renderDocketAlert(m: DocketAlertModel, opts: DocketAlertOptions): MessagePayload[] {
  const patterns = opts.routine ?? DEFAULT_ROUTINE_PATTERNS;
  const maxMessages = Math.max(1, Math.floor(opts.maxMessages ?? DEFAULT_MAX_MESSAGES));
  const sorted = sortEntriesNewestFirst(m.entries);
  const { notable, routine } = splitRoutine(sorted, patterns);
  const ctx = { siteUrl: opts.siteUrl, court: courtLongName(m.court), docket: m.docket };
  const pushed = m.pushedEntries !== undefined && Number.isFinite(m.pushedEntries) ? Math.trunc(m.pushedEntries) : 0;
  const total = Math.max(sorted.length, pushed);

  // Positions number the entries across the whole alert, so action_ids stay unique per message.
  const groups: Block[][] = notable.map((e, i) => [entrySection(e, i, ctx)]);
  // Routine filings after the rest, under their one line, each with its Get PDF.
  const listed = routine.slice(0, ROUTINE_LISTED);
  const head = routineHead(routine, patterns);
  const routineGroups: Block[][] = listed.map((r, j) => {
    const entry = entrySection(r.entry, notable.length + j, ctx);
    return j === 0 && head ? [context(`${head}:`), entry] : [entry];
  });
  const { packed, omitted } = packCapped([...groups, ...routineGroups], FOOT, maxMessages);
  // Groups are left out from the end: routine ones first.
  const omittedRoutine = Math.min(omitted, routineGroups.length);
  const omittedNotable = omitted - omittedRoutine;
  const unlisted = routine.slice(listed.length - omittedRoutine);
  const docketLink = (label: string) => siteLink(caseUrl(opts.siteUrl, { court: ctx.court, docket: m.docket }, m.title), label, { siteUrl: opts.siteUrl });

  return packed.map((msg, i) => {
    const last = i === packed.length - 1;
    const part = partLabel(i, packed.length);
    const blocks: Block[] = msg.flat();
    if (last && head && listed.length - omittedRoutine === 0) blocks.push(context(`${head}: ${entryNumbers(routine)}`));
    else if (last && unlisted.length > 0) {
      blocks.push(context(`…and ${plural(unlisted.length, "more routine filing", "more routine filings")}: ${entryNumbers(unlisted)} · ${docketLink("all on the docket ↗")}`));
    }
    if (last && total > sorted.length) {
      const link = docketLink("Open the full docket");
      const newest = sorted.length === 1 ? "the newest is" : `the newest ${count(sorted.length)} are`;
      blocks.push(section(`*${plural(total, "entry", "entries")}* came in this push; ${newest} in this thread. ${link}.`));
    }
    if (last && omittedNotable > 0) {
      blocks.push(section(`…and ${plural(omittedNotable, "older entry", "older entries")} in this alert. Open the case to see every entry.`));
      const value = caseButtonValue(m.court, m.docket);
      if (value) blocks.push(actions([button({ text: "View case", actionId: actionId(ACTION.viewCase, "older"), value })]));
    }
    if (blocks.length === 0) blocks.push(section("_The docket service reported new activity in this case but listed no entries._"));
    if (part) blocks.push(context(`${plural(total, "new entry", "new entries")} · ${part}`));
    const newest = i === 0 ? notable[0] : msg.length > 0 ? notable[groups.indexOf(msg[0]!)] : undefined;
    return { text: notification(m, total, newest, i === 0 ? routine.length : 0, part), blocks };
  });
}
