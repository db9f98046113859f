/**
 * `/docket pacer` before and while it runs (issue 4: "live federal search: confirm the fee first,
 * say it takes ~30–60 s"): the confirmation (what will be searched, what it costs, who pays; Run,
 * whose label carries the price, and Cancel), the working state, and "cancelled".
 *
 * One confirmation (issue 14 item 7): this card, which only the asker sees, is the consent dialog
 * message-style.md asks for (what, how much, who pays) and nothing is charged until Run is
 * clicked on it; a second dialog on Run asked again for the same $0.20.
 */
import type { PacerSearchRequest } from "../../../docket/requests.ts";
import { actions, button, context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { chargeNote, pacerSearchCost, type ChargeTo, type PacerFees } from "./fee-confirm.ts";
import { count, money } from "../../../slack/blockkit/format.ts";
import { ACTION } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

const CRITERION_MAX = 80;

/** The search in words: `“Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31`. */
export function describePacerSearch(s: PacerSearchRequest): { md: string; plain: string } {
  const day = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);
  const parts: string[] = [];
  if (s.partyName) parts.push(`“${s.partyName}”`);
  const person = [s.firstName, s.lastName].filter(Boolean).join(" ");
  if (person) parts.push(`“${person}”`);
  if (s.court) parts.push(`court ${s.court}`);
  if (s.courtRegion) parts.push(`region ${s.courtRegion}`);
  if (s.caseType) parts.push(s.caseType.toLowerCase());
  if (s.natureOfSuit && s.natureOfSuit.length > 0) parts.push(`NOS ${s.natureOfSuit.join(", ")}`);
  const start = day(s.dateFiledStart);
  const end = day(s.dateFiledEnd);
  if (start && end) parts.push(start === end ? `filed ${start}` : `filed ${start} to ${end}`);
  else if (start) parts.push(`filed from ${start}`);
  else if (end) parts.push(`filed through ${end}`);
  if (parts.length === 0) parts.push("all cases");
  return {
    md: parts.map((p) => toMrkdwnLine(p, CRITERION_MAX)).join(" · "),
    plain: parts.map((p) => toPlainText(p, CRITERION_MAX)).join(" · "),
  };
}

export interface PacerConfirmModel {
  search: PacerSearchRequest;
  /** Encoded value of the Run button (the pending search); Cancel carries none. */
  runValue: string;
  fees: PacerFees;
  charge: ChargeTo;
  /**
   * Where no matter is linked (a DM, an unlinked channel; issue 14 item 5): one Run button per
   * matter of the user's channels, each carrying the search billed to that matter.
   */
  choices?: readonly { clientMatter: string; runValue: string }[] | undefined;
  /**
   * The matter is past its monthly cap, or this search would take it past (the fee gate's own
   * verdict, issue 25 item 6): said before anyone clicks, and the button asks for an approval.
   */
  overBudget?: { spent: number; cap: number } | undefined;
}

/** Run buttons a card offers at most (an actions block holds 25; five matters read at a glance). */
export const PACER_CHOICES_MAX = 5;

export function renderPacerConfirm(m: PacerConfirmModel): MessagePayload {
  const what = describePacerSearch(m.search);
  const cost = m.charge.testMode
    ? "Test mode: no charges."
    : `PACER charges ${money(m.fees.searchBase)} for the search plus ${money(m.fees.searchPerPage)} per page of results (50 cases a page), ${toMrkdwnLine(chargeNote(m.charge))}.`;
  const price = m.charge.testMode ? "test" : money(pacerSearchCost(m.fees));
  const runs = m.choices
    ? m.choices.slice(0, PACER_CHOICES_MAX).map((c, i) =>
        button({ text: `Bill ${toPlainText(c.clientMatter, 30)} · Run (${price})`, actionId: `${ACTION.runPacerSearch}:${i}`, value: c.runValue, ...(i === 0 ? { style: "primary" as const } : {}) }),
      )
    : m.overBudget && !m.charge.testMode
      ? [button({ text: `Ask an admin to approve (${price})`, actionId: ACTION.runPacerSearch, value: m.runValue })]
      : [button({ text: m.charge.testMode ? "Run PACER search (test)" : `Run PACER search (${price})`, actionId: ACTION.runPacerSearch, value: m.runValue, style: "primary" })];
  const over = m.overBudget && !m.charge.testMode && !m.choices ? m.overBudget : undefined;
  const blocks: Block[] = [
    section(`*Live PACER search* for ${what.md}`),
    ...(over
      ? [section(
          `:warning: *${toMrkdwnLine(m.charge.clientMatter, 50)} is ${over.spent >= over.cap ? "past" : "near"} its ${money(over.cap)} monthly budget* (${money(over.spent)} spent this month${over.spent >= over.cap ? "" : `; this search would pass it`}). ` +
            "The search runs only once an admin approves it; nothing is charged before then.",
        )]
      : []),
    section(
      m.choices
        ? `This searches the federal courts live and takes about 30–60 seconds. PACER charges ${money(m.fees.searchBase)} for the search plus ${money(m.fees.searchPerPage)} per page of results. ` +
            "This conversation has no client matter, and every fee is billed to one: pick the matter (from the channels you're in) this search is for."
        : `This searches the federal courts live and takes about 30–60 seconds. ${cost}`,
    ),
    actions([...runs, button({ text: "Cancel", actionId: ACTION.cancelPacerSearch })]),
    context("Cases already in the service's index are free: try `/docket search` first. Only you can see this."),
  ];
  const note = m.charge.testMode ? "test mode: no charges" : `costs up to ${money(pacerSearchCost(m.fees))}${over ? `; ${toPlainText(m.charge.clientMatter, 50)} is over its budget, so an admin approves first` : ""}`;
  return { text: `Confirm a live PACER search for ${what.plain} (${note})`, blocks };
}

export function renderPacerWorking(search: PacerSearchRequest, page = 1): MessagePayload {
  const what = describePacerSearch(search);
  const pageNote = page > 1 ? ` (page ${count(page)})` : "";
  return {
    text: `Searching PACER… this takes about 30–60 seconds`,
    blocks: [
      section(`:hourglass_flowing_sand: Searching PACER… this takes about 30–60 seconds`),
      context(`For ${what.md}${pageNote}`),
    ],
  };
}

export function renderPacerCancelled(): MessagePayload {
  return { text: "PACER search cancelled; nothing was charged.", blocks: [context("PACER search cancelled; nothing was charged.")] };
}
