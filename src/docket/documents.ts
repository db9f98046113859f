/**
 * Document retrieval (spec, GET {site_url}cases/{court}/{docket}/docs/{n}.pdf): where the request
 * goes and how its answer is read. The PDF comes as bytes; failures come as JSON with a status.
 */
import { DocketError, DocketErrorCode } from "./errors.ts";
import { headerValue, type HttpResponse } from "./http.ts";
import { invalid } from "./params.ts";
import { parseJsonBody } from "./responses.ts";
import { documentUrl } from "../court/refs.ts";
import { z } from "zod";

export type DocumentTarget = { url: string } | { court: string; docket: string; number: string | number };

export interface DocumentFile {
  bytes: Uint8Array;
  size: number;
  contentType: string;
  /** A file name for uploads, from Content-Disposition or the URL. */
  filename: string;
}

/** Parameters the client sets itself; any copy of them in a link is dropped. */
const OWN_PARAMS = ["login_token", "cached", "client_matter", "test"];

/**
 * The document's address on the service's site. Links from docket entries may be site-relative
 * (observed-facts.md) or absolute; an absolute link to another host is refused, because the
 * request would carry our login_token there.
 */
export function documentAddress(siteUrl: URL, target: DocumentTarget): URL {
  const endpoint = "getdocument";
  if ("url" in target) {
    let url: URL;
    try {
      url = new URL(target.url, siteUrl);
    } catch {
      throw invalid(endpoint, "url", "the document link is not a valid URL");
    }
    if (url.origin !== siteUrl.origin) throw invalid(endpoint, "url", `documents are fetched only from ${siteUrl.origin}`);
    for (const p of OWN_PARAMS) url.searchParams.delete(p);
    url.hash = "";
    return url;
  }
  const number = String(target.number).trim();
  if (!/^[\w.-]{1,200}$/.test(number)) throw invalid(endpoint, "number", "the document number is not valid");
  return new URL(documentUrl(siteUrl.href, { court: target.court, docket: target.docket }, number));
}

const NotPdf = z.looseObject({ success: z.literal(true) });

export function readDocument(res: HttpResponse, url: URL): DocumentFile {
  const contentType = headerValue(res.headers, "content-type") ?? "application/octet-stream";
  if (/json/i.test(contentType)) {
    // A JSON body on 200 is a failure in disguise (spec, Conventions 4: JSON only on failure).
    parseJsonBody("getdocument", res, NotPdf);
    throw new DocketError(DocketErrorCode.InvalidResponse, "getdocument answered JSON instead of a PDF", {
      endpoint: "getdocument",
      status: res.status,
      field: "content-type",
    });
  }
  return { bytes: res.body, size: res.body.byteLength, contentType, filename: filenameOf(res, url) };
}

function filenameOf(res: HttpResponse, url: URL): string {
  const disposition = headerValue(res.headers, "content-disposition") ?? "";
  const quoted = /filename="([^"]{1,200})"/i.exec(disposition)?.[1] ?? /filename=([^;\s]{1,200})/i.exec(disposition)?.[1];
  const last = decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "document.pdf");
  const name = (quoted ?? last).replace(/[^\w.() -]/g, "_");
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
