import type { EmuCase, EmuDocument, EmuEntry, EmuParty } from "./corpus/types.ts";
import { normalizeEntityName, normalizePersonName } from "./normalize.ts";
import type { SiteUrls } from "./urls.ts";

/**
 * The emulator's model rendered in the service's wire format (spec "Resources and their fields";
 * observed-facts.md "Responses": unpadded M/D/YYYY dates, string numbers, entries newest first).
 *
 * date_cached: the spec names the field but shows no format; the emulator sends ISO 8601 UTC
 * (like track/'s datetime_updated) because it is a moment, not a day.
 */
export function dateCached(cachedAt: number): string {
  return new Date(cachedAt).toISOString();
}

export function caseInfo(k: EmuCase, urls: SiteUrls, opts: { normalize?: boolean } = {}): Record<string, unknown> {
  const info: Record<string, unknown> = {
    ...k.extraInfo,
    title: k.title,
    date_filed: k.dateFiled,
    judges: [...k.judges],
    nature_of_suit: k.natureOfSuit ?? "",
    type: k.type,
    status: k.status,
    cause: k.cause ?? "",
    patents: [...k.patents],
    court: k.court,
    docket: k.docket,
    date_cached: dateCached(k.cachedAt),
    link: urls.caseLink(k),
  };
  if (k.dateTerminated) info.date_terminated = k.dateTerminated;
  if (k.chapter !== undefined) info.chapter = k.chapter;
  if (k.date341Meeting !== undefined) info.date_341_meeting = k.date341Meeting;
  if (k.dateDischarged !== undefined) info.date_discharged = k.dateDischarged;
  if (opts.normalize) info.judges_normalized = k.judges.map(normalizePersonName);
  return info;
}

export function docketEntry(k: EmuCase, e: EmuEntry, urls: SiteUrls): Record<string, unknown> {
  const out: Record<string, unknown> = { date: e.date, entry_date: e.entryDate };
  if (e.number !== undefined) out.number = e.number;
  out.contents = e.contents;
  if (e.document) {
    out.link = urls.documentLink(k, e.document.name);
    if (e.number !== undefined) out.link_viewer = urls.entryLink(k, e.number);
  }
  out.exhibits = e.exhibits.map((x, i) => exhibit(k, x, i, urls));
  if (e.analyze) out.analyze = { ...e.analyze };
  return out;
}

function exhibit(k: EmuCase, d: EmuDocument, index: number, urls: SiteUrls): Record<string, unknown> {
  // "12-3" is exhibit 3 of document 12; other names keep their position as the number.
  const m = /-(\d+)$/.exec(d.name);
  // The corpus writes exhibit texts as "Exhibit 2 to the filing: <description>."
  const firstLine = d.text.split("\n", 1)[0]?.trim().replace(/^Exhibit \d+ to the filing: /, "").replace(/\.$/, "");
  return {
    number: m ? m[1] : String(index + 1),
    ...(firstLine ? { description: firstLine.slice(0, 120) } : {}),
    link: urls.documentLink(k, d.name),
  };
}

/** Entries newest first, as the service sends them. */
export function docketReport(k: EmuCase, entries: readonly EmuEntry[], urls: SiteUrls): Record<string, unknown>[] {
  return [...entries].reverse().map((e) => docketEntry(k, e, urls));
}

export function parties(k: EmuCase, opts: { normalize?: boolean } = {}): Record<string, unknown>[] {
  return k.parties.map((p) => party(p, opts.normalize ?? false));
}

function party(p: EmuParty, normalize: boolean): Record<string, unknown> {
  return {
    name: p.name,
    ...(normalize ? { name_normalized: normalizeEntityName(p.name) } : {}),
    type: p.type,
    counsel: p.counsel.map((c) => ({
      name: c.name,
      ...(normalize ? { name_normalized: normalizePersonName(c.name) } : {}),
      firm: c.firm ?? "",
      ...(normalize && c.firm ? { firm_normalized: normalizeEntityName(c.firm) } : {}),
      email: c.email ?? "",
      phone: c.phone ?? "",
      lead: c.lead,
      prose: c.prose,
    })),
  };
}

export function related(k: EmuCase, urls: SiteUrls): Record<string, unknown>[] {
  return k.related.map((r) => ({ court: r.court, docket: r.docket, title: r.title, link: urls.caseLink(r) }));
}

export function claims(k: EmuCase): Record<string, unknown>[] {
  return k.claims.map((c) => ({ ...c }));
}

/** A `search/` result item (observed-facts.md: court, docket, title, link, date_filed, result_type, date_cached). */
export function searchItem(k: EmuCase, urls: SiteUrls): Record<string, unknown> {
  return {
    court: k.court,
    docket: k.docket,
    title: k.title,
    link: urls.caseLink(k),
    date_filed: k.dateFiled,
    result_type: "docket",
    date_cached: dateCached(k.cachedAt),
  };
}

/** The whole getdocket/ body. */
export function docketBody(k: EmuCase, urls: SiteUrls, opts: { normalize?: boolean } = {}): Record<string, unknown> {
  return {
    success: true,
    info: caseInfo(k, urls, opts),
    docket_report: docketReport(k, k.entries, urls),
    parties: parties(k, opts),
    related: related(k, urls),
    claims: claims(k),
  };
}
