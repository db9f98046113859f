/**
 * Messages about an entry's document (issue 4, Case view: "Get PDF"; message-style.md, "Money and
 * consent"): the progress line, the offer to retrieve an uncached document from the court (its
 * button's confirm dialog names the charge), the comment on the uploaded file, and the line that
 * says where the file went. Pure: PACER's fees are passed in by the caller.
 */
import { estimate, money } from "../../../slack/blockkit/format.ts";
import type { CaseRef } from "../../../court/refs.ts";
import type { DocketEntry } from "../../../docket/schemas/index.ts";
import { actions, button, confirmDialog, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText, type CaseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { caseRefText } from "./case-messages.ts";
import { SEVERAL_MATTERS } from "./case-footer.ts";
import { courtDate, isPacerCourt } from "../../../court/labels.ts";
import { ACTION, encodeValue, type ButtonValue } from "../../../slack/blockkit/ids.ts";
import { toMrkdwn, toMrkdwnLine, toPlainText, truncateMrkdwn } from "../../../slack/blockkit/sanitize.ts";

export interface PacerFees {
  perPage: number;
  documentCap: number;
}

/** `document #12`, or `the document` for an entry without a number. */
export function documentLabel(entryNumber: string | undefined): string {
  return entryNumber === undefined ? "the document" : `document #${toPlainText(entryNumber, 16)}`;
}


/** `:page_facing_up: Fetching document #12 of 1:23-cv-01234 in S.D.N.Y.…`: shown to the clicker at once. */
/**
 * The working line while a document is fetched. It promises nothing about where the file will
 * appear: the document may turn out sealed or not stored (issue 15 item 12); renderDocumentDelivered
 * says where it went once it is there.
 */
export function renderDocumentFetching(label: string, ref: CaseRef, live = false): MessagePayload {
  const id = caseRefText(ref);
  const text = live ? `Getting ${label} of ${id} from the court; this can take a minute.` : `Fetching ${label} of ${id}…`;
  return { text, blocks: [section(`:page_facing_up: ${toMrkdwnLine(text, 600)}`)] };
}

export interface NotCachedInput {
  target: CaseIdentity;
  label: string;
  /** What the "Get it from the court" button carries (court, docket, entry or doc, thread). */
  value: ButtonValue;
  clientMatter?: string | undefined;
  /** The channel has several matters: the dialog names none (the requester picks which pays next). */
  matterPicked?: boolean | undefined;
  testMode: boolean;
  fees: PacerFees;
}

/** The confirm text of the live retrieval: what may cost money, how much, and which matter pays. */
export function liveDocumentConfirmText(input: Pick<NotCachedInput, "target" | "label" | "clientMatter" | "matterPicked" | "testMode" | "fees">): string {
  const pacer = isPacerCourt(input.target.court)
    ? ` (PACER: ${money(input.fees.perPage)} a page, up to ${money(input.fees.documentCap)} a document)`
    : "";
  if (input.testMode) return `Test mode: no charges. Outside test mode, getting ${input.label} from the court may incur court fees${pacer}. Continue?`;
  const matter = input.matterPicked ? `. ${SEVERAL_MATTERS}` : input.clientMatter ? `, charged to matter ${toPlainText(input.clientMatter, 50)}` : "";
  return `Getting ${input.label} from the court may incur court fees${pacer}${matter}. Continue?`;
}

/**
 * The document is not stored by the service: say so, and offer live retrieval behind a confirm
 * dialog. Without a button value that Slack can carry, only the sentence is shown.
 */
export function renderNotCached(input: NotCachedInput, siteUrl: string): MessagePayload {
  const id = caseIdentity(input.target, { siteUrl, maxTitle: 80 });
  const sentence = `The docket service has no stored copy of ${input.label} yet. Getting it from the court may cost a fee.`;
  const blocks: MessagePayload["blocks"] = [section(`:page_facing_up: ${sentence}\n${id}`)];
  let value: string | undefined;
  try {
    value = encodeValue(input.value);
  } catch {
    value = undefined;
  }
  if (value) {
    const confirm = confirmDialog({
      title: "Get it from the court?",
      text: liveDocumentConfirmText(input),
      confirm: "Get it",
      deny: "Cancel",
    });
    blocks.push(actions([button({ text: "Get it from the court", actionId: ACTION.getPdfLive, value, confirm })]));
  }
  return { text: sentence, blocks };
}

/** The comment on the uploaded file: the document, its entry, and the case. */
export function documentComment(entry: DocketEntry | undefined, label: string, target: CaseIdentity, siteUrl: string): string {
  const id = caseIdentity(target, { siteUrl, maxTitle: 80 });
  if (!entry) return `:page_facing_up: ${toMrkdwnLine(label.replace(/^\w/, (c) => c.toUpperCase()))} · ${id}`;
  const date = courtDate(entry.date) ?? courtDate(entry.entry_date);
  const head = [entry.number !== undefined ? `*#${toMrkdwnLine(entry.number, 16)}*` : "*Document*", date ? toMrkdwnLine(date) : ""]
    .filter((p) => p !== "")
    .join(" · ");
  const body = truncateMrkdwn(toMrkdwn(entry.contents, { siteUrl }).replace(/\s+/g, " ").trim(), 200);
  return `:page_facing_up: ${head}${body ? ` — ${body}` : ""}\n${id}`;
}

/** After the upload: where the file went. */
/** A live document's court fee as `/docket usage` counts it (matters/billable.ts feeOf). */
export interface DocumentFee {
  amount: number;
  /** "estimate": at PACER's tariff from its counted pages; "unpriced": the service reports no amount. */
  basis: "estimate" | "unpriced";
  pages?: number | undefined;
}

/** The receipt's words, plain (the matter is escaped by the caller). */
function receiptWords(fee: DocumentFee | undefined, matter: string): string {
  if (fee?.basis === "estimate") {
    const how = fee.pages !== undefined ? ` (${fee.pages} ${fee.pages === 1 ? "page" : "pages"} at PACER's $0.10 a page, up to $3.00)` : "";
    return `Court fee: about ${estimate(fee.amount)}${how}, billed to ${matter}.`;
  }
  return `Court fees for it, if any, are billed to ${matter}; the service reports no amount, so \`/docket usage\` counts it as not priced.`;
}

/**
 * Where the document went; after a live retrieval, also its receipt (issue 14 item 4; issue 25
 * item 7): the amount, as `/docket usage` counts it (an estimate at the tariff from the PDF's
 * pages, or that the service reports none), and the matter billed.
 */
export function renderDocumentDelivered(label: string, where: "thread" | "dm", billedTo?: string, fee?: DocumentFee): MessagePayload {
  const text = where === "thread" ? `${label.replace(/^\w/, (c) => c.toUpperCase())} is in the case's thread.` : `I sent ${label} to you in a direct message.`;
  const receipt = billedTo ? ` ${receiptWords(fee, toMrkdwnLine(billedTo, 50))}` : "";
  return { text: `${text}${billedTo ? ` ${receiptWords(fee, toPlainText(billedTo, 50))}` : ""}`, blocks: [section(`:page_facing_up: ${toMrkdwnLine(text, 200)}${receipt}`)] };
}

/** The root of the direct message that documents from a private (ephemeral) case view go under. */
export function renderDocumentDmRoot(target: CaseIdentity, siteUrl: string): MessagePayload {
  return {
    text: `Documents from ${caseIdentityText(target)}`,
    blocks: [section(`:page_facing_up: Documents from ${caseIdentity(target, { siteUrl })}`)],
  };
}
