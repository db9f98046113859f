/**
 * Get PDF (ACTION.getPdf) and "Get it from the court" (ACTION.getPdfLive). Get PDF downloads only
 * the service's stored copy (never a fee) and uploads it into the case message's thread; when there
 * is no stored copy it offers live retrieval behind a confirm dialog that names the charge
 * (message-style.md, "Money and consent"), and only that second button retrieves live.
 */
import type { App } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { z } from "zod";
import { COURT_FEE_MOST, courtFeeAdmission } from "../budgets/index.ts";
import type { FeeGuard } from "../budgets/index.ts";
import { courtLabel } from "../../court/labels.ts";
import { documentFileName } from "../../court/document-name.ts";
import { PACER_FEES } from "../../docket/call-info.ts";
import { isDocketError } from "../../docket/errors.ts";
import { documentComment, documentLabel, renderDocumentDelivered, renderDocumentFetching, renderNotCached, type DocumentFee } from "./views/document-messages.ts";
import { feeOf } from "../usage/index.ts";
import { ACTION, decodeValue, encodeValue, type ButtonValue } from "../../slack/blockkit/ids.ts";
import { billedMatter, buildContext, lookupMatter, type RequestContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { STALE_BUTTON, onCaseAction } from "./action-kit.ts";
import { downloadDocument, resolveDocument, type ResolvedDocument } from "./document-target.ts";
import { respondInPlace, responderFor, responseBody } from "../../slack/outbound.ts";
import { uploadDocument, type Destination } from "./upload.ts";
import type { CasesDeps } from "./deps.ts";

const GONE = "I couldn't find that document in the case's docket any more. Open the case again with `/docket case <court> <docket>`.";

/** Uploads the document; a live one's court fee as `/docket usage` counts it (issue 25 item 7). */
async function deliver(client: WebClient, deps: CasesDeps, dest: Destination, doc: ResolvedDocument, live: boolean, ctx: RequestContext): Promise<DocumentFee | undefined> {
  const file = await downloadDocument(deps, ctx, doc, live);
  const target = { title: doc.model.info.title, court: doc.model.court, docket: doc.model.docket };
  await uploadDocument(client, dest, file, {
    comment: documentComment(doc.entry, doc.label, target, deps.siteUrl),
    target, siteUrl: deps.siteUrl, title: `${doc.model.docket} ${doc.label}`,
    // `2026-10-29 Dkt 54 Amended Scheduling Order.pdf`, not the service's `54.pdf` (issue 15 item 12).
    filename: doc.entry ? documentFileName({ ...doc.entry, docket: doc.model.docket }) : undefined,
  });
  if (!live || deps.testMode) return undefined;
  const fee = feeOf({ feeKind: "live_document", pages: file.pages, mayHaveIncurredFees: true, outcome: "ok", price: undefined });
  return fee.basis === "estimate" ? { amount: fee.amount, basis: "estimate", pages: file.pages } : { amount: 0, basis: "unpriced" };
}

function destinationOf(value: ButtonValue, ctx: RequestContext): Destination {
  return value.thread && ctx.channelId ? { kind: "thread", channelId: ctx.channelId, threadTs: value.thread } : { kind: "dm", userId: ctx.userId };
}

/** The sentence for a failed download or upload (a Slack refusal reads as slack-errors.ts words it). */
function failureText(error: unknown, ctx: RequestContext): string {
  return userMessageFor(error, { ref: ctx.log.ref });
}

/** The fee action kind of a live document held past its matter's budget. */
export const HELD_DOCUMENT = "document";
const HeldDocument = z.object({ value: z.string().min(1), channelId: z.string().min(1) });

export function registerGetPdf(app: App, deps: CasesDeps, fees: FeeGuard): void {
  // Approved past the budget: retrieved once, delivered where it was asked for, its requester told.
  fees.actions.register(HELD_DOCUMENT, async ({ client, action, data, cleared }) => {
    const held = HeldDocument.parse(data);
    const value = decodeValue(held.value);
    if (!value) throw new Error("the held document's button value does not decode");
    const channelId = /^[CG]/.test(held.channelId) ? held.channelId : undefined;
    const asked = await buildContext(deps, { teamId: action.teamId, userId: action.requestedBy, channelId }, "held_document");
    if (!asked.matters.includes(action.clientMatter)) throw new Error("the channel's matters changed since the document was held");
    // The matter it was held for (or picked) is the one billed, whatever else the channel has.
    const ctx = { ...asked, matters: [action.clientMatter] };
    // Approved: it runs past the cap, but reserved like any document so others clicked now still see it.
    // A pick alone ("none") was no consent to the price: the dialog before it was.
    const admitted = await courtFeeAdmission(deps, ctx, { kind: HELD_DOCUMENT, cleared: cleared === "none" ? "confirmed" : cleared, clientMatter: action.clientMatter });
    if (admitted.verdict !== "run") throw new Error(`the held document was not admitted (${admitted.verdict})`);
    const respond = responderFor(client, { channel: held.channelId, userId: action.requestedBy });
    let fee: DocumentFee | undefined;
    const doc = await admitted.reservation.spend(async () => {
      const found = await resolveDocument(deps, ctx, value);
      if (found) fee = await deliver(client, deps, destinationOf(value, ctx), found, true, ctx);
      return found;
    });
    if (!doc) return void (await respond({ text: GONE }));
    const dest = destinationOf(value, ctx);
    await respond(responseBody(renderDocumentDelivered(doc.label, dest.kind, action.clientMatter, fee), {}));
  });

  onCaseAction(app, deps, ACTION.getPdf, async ({ value, respond, surface, client, ctx, tell }) => {
    if (!respond || surface.kind !== "message") return tell(STALE_BUTTON);
    const dest: Destination = surface.ephemeral
      ? { kind: "dm", userId: ctx.userId }
      : { kind: "thread", channelId: surface.channelId, threadTs: surface.threadTs ?? surface.ts };
    const ref = { court: value.court, docket: value.docket };
    const progress = renderDocumentFetching(documentLabel(value.entry), ref);
    await respond(responseBody(progress, { response_type: "ephemeral", replace_original: false }));
    const doc = await resolveDocument(deps, ctx, value);
    if (!doc) return tell(GONE);
    try {
      await deliver(client, deps, dest, doc, false, ctx);
      // Only now is it known where the file is: the working line promised nothing.
      await respond(responseBody(renderDocumentDelivered(doc.label, dest.kind), { response_type: "ephemeral", replace_original: false }));
    } catch (error) {
      if (!isDocketError(error, "not_cached")) {
        ctx.log.warn({ err: error }, "could not deliver the document");
        return tell(failureText(error, ctx));
      }
      const offer = renderNotCached(
        {
          target: { title: doc.model.info.title, court: doc.model.court, docket: doc.model.docket },
          label: doc.label,
          // The same document the click named: its link too, as a number may repeat in a docket.
          value: { court: value.court, docket: value.docket, ...(value.entry !== undefined ? { entry: value.entry } : {}), ...(value.doc !== undefined ? { doc: value.doc } : {}), ...(dest.kind === "thread" ? { thread: dest.threadTs } : {}) },
          clientMatter: billedMatter(ctx) || undefined,
          matterPicked: ctx.matters.length > 1,
          testMode: deps.testMode,
          fees: PACER_FEES,
        },
        deps.siteUrl,
      );
      await respond(responseBody(offer, { response_type: "ephemeral", replace_original: false }));
    }
  });

  // The user confirmed the charge in the dialog: retrieve live, then replace the offer with the outcome.
  onCaseAction(app, deps, ACTION.getPdfLive, async ({ value, body, respond, surface, client, ctx, tell }) => {
    if (!respond || surface.kind !== "message") return tell(STALE_BUTTON);
    const dest = destinationOf(value, ctx);
    const ref = { court: value.court, docket: value.docket };
    // Court fees only with a matter to bill and room in its budget (issue 14 items 3 and 5).
    // One retrieval of a document at a time per matter: the same click twice pays once.
    const once = `${value.court}\u0000${value.docket}\u0000${value.doc ?? `entry:${value.entry ?? ""}`}`;
    const verdict = await courtFeeAdmission(deps, ctx, { kind: HELD_DOCUMENT, once });
    if (verdict.verdict !== "run") {
      // In place of the offer clicked (as "Fetching…" would be), through its response_url, which replaces it again once decided.
      return fees.hold(client, verdict, {
        teamId: ctx.teamId, clientMatter: billedMatter(ctx), requestedBy: ctx.userId, channelId: ctx.channelId, kind: HELD_DOCUMENT,
        what: "Getting a document from the court", summary: `${documentLabel(value.entry)} of ${ref.docket} in ${courtLabel(ref.court)}`,
        data: { value: encodeValue(value), channelId: surface.channelId }, expected: COURT_FEE_MOST, ceiling: true,
      }, { kind: "in_place", respond, responseUrl: body.response_url }, ctx.matters.length > 1 ? { matters: ctx.matters, from: "channel" } : undefined);
    }
    try {
      let fee: DocumentFee | undefined;
      const doc = await verdict.reservation.spend(async () => {
        await respond(responseBody(renderDocumentFetching(documentLabel(value.entry), ref, true), { replace_original: true }));
        const found = await resolveDocument(deps, ctx, value);
        if (found) fee = await deliver(client, deps, dest, found, true, ctx);
        return found;
      });
      if (!doc) return void (await respond({ replace_original: true, text: GONE }));
      // The outcome replaces "Fetching…"; a refusal ends in a sentence there (issue 15 item 2).
      await respondInPlace(respond, ctx, responseBody(renderDocumentDelivered(doc.label, dest.kind, deps.testMode ? undefined : lookupMatter(ctx), fee), { replace_original: true }));
    } catch (error) {
      ctx.log.warn({ err: error }, "could not retrieve the document from the court");
      await respondInPlace(respond, ctx, { replace_original: true, text: failureText(error, ctx) });
    }
  });
}
