import type { Endpoint } from "./endpoints.ts";

/**
 * What each call cost, the emulator's stand-in for the account's usage history (spec Conventions 6
 * and Limits, "What counts as a call"). Tests read it to prove the client never pays for what it
 * could have had for free.
 */
export type LedgerKind =
  | "search" // search/ page
  | "pacer_options" // searchpacer/ options discovery
  | "pacer_search" // searchpacer/ page 1: $0.10 search + $0.10 per page accessed
  | "pacer_page" // searchpacer/ page > 1: $0.10 per page accessed
  | "docket_cached" // getdocket/ cached=true or a test call
  | "docket_live" // getdocket/ live pull from the court
  | "docket_unchanged" // getdocket/ use_last_filing_date=true with no new activity: no pull
  | "document_cached" // document served from the service's store
  | "document_live" // document retrieved from the court
  | "ai" // ask_docket/: the AI price
  | "track" // track/ POST or GET
  | "rejected"; // the call failed validation, was not found or was throttled

export interface LedgerEntry {
  /** Clock time (ms since epoch). */
  at: number;
  user: string;
  endpoint: Endpoint;
  client_matter: string;
  test: boolean;
  /** US dollars. */
  fee: number;
  kind: LedgerKind;
}

export interface LedgerFilter {
  user?: string;
  endpoint?: Endpoint;
  client_matter?: string;
  kind?: LedgerKind;
}

export class Ledger {
  readonly #entries: LedgerEntry[] = [];

  record(entry: LedgerEntry): void {
    this.#entries.push({ ...entry, fee: roundMicros(entry.fee) });
  }

  /** Every recorded call, oldest first (a copy). */
  get entries(): readonly LedgerEntry[] {
    return [...this.#entries];
  }

  filter(f: LedgerFilter = {}): LedgerEntry[] {
    return this.#entries.filter(
      (e) =>
        (f.user === undefined || e.user === f.user) &&
        (f.endpoint === undefined || e.endpoint === f.endpoint) &&
        (f.client_matter === undefined || e.client_matter === f.client_matter) &&
        (f.kind === undefined || e.kind === f.kind),
    );
  }

  /** Sum of fees in dollars, summed in whole micro-dollars so 0.1 + 0.2 is 0.3 (AI prices go below a cent). */
  total(f: LedgerFilter = {}): number {
    const micros = this.filter(f).reduce((sum, e) => sum + Math.round(e.fee * 1e6), 0);
    return micros / 1e6;
  }

  /** Number of calls matching the filter. */
  count(f: LedgerFilter = {}): number {
    return this.filter(f).length;
  }

  clear(): void {
    this.#entries.length = 0;
  }
}

export function roundMicros(dollars: number): number {
  return Math.round(dollars * 1e6) / 1e6;
}

export function roundCents(dollars: number): number {
  return Math.round(dollars * 100) / 100;
}
