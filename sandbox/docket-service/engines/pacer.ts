/**
 * The live federal search (`searchpacer/`) over the corpus's federal cases (docket-data-service.md,
 * GET searchpacer/): party name (a company, or an individual's last name with an optional first
 * name), nature-of-suit codes, case type and a filed-date range (YYYY-MM-DD), 50 results a page.
 * Searching by party returns one row per matching party, with `party_name` and `party_role`.
 */
import { EMU_COURTS, PACER_KINDS, emuCourtByForm, emuCourtByName } from "../courts.ts";
import { fmtIso, parseDate } from "../corpus/dates.ts";
import { casePath } from "../corpus/links.ts";
import { NATURES_OF_SUIT } from "../corpus/nature-of-suit.ts";
import { normalizeWords } from "../corpus/search-index.ts";
import type { Corpus, EmuCase, EmuParty } from "../corpus/types.ts";
import { pacerCaseType, PACER_CASE_TYPES } from "./pacer-types.ts";

export const PACER_PAGE_SIZE = 50;

export interface PacerFilters {
  party_name?: string;
  first_name?: string;
  last_name?: string;
  nature_of_suit?: readonly string[] | string;
  case_type?: string;
  date_filed_start?: string;
  date_filed_end?: string;
  /** Not in the spec's table; accepted as a long name, code or citation. */
  court?: string;
  court_region?: string;
}

export interface PacerHit {
  title: string;
  court: string;
  docket: string;
  /** YYYY-MM-DD, as the endpoint's samples show. */
  date_filed: string;
  /** Site-relative case page; the server prefixes its own origin. */
  link: string;
  /** The NOS code ("830"); bankruptcy cases have none (spec, Search PACER result). */
  nature_of_suit?: string;
  date_terminated?: string;
  party_name?: string;
  party_role?: string;
  /** The case itself, for the server (not part of the wire format). */
  kase: EmuCase;
}

export interface PacerPage {
  page_max: number;
  total: number;
  results: PacerHit[];
}

export function searchPacer(corpus: Corpus, filters: PacerFilters, page = 1): PacerPage {
  const codes = nosCodes(filters.nature_of_suit);
  const type = filters.case_type?.trim().toLowerCase();
  const start = parseDate(filters.date_filed_start);
  const end = parseDate(filters.date_filed_end);
  const court = filters.court ? emuCourtByForm(filters.court)?.name ?? filters.court : undefined;
  const region = filters.court_region?.trim().toLowerCase();
  const byParty = [filters.party_name, filters.last_name, filters.first_name].some((v) => v && v.trim() !== "");
  const rows: PacerHit[] = [];
  for (const kase of corpus.cases) {
    if (!kase.federal) continue;
    if (court && kase.court.toLowerCase() !== court.toLowerCase()) continue;
    if (region && !inRegion(kase.court, region)) continue;
    if (type && pacerCaseType(kase).toLowerCase() !== type) continue;
    if (codes.length && !codes.includes(/^\d+/.exec(kase.natureOfSuit ?? "")?.[0] ?? "")) continue;
    const filed = parseDate(kase.dateFiled);
    if (Number.isFinite(start) && !(filed >= start)) continue;
    if (Number.isFinite(end) && !(filed <= end)) continue;
    if (!byParty) {
      rows.push(hit(kase));
      continue;
    }
    const seen = new Set<string>();
    for (const p of kase.parties) {
      if (!partyMatches(p, filters) || seen.has(p.name)) continue;
      seen.add(p.name);
      rows.push({ ...hit(kase), party_name: p.name, party_role: p.type });
    }
  }
  rows.sort((a, b) => b.date_filed.localeCompare(a.date_filed) || a.court.localeCompare(b.court) || a.docket.localeCompare(b.docket) || (a.party_name ?? "").localeCompare(b.party_name ?? ""));
  const p = Number.isFinite(page) && page >= 1 ? Math.trunc(page) : 1;
  return {
    page_max: Math.max(1, Math.ceil(rows.length / PACER_PAGE_SIZE)),
    total: rows.length,
    results: rows.slice((p - 1) * PACER_PAGE_SIZE, p * PACER_PAGE_SIZE),
  };
}

function hit(kase: EmuCase): PacerHit {
  const h: PacerHit = { title: kase.title, court: kase.court, docket: kase.docket, date_filed: fmtIso(parseDate(kase.dateFiled)), link: casePath(kase), kase };
  const nos = /^\d+/.exec(kase.natureOfSuit ?? "")?.[0];
  if (nos && pacerCaseType(kase) !== "Bankruptcy") h.nature_of_suit = nos;
  if (kase.dateTerminated) h.date_terminated = fmtIso(parseDate(kase.dateTerminated));
  return h;
}

/** A region is a state or territory, by name ("New York") or postal code ("NY"). */
function inRegion(court: string, region: string): boolean {
  if (court.toLowerCase().startsWith(`${region} `)) return true;
  const c = emuCourtByName(court);
  return region.length === 2 && !!c && (c.kind === "district" || c.kind === "bankruptcy") && c.code.startsWith(region);
}

function nosCodes(v: PacerFilters["nature_of_suit"]): string[] {
  const list = typeof v === "string" ? v.split(",") : (v ?? []);
  return list.map((s) => /^\s*(\d+)/.exec(s)?.[1] ?? "").filter(Boolean);
}

/**
 * A company by the start of its name ("Acme" finds "Acme Widgets, Inc."), an individual by last name
 * and, when given, first name. Case, punctuation and accents are ignored.
 */
function partyMatches(p: EmuParty, f: PacerFilters): boolean {
  const name = normalizeWords(p.name).trim();
  const words = name.split(" ");
  const first = words[0] ?? "";
  const last = words[words.length - 1] ?? "";
  const q = (s: string | undefined): string => normalizeWords(s ?? "").trim();
  const company = q(f.party_name);
  const lastName = q(f.last_name) || (f.first_name ? company : "");
  const firstName = q(f.first_name);
  if (lastName || firstName) {
    return (!lastName || last === lastName || last.startsWith(lastName)) && (!firstName || first.startsWith(firstName));
  }
  return company !== "" && (name === company || name.startsWith(`${company} `) || name.startsWith(company) || last === company);
}

export interface PacerOptions {
  courts: string[];
  court_regions: string[];
  nature_of_suits: string[];
  case_types: string[];
}

/**
 * The reference lists an options request returns (docket-data-service.md, Options discovery):
 * searchable federal courts (long names; only those of the emulator's court list), regions (states and territories), NOS codes, case types.
 * The corpus argument is accepted for interface symmetry; the lists do not depend on it.
 */
export function pacerOptions(_corpus?: Corpus): PacerOptions {
  const federal = EMU_COURTS.filter((c) => PACER_KINDS.has(c.kind));
  const regions = new Set<string>();
  for (const c of federal) {
    const m = /^(.*?)(?: (?:Northern|Southern|Eastern|Western|Middle|Central))? (?:District|Bankruptcy) Court$/.exec(c.name);
    if (m?.[1]) regions.add(m[1]);
  }
  return {
    courts: federal.map((c) => c.name),
    court_regions: [...regions].sort(),
    nature_of_suits: NATURES_OF_SUIT.map((n) => n.code),
    case_types: [...PACER_CASE_TYPES],
  };
}
