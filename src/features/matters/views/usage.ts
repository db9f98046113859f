/**
 * `/docket usage` (issue 4, fee guard): month-to-date calls and spend per matter of this channel,
 * from the usage ledger. Only the channel's own matters are ever passed in (the wall); this
 * renders what it is given. Pure.
 */
import { context, fieldsSection, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import type { MatterUsage } from "../../../store/store.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { matterName } from "../../../slack/blockkit/names.ts";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `$0.02`, `$12.50`; sub-cent AI prices keep their third decimal (`$0.015`). */
export function money(n: number): string {
  const cents = Math.round(n * 100) / 100;
  return Math.abs(n - cents) >= 0.0005 ? `$${n.toFixed(3)}` : `$${cents.toFixed(2)}`;
}

/** `March 2026` for the UTC month that starts at `since`. */
export function monthOf(since: number): string {
  const d = new Date(since);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Sections per matter; a channel rarely has more than a few, and a message holds 50 blocks. */
export const USAGE_MATTERS_MAX = 20;

export function renderUsage(m: { usage: readonly MatterUsage[]; testMode: boolean }): MessagePayload {
  if (m.usage.length === 0) {
    const text = "This channel isn't linked to a client matter, so no usage is billed to it.";
    return { text, blocks: [section(text)] };
  }
  const month = monthOf(m.usage[0]!.since);
  const shown = m.usage.slice(0, USAGE_MATTERS_MAX);
  const blocks: Block[] = [section(`*Usage in ${month} so far* · by client matter of this channel`)];
  for (const u of shown) {
    const spend = u.pricedCalls > 0 ? `${money(u.pricedSpend)} over ${plural(u.pricedCalls, "priced call", "priced calls")}` : "$0.00";
    blocks.push(section(matterName(u.clientMatter)));
    blocks.push(
      fieldsSection([
        `*Calls*\n${count(u.calls)}`,
        `*May have incurred court fees*\n${count(u.feeBearingCalls)}`,
        `*Priced spend*\n${spend}`,
      ]),
    );
  }
  if (m.usage.length > shown.length) blocks.push(context(`…and ${plural(m.usage.length - shown.length, "more matter", "more matters")}.`));
  blocks.push(
    context(
      m.testMode
        ? "Test mode: the docket service returns sample data and charges nothing."
        : "Priced spend is what the service reported (AI answers). Court fees for live pulls, documents and PACER searches are billed by the court, not priced here; the fee-bearing count says how many calls may have incurred them.",
    ),
  );
  const summary = shown.map((u) => `${toPlainText(u.clientMatter, 50)}: ${plural(u.calls, "call", "calls")}, ${money(u.pricedSpend)}`).join("; ");
  return { text: `Usage in ${month} so far: ${summary}.`, blocks };
}
