/**
 * `/docket usage` (issue 4, fee guard; issue 14 item 4): month-to-date calls, AI spend and court
 * fees per matter of this channel, from the usage ledger, each marked reported or estimate. Only the channel's own matters are ever passed in (the wall); this
 * renders what it is given. Pure.
 */
import { context, fieldsSection, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { count, money, plural } from "../../../slack/blockkit/format.ts";
import type { BillableUsage } from "../billable.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { matterName } from "../../../slack/blockkit/names.ts";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `March 2026` for the UTC month that starts at `since`. */
export function monthOf(since: number): string {
  const d = new Date(since);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Sections per matter; a channel rarely has more than a few, and a message holds 50 blocks. */
export const USAGE_MATTERS_MAX = 20;

export function renderUsage(m: { usage: readonly BillableUsage[]; testMode: boolean }): MessagePayload {
  if (m.usage.length === 0) {
    const text = "This channel isn't linked to a client matter, so no usage is billed to it.";
    return { text, blocks: [section(text)] };
  }
  const month = monthOf(m.usage[0]!.since);
  const shown = m.usage.slice(0, USAGE_MATTERS_MAX);
  const blocks: Block[] = [section(`*Usage in ${month} so far* · by client matter of this channel`)];
  for (const u of shown) {
    blocks.push(section(matterName(u.clientMatter)));
    const court = [`${money(u.courtEstimate)} estimate`, ...(u.courtReported > 0 ? [`${money(u.courtReported)} reported`] : [])].join(" + ");
    blocks.push(
      fieldsSection([
        `*Calls*\n${count(u.calls)}`,
        `*AI spend*\n${money(u.aiReported)} reported`,
        `*Court fees*\n${court}`,
        `*Court fees not priced*\n${plural(u.unpricedFeeCalls, "live pull or document", "live pulls or documents")}`,
      ]),
    );
  }
  if (m.usage.length > shown.length) blocks.push(context(`…and ${plural(m.usage.length - shown.length, "more matter", "more matters")}.`));
  blocks.push(
    context(
      m.testMode
        ? "Test mode: the docket service returns sample data and charges nothing."
        : "Reported: as the docket service reported it (AI answers). Estimate: PACER searches at the published tariff, $0.10 a search plus $0.10 a page of results (up to $0.20 a call), " +
          "and federal documents retrieved live at $0.10 a page (up to $3.00), their pages counted in the PDF. " +
          "Live pulls and other documents may carry court fees the service doesn't price. Amounts are to the cent here; `/docket usage export` gives every call as a CSV, with exact amounts.",
    ),
  );
  const summary = shown
    .map((u) => `${toPlainText(u.clientMatter, 50)}: ${plural(u.calls, "call", "calls")}, AI ${money(u.aiReported)} reported, court fees ${money(u.courtEstimate + u.courtReported)} estimate`)
    .join("; ");
  return { text: `Usage in ${month} so far: ${summary}.`, blocks };
}
