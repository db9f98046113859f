/**
 * Case references: a court (the service's long name) plus a docket number, from what users type,
 * paste or write, and to and from the site's case and document URLs (observed-facts.md, Case and
 * document URLs). Pure code. Every regex here is linear: no nested or overlapping quantifiers, and
 * tokens are length-checked before any pattern runs (a 100 KB paste must not stall the process).
 */
import { courtFromUrlSegment, courtUrlSegment } from "./courts.ts";

export interface CaseRef {
  /** The service's long court name: `New York Southern District Court`. */
  court: string;
  /** As the court writes it, with `:` (`1:23-cv-01234`); see normalizeDocket. */
  docket: string;
}

export interface ParsedCaseUrl {
  ref: CaseRef;
  /** `5` from `/docs/5.pdf`; state courts name documents instead: `28082014_OTHER_0`. */
  documentNumber?: string;
  /** `1` from an entry page `/cases/<court>/<docket>/<title>/1/`. */
  entryNumber?: string;
  /** The court is not in our table; its name was rebuilt from the URL and may lack punctuation. */
  courtGuessed?: boolean;
}

export type CaseRefResult =
  | { ok: true; ref: CaseRef; rest: string; courtGuessed?: boolean }
  | { ok: false; message: string };

// The site writes `:` as `--` and `/` as `---` in docket segments (observed-facts.md).
export function docketToUrlSegment(docket: string): string {
  return docket.replaceAll("/", "---").replaceAll(":", "--");
}

export function docketFromUrlSegment(segment: string): string {
  return segment.replaceAll("---", "/").replaceAll("--", ":");
}

const MAX_DOCKET = 64;
const DOCKET_CHARS = /^[A-Za-z0-9][A-Za-z0-9:/._-]*$/;
/**
 * office:yy-type-seq, then judge initials, then a defendant number: `1:20-cr-00123-JMF-1`. The
 * hyphens around the type are optional: lawyers paste the compact form `1:23cv1234` too (issue 15
 * item 10), and PACER reads it as the same case.
 */
const FEDERAL = /^(\d{1,2}):(\d{2}|\d{4})-?([a-z]{1,4})-?(\d{1,7})(?:-[a-z]{1,4})*(-\d{1,3})?$/i;

/**
 * Canonical form for comparison and lookups. Federal numbers get the PACER form
 * (`1:23-cv-1234` and `1:23cv1234` -> `1:23-cv-01234`, type lowercased, 4-digit year cut to 2) and lose judge
 * initials (`-ABC`), which PACER accepts either way and which do not tell cases apart; a numeric
 * defendant suffix (`-1`) stays. Everything else (state `2002-CF-11026`, appellate `22-1234`,
 * Texas `08-16-00334-CV`) is only trimmed: the service normalises those itself.
 */
export function normalizeDocket(docket: string): string {
  const trimmed = docket.trim();
  const m = trimmed.length <= MAX_DOCKET ? FEDERAL.exec(trimmed) : null;
  if (!m) return trimmed;
  const [, office = "", year = "", type = "", seq = "", defendant = ""] = m;
  const number = seq.replace(/^0+(?=\d)/, "").padStart(5, "0");
  return `${Number(office)}:${year.slice(-2)}-${type.toLowerCase()}-${number}${defendant}`;
}

/** `23-cv-01234`: a federal number written without its office, as S.D.N.Y. citations usually are. */
const WITHOUT_OFFICE = /^(\d{2})-?([a-z]{1,4})-?(\d{1,7})(?:-[a-z]{1,4})*$/i;

/**
 * The PACER form with office 1 (`23-cv-01234` -> `1:23-cv-01234`) for a federal number written
 * without its office, else undefined. CM/ECF numbers cases district-wide, the office digit only
 * says where it sits, and office 1 is where most cases sit; a caller tries this form when the number
 * as written is not found, and otherwise asks the user for the office (issue 15 item 10).
 */
