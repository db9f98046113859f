/**
 * Which document a Get PDF button means, without Slack: the entry is looked up in the case's stored
 * docket (free), so the download uses the link the service gave for it (spec, getdocument: "The URL
 * is normally taken from the link ... of a docket entry, not built by hand"). A button that names a
 * link must name one that is in the docket: a tampered value can't point the client elsewhere.
 */
import { isPacerCourt } from "../../court/labels.ts";
import { pdfPageCount } from "./pdf-pages.ts";
import type { DocumentFile, DocumentTarget } from "../../docket/documents.ts";
import type { DocketEntry } from "../../docket/schemas/index.ts";
import type { CaseViewModel } from "./views/case-view.ts";
import { documentLabel } from "./views/document-messages.ts";
import type { ButtonValue } from "../../slack/blockkit/ids.ts";
import { linkPath } from "../../slack/blockkit/case-entries.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import { fetchCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export interface ResolvedDocument {
  model: CaseViewModel;
  entry: DocketEntry | undefined;
  target: DocumentTarget;
  /** `document #12` */
  label: string;
}

const sameNumber = (a: string | undefined, b: string) => a !== undefined && a.trim() === b.trim();

/** The document a button value names, or undefined when the docket has no such document. */
export function findDocument(model: CaseViewModel, value: Pick<ButtonValue, "court" | "docket" | "entry" | "doc">): Omit<ResolvedDocument, "model"> | undefined {
  // The link names the document (a number may repeat); with a number too, both must agree.
  if (value.doc !== undefined && value.entry !== undefined) {
    const entry = model.docket_report.find((e) => e.link !== undefined && (e.link === value.doc || linkPath(e.link) === value.doc) && sameNumber(e.number, value.entry!));
    if (!entry) return undefined;
    return { entry, target: { url: entry.link! }, label: documentLabel(value.entry) };
  }
  if (value.entry !== undefined) {
    const entry = model.docket_report.find((e) => sameNumber(e.number, value.entry!) && e.link);
    const target: DocumentTarget = entry?.link ? { url: entry.link } : { court: value.court, docket: value.docket, number: value.entry };
    return { entry, target, label: documentLabel(value.entry) };
  }
  if (value.doc !== undefined) {
    const entry = model.docket_report.find((e) => e.link === value.doc);
    if (!entry) return undefined;
    return { entry, target: { url: value.doc }, label: documentLabel(entry.number) };
  }
  return undefined;
}

export async function resolveDocument(deps: CasesDeps, ctx: RequestContext, value: ButtonValue): Promise<ResolvedDocument | undefined> {
  const model = await fetchCase(deps, ctx, { court: value.court, docket: value.docket });
  const found = findDocument(model, value);
  return found && { model, ...found };
}

/** The PDF: the stored copy only (never a fee) unless `live`, which the user confirmed. */
export async function downloadDocument(deps: CasesDeps, ctx: RequestContext, doc: ResolvedDocument, live: boolean): Promise<DocumentFile & { pages?: number | undefined }> {
  const { data } = await deps.docket.getDocument(doc.target, { ...callOptions(ctx), allowLiveRetrieval: live });
  // A live federal document: its pages price it at the tariff in the usage ledger (issue 14 item 4).
  const pages = live && !deps.testMode && isPacerCourt(doc.model.court) ? pdfPageCount(data.bytes) : undefined;
  if (pages !== undefined) {
    await deps.store.recordPages({ correlationId: ctx.log.ref, endpoint: "getdocument", pages }).catch((err: unknown) => ctx.log.warn({ err }, "could not note the document's pages"));
  }
  return pages !== undefined ? Object.assign(data, { pages }) : data;
}
