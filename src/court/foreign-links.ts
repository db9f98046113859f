/**
 * Case links lawyers actually paste that are not the docket service's own (issue 15 item 14):
 * PACER's CM/ECF pages (`https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?123456`) and
 * CourtListener's docket and RECAP links (`https://www.courtlistener.com/docket/68093012/acme-v-globex/`,
 * `https://storage.courtlistener.com/recap/gov.uscourts.nysd.601234/…pdf`).
 *
 * What such a link can tell: the court, from the CM/ECF host or the RECAP path; the docket number
 * only where the link carries it (CM/ECF's own query numbers and CourtListener's ids are internal
 * ids, not docket numbers); a case title from CourtListener's slug. Pure; never fetches the link.
 */
import { courtByCode } from "./courts.ts";
import { normalizeDocket } from "./refs.ts";

export interface ForeignCaseLink {
  source: "cmecf" | "courtlistener";
  /** The court's PACER code (`nysd`), when the link names one the court table knows. */
  court?: string | undefined;
  /** The docket number, only when the link itself carries one. */
  docket?: string | undefined;
  /** Words of the case title (CourtListener's slug), for a search. */
  title?: string | undefined;
}

/** A federal docket number as CM/ECF writes it in a query (`1:23-cv-01234`, `1:23cv1234`). */
const DOCKET_IN_QUERY = /(?:^|[?&=,;])(\d{1,2}:\d{2}-?[a-z]{1,4}-?\d{1,7})(?=$|[&,;])/i;

export function parseForeignCaseLink(raw: string): ForeignCaseLink | undefined {
  if (raw.length > 2000) return undefined;
  const url = URL.parse(raw.trim());
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return undefined;
  const host = url.hostname.toLowerCase();

  // CM/ECF: ecf.<court>.uscourts.gov (district, bankruptcy and appellate courts alike).
  const ecf = /^ecf\.([a-z0-9]{2,8})\.uscourts\.gov$/.exec(host);
  if (ecf) {
    const court = courtByCode(ecf[1]!)?.code;
    const number = DOCKET_IN_QUERY.exec(decodeURIComponent(url.search.replace(/\+/g, " ")))?.[1];
    return { source: "cmecf", court, docket: number ? normalizeDocket(number) : undefined };
  }

  if (host === "www.courtlistener.com" || host === "courtlistener.com") {
    const m = /^\/docket\/\d{1,12}\/(?:\d{1,6}\/)?([a-z0-9-]{1,200})\/?$/i.exec(url.pathname);
    if (!m) return /^\/docket\/\d{1,12}\/?$/.test(url.pathname) ? { source: "courtlistener" } : undefined;
    const title = m[1]!.replace(/-+/g, " ").trim();
    return { source: "courtlistener", ...(title ? { title } : {}) };
  }
  // RECAP documents: storage.courtlistener.com/recap/gov.uscourts.<court>.<pacer case id>/…
  if (host === "storage.courtlistener.com") {
    const m = /^\/recap\/gov\.uscourts\.([a-z0-9]{2,8})\.\d{1,12}\//.exec(url.pathname);
    return m ? { source: "courtlistener", court: courtByCode(m[1]!)?.code } : undefined;
  }
  return undefined;
}

/** Every such link in a text (bare or in Slack's `<url|label>` form), in order. */
export function foreignCaseLinksIn(text: string): ForeignCaseLink[] {
  const out: ForeignCaseLink[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s<>|]{1,2000}/g)) {
    const link = parseForeignCaseLink(m[0].replace(/&amp;/g, "&").replace(/[.,;:)\]]+$/, ""));
    if (link) out.push(link);
  }
  return out;
}
