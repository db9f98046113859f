/**
 * The argument types of the client's methods, and the pure functions that turn them into the
 * service's parameters (spec, Endpoints). Kept apart from client.ts so each can be read alone.
 */
import { toPacerDate } from "../court/dates.ts";
import { bool, checkPage, invalid, requireText } from "./params.ts";
import type { Params } from "./pipeline.ts";
import { TRACK_FREQUENCIES, type TrackFrequency } from "./schemas/index.ts";

export interface CallOptions {
  /** Tag for the account's usage history (spec, Conventions 6): at most 50 characters. */
  clientMatter?: string | undefined;
  signal?: AbortSignal | undefined;
  /** A child logger carrying the caller's correlation id. */
  logger?: import("../logger.ts").Logger | undefined;
  /** Who asked, for the usage ledger (user, channel, ref …): passed through to `onCall` untouched. */
  tags?: Readonly<Record<string, string>> | undefined;
}

export interface SearchRequest {
  q: string;
  offset?: number;
  /** At most 50 (spec, search/). */
  limit?: number;
  /** Sort order `o` (observed-facts.md): date_filed, -date_filed, date_last_filing, -date_last_filing, random. */
  order?: "date_filed" | "-date_filed" | "date_last_filing" | "-date_last_filing" | "random";
}

export const PACER_CASE_TYPES = ["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"] as const;
export type PacerCaseType = (typeof PACER_CASE_TYPES)[number];

export interface PacerSearchRequest {
  partyName?: string;
  firstName?: string;
  lastName?: string;
  natureOfSuit?: readonly string[];
  caseType?: PacerCaseType;
  /** YYYY-MM-DD or a Date (searchpacer's own format, spec Conventions 5). */
  dateFiledStart?: string | Date;
  dateFiledEnd?: string | Date;
  /** A court from pacerOptions().courts. */
  court?: string;
  /** A value from pacerOptions().court_regions. */
  courtRegion?: string;
  /** 1-based. */
  page?: number;
}

export interface DocketRequest {
  court: string;
  docket: string;
  /** Pull live from the court (may incur fees). Default false: the stored copy, no charge. */
  live?: boolean;
  normalize?: boolean;
  /** With live: skip the pull when nothing was filed since the last filing date (fewer fees). */
  useLastFilingDate?: boolean;
}

export type AskTarget = "docket" | "documents" | "both";
export type Provider = "providerone" | "providertwo";

export interface AskRequest {
  court: string;
  docket: string;
  question: string;
  target: AskTarget;
  /** Natural-language description of the answer format. */
  outputFormat: string;
  showRelevant?: boolean;
  /** Use a live copy of the case rather than the cached one (default false; may incur fees). */
  live?: boolean;
  /** Override the model per provider. */
  models?: Partial<Record<Provider, string>>;
  /** Which configured providers to ask; default: every provider with a key. */
  providers?: readonly Provider[];
}

export type TrackTarget = { court: string; docket: string } | { q: string };

export interface TrackChange {
  enable: boolean;
  /** Required when enable is true. */
  frequency?: TrackFrequency;
}

export function searchParams(endpoint: string, req: SearchRequest): Params {
  return {
    q: requireText(endpoint, "q", req.q),
    offset: String(checkPage(endpoint, "offset", req.offset, 0, 1_000_000, 0)),
    limit: String(checkPage(endpoint, "limit", req.limit, 1, 50, 20)),
    o: req.order,
  };
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function pacerDate(endpoint: string, field: string, value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(endpoint, field, `${field} is not a valid date`);
    return toPacerDate(value);
  }
  if (!YMD.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw invalid(endpoint, field, `${field} must be a date written YYYY-MM-DD`);
  }
  return value;
}

export function pacerParams(endpoint: string, req: PacerSearchRequest): Params {
  const hasCriterion =
    [req.partyName, req.lastName, req.firstName, req.caseType, req.dateFiledStart, req.dateFiledEnd, req.court, req.courtRegion].some(
      (v) => v !== undefined && v !== "",
    ) || (req.natureOfSuit?.length ?? 0) > 0;
  // Without any criterion the service answers with its option lists instead (spec, Options discovery).
  if (!hasCriterion) throw invalid(endpoint, "filters", "give at least one search criterion (party name, nature of suit, case type or dates)");
  if (req.caseType !== undefined && !PACER_CASE_TYPES.includes(req.caseType)) {
    throw invalid(endpoint, "caseType", `case type must be one of ${PACER_CASE_TYPES.join(", ")}`);
  }
  const start = pacerDate(endpoint, "dateFiledStart", req.dateFiledStart);
  const end = pacerDate(endpoint, "dateFiledEnd", req.dateFiledEnd);
  if (start && end && start > end) throw invalid(endpoint, "dateFiledEnd", "the filed-date range ends before it starts");
  return {
    party_name: req.partyName,
    first_name: req.firstName,
    last_name: req.lastName,
    nature_of_suit: req.natureOfSuit,
    case_type: req.caseType,
    date_filed_start: start,
    date_filed_end: end,
    court: req.court,
    court_region: req.courtRegion,
    page: String(checkPage(endpoint, "page", req.page, 1, 10_000, 1)),
  };
}

export function docketParams(endpoint: string, req: DocketRequest): Params {
  const params: Params = { court: requireText(endpoint, "court", req.court), docket: requireText(endpoint, "docket", req.docket) };
  // Spec, getdocket/: cached=true returns the stored copy with no live-pull charge; omitting it pulls live.
  if (!req.live) params.cached = bool(true);
  if (req.live && req.useLastFilingDate) params.use_last_filing_date = bool(true);
  if (req.normalize) params.normalize = bool(true);
  return params;
}

export function trackParams(endpoint: string, target: TrackTarget, change: TrackChange): Params {
  const params: Params = { ...targetParams(endpoint, target), enable: bool(change.enable) };
  if (change.enable) {
    // Spec, track/: frequency (and client_matter, which the client always sends then) are required
    // when enable=true.
    if (change.frequency === undefined || !TRACK_FREQUENCIES.includes(change.frequency)) {
      throw invalid(endpoint, "frequency", `frequency must be one of ${TRACK_FREQUENCIES.join(", ")}`);
    }
    params.frequency = change.frequency;
  }
  return params;
}

export function targetParams(endpoint: string, target: TrackTarget): Params {
  if ("q" in target) return { q: requireText(endpoint, "q", target.q) };
  return { court: requireText(endpoint, "court", target.court), docket: requireText(endpoint, "docket", target.docket) };
}
