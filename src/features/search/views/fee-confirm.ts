/**
 * Money and consent for live federal (PACER) searches (message-style.md, "Money and consent": the
 * confirm dialog says what costs money, roughly how much, and who pays). Fees are the spec's
 * (Limits, "What counts as a call"): $0.10 for the search plus $0.10 per page of results accessed;
 * the Slack layer passes them in (docket/call-info.ts PACER_FEES), so this file stays pure.
 */
import { confirmDialog, type ConfirmDialog } from "../../../slack/blockkit/blocks.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { money } from "../../../slack/blockkit/format.ts";

export interface PacerFees {
  /** The search itself. */
  searchBase: number;
  /** Each page of results (50 cases) accessed. */
  searchPerPage: number;
}

/** Who pays: the channel's client matter ("" when none is linked), or nobody in test mode. */
export interface ChargeTo {
  clientMatter: string;
  testMode: boolean;
}


/** What the first page costs: the search plus its first page of results. */
export function pacerSearchCost(fees: PacerFees): number {
  return Math.round((fees.searchBase + fees.searchPerPage) * 100) / 100;
}

/** `charged to matter ACME-001`, or why nothing is billed to a matter (plain text). */
export function chargeNote(charge: ChargeTo): string {
  if (charge.testMode) return "test mode: no charges";
  if (charge.clientMatter === "") return "not billed to any client matter (this channel has none linked)";
  return `charged to matter ${toPlainText(charge.clientMatter, 50)}`;
}

/** The dialog on "Next page": each further page of results is its own charge. */
export function pacerPageConfirm(page: number, fees: PacerFees, charge: ChargeTo): ConfirmDialog {
  const text = charge.testMode
    ? `Page ${page} of the PACER results comes from the test bed; test mode: no charges. It may take up to a minute.`
    : `Page ${page} of the PACER results costs ${money(fees.searchPerPage)} (PACER charges per page of results), ` +
      `${chargeNote(charge)}. It may take up to a minute. Continue?`;
  return confirmDialog({ title: `Get PACER page ${page}?`, text, confirm: "Get page", deny: "Cancel" });
}

/** The button label that carries the price: `Next page ($0.10)`. */
export function nextPageLabel(fees: PacerFees, charge: ChargeTo): string {
  return charge.testMode ? "Next page (test)" : `Next page (${money(fees.searchPerPage)})`;
}
