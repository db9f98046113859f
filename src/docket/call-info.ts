/**
 * What a call may have cost. Spec, Limits ("What counts as a call", "Cost behavior"): live docket
 * pulls, live document retrieval and PACER searches may carry court fees; ask_docket bills the AI
 * call (`price`); the `test` parameter avoids all charges. The Slack side uses this to ask before
 * spending and to keep the usage ledger.
 */
import type { Endpoint } from "./endpoints.ts";

export const FeeKind = {
  None: "none",
  PacerSearch: "pacer_search",
  LiveDocket: "live_docket",
  LiveDocument: "live_document",
  Ai: "ai",
} as const;
export type FeeKind = (typeof FeeKind)[keyof typeof FeeKind];

export interface CallInfo {
  endpoint: Endpoint;
  /** The client_matter the call was tagged with ("" when none). */
  clientMatter: string;
  /** Whether the service may have charged for this call (false in test mode and for cached reads). */
  mayHaveIncurredFees: boolean;
  feeKind: FeeKind;
  /** The price the service reported, when it reports one (ask_docket). */
  price?: number | undefined;
  testMode: boolean;
  attempts: number;
  durationMs: number;
}

export interface Result<T> {
  data: T;
  call: CallInfo;
}

/** What the client reports to an observer (metrics, usage ledger) after every call, failed or not. */
export interface CallEvent extends Omit<CallInfo, "attempts"> {
  outcome: "ok" | string;
  attempts: number;
  status?: number | undefined;
  /** The caller's tags (CallOptions.tags). */
  tags: Readonly<Record<string, string>>;
}

/**
 * PACER's published fees, for consent dialogs: $0.10 a page, capped at $3.00 a document; a search
 * costs $0.10 plus $0.10 a page of results (spec, Limits).
 */
export const PACER_FEES = Object.freeze({ perPage: 0.1, documentCap: 3, searchBase: 0.1, searchPerPage: 0.1 });