export function withDefaultOffice(docket: string): string | undefined {
  const trimmed = docket.trim();
  return trimmed.length <= MAX_DOCKET && WITHOUT_OFFICE.test(trimmed) ? normalizeDocket(`1:${trimmed}`) : undefined;
}

export function looksLikeDocket(token: string, strict: boolean): boolean {
  if (token.length > MAX_DOCKET || !DOCKET_CHARS.test(token)) return false;
  const digits = token.replace(/\D/g, "").length;
  if (!strict) return digits > 0;
  // In free text: a separator and enough digits, and not a date (`3/4/2026`).
  return /[-:/]/.test(token) && digits >= 4 && !/^\d{1,2}\/\d{1,2}\/\d{2,4}$/.test(token);
}

function siteBase(siteUrl: string): string {
  return siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`;
}

function titleSegment(title: string): string {
  return title
    .replace(/[^\p{L}\p{N}\s._-]/gu, "")
    .trim()
    .replace(/\s+/g, "_")
    .slice(0, 200);
}

function casePath(ref: CaseRef): string {
  return [courtUrlSegment(ref.court), docketToUrlSegment(ref.docket)].map(encodeURIComponent).join("/");
}

/** `{site}cases/<Court_Segment>/<docket segment>/<Title_With_Underscores>/`; title optional. */
export function caseUrl(siteUrl: string, ref: CaseRef, title?: string): string {
  const t = title ? titleSegment(title) : "";
  return `${siteBase(siteUrl)}cases/${casePath(ref)}/${t ? `${encodeURIComponent(t)}/` : ""}`;
}

/** Spec, GET `{site_url}cases/{court}/{docket}/docs/{document_number}.pdf`. */
export function documentUrl(siteUrl: string, ref: CaseRef, number: string | number): string {
  return `${siteBase(siteUrl)}cases/${casePath(ref)}/docs/${encodeURIComponent(String(number))}.pdf`;
}

function sameSite(url: URL, site: URL): boolean {
  const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");
  return url.port === site.port && bare(url.hostname) === bare(site.hostname);
}

/**
 * A case, entry or document URL of the site, to its case reference. With `siteUrl`, only that
 * site's URLs count (its `www.` twin included); links to any other host are never trusted.
 */
export function parseCaseUrl(url: string, siteUrl?: string): ParsedCaseUrl | undefined {
  if (url.length > 4000) return undefined;
  const u = URL.parse(url.trim());
  if (!u || (u.protocol !== "https:" && u.protocol !== "http:")) return undefined;
  let prefix = "/";
  if (siteUrl !== undefined) {
    const site = URL.parse(siteUrl);
    if (!site || !sameSite(u, site)) return undefined;
    prefix = siteBase(site.pathname);
  }
  if (!u.pathname.startsWith(prefix)) return undefined;
  let segs: string[];
  try {
    segs = u.pathname.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined; // malformed %-escape
  }
  const [root, courtSeg, docketSeg, ...rest] = segs;
  if (root !== "cases" || !courtSeg || !docketSeg) return undefined;
  const docket = docketFromUrlSegment(docketSeg);
  if (!looksLikeDocket(docket.replaceAll(" ", "_"), false)) return undefined;
  const known = courtFromUrlSegment(courtSeg);
  const court = known?.name ?? courtSeg.replaceAll("_", " ").replace(/\s+/g, " ").trim();
  const parsed: ParsedCaseUrl = { ref: { court, docket } };
  if (!known) parsed.courtGuessed = true;
  const docs = rest.indexOf("docs");
  if (docs >= 0 && docs + 1 < rest.length) {
    parsed.documentNumber = rest.slice(docs + 1).join("/").replace(/\.pdf$/i, "");
  } else if (rest[1] !== undefined && /^\d{1,6}$/.test(rest[1])) {
    parsed.entryNumber = rest[1];
  }
  return parsed;
}
