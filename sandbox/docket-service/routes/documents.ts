import type { Request, Response, Router } from "express";
import type { ServiceContext } from "../context.ts";
import type { EmuCase, EmuDocument } from "../corpus/types.ts";
import { notAPdf, renderPdf } from "../documents.ts";
import { documentFee } from "../fees.ts";
import { callOf, guard, record, reject } from "../http.ts";
import { docketFromSegment } from "../urls.ts";

/**
 * GET {site_url}cases/{court}/{docket}/docs/{n}.pdf (spec "getdocument" and Errors, status codes):
 * 200 PDF when stored; 412 when not stored and `cached` is present with any value (no charge);
 * otherwise a live retrieval (court latency, $0.10/page up to $3.00) after which the document is
 * stored; 403 sealed; 404 unknown case or document; 401 token problems (JSON).
 * The old link form, chosen as {site}cases/{court}/{docket}/{n}.pdf, answers 302 to the new one
 * with the query string kept (spec: "302 ... the document link format changed").
 */
export function documentRoutes(router: Router, ctx: ServiceContext): void {
  router.get("/cases/:court/:docket/docs/:file", guard(ctx, "getdocument"), async (req, res) => {
    const file = String(req.params.file);
    if (!file.toLowerCase().endsWith(".pdf")) return reject(ctx, res, "Document not found", 404);
    await serveDocument(ctx, req, res, file.slice(0, -4));
  });

  router.get("/cases/:court/:docket/:file", (req, res, next) => {
    const file = String(req.params.file);
    if (!file.toLowerCase().endsWith(".pdf")) return next();
    const q = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const court = encodeURIComponent(String(req.params.court));
    const docket = encodeURIComponent(String(req.params.docket));
    res.redirect(302, `/cases/${court}/${docket}/docs/${encodeURIComponent(file)}${q}`);
  });
}

async function serveDocument(ctx: ServiceContext, req: Request, res: Response, name: string): Promise<void> {
  const call = callOf(res);
  const court = ctx.urls.courtFromSegment(String(req.params.court));
  const k = court ? ctx.corpus.find(court, docketFromSegment(String(req.params.docket))) : undefined;
  if (!k) return reject(ctx, res, "Docket not found", 404);
  const doc = findDocument(k, name);
  if (!doc) return reject(ctx, res, `Document ${name} not found in the docket`, 404);
  if (doc.sealed) return reject(ctx, res, `Document ${name} is sealed or otherwise unavailable`, 403);

  if (call.test || doc.cached) {
    record(ctx, call, "document_cached");
  } else if ("cached" in call.params) {
    return reject(ctx, res, `Document ${name} is not in the cache; omit the cached parameter to retrieve it from the court`, 412);
  } else {
    await ctx.courtDelay(ctx.latency.default);
    doc.cached = true;
    record(ctx, call, "document_live", documentFee(doc));
  }
  const body = res.locals.malform
    ? notAPdf()
    : renderPdf({ title: `${k.title} | ${k.court} | ${k.docket} | Document ${doc.name}`, text: doc.text, pages: doc.pages });
  res.status(200).set({ "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${safeName(doc.name)}.pdf"` });
  res.end(body);
}

export function findDocument(k: EmuCase, name: string): EmuDocument | undefined {
  for (const e of k.entries) {
    if (e.document?.name === name) return e.document;
    const x = e.exhibits.find((d) => d.name === name);
    if (x) return x;
  }
  return undefined;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, "_");
}
