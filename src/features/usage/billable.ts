/**
 * Usage a firm can bill (issue 14 item 4): what each ledger row cost, marked as the service
 * REPORTED it (ask_docket's price) or as our ESTIMATE at the spec's tariff (Limits, "What counts as
 * a call": a PACER search is $0.10 plus $0.10 per page of results; each searchpacer call is one
 * page, estimated at up to $0.20; a live federal document whose PDF pages were counted, at $0.10 a
 * page up to $3.00). Live docket pulls and other live documents may carry court fees whose amount
 * neither the service nor the ledger knows: they are counted as "unpriced", never guessed. The view and the CSV both sum these rows, so their totals agree. Pure.
 */
import { PACER_FEES } from "../../docket/call-info.ts";
import type { UsageEntry } from "../../store/store.ts";

export type FeeBasis = "reported" | "estimate" | "unpriced" | "none";

export interface RowFee {
  /** "ai", "court" or "" (no fee). */
  kind: "ai" | "court" | "";
  /** Dollars; 0 when unpriced or none. */
  amount: number;
  basis: FeeBasis;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export function feeOf(e: Pick<UsageEntry, "feeKind" | "price" | "mayHaveIncurredFees" | "outcome" | "pages">): RowFee {
  if (e.price !== undefined && Number.isFinite(e.price)) return { kind: e.feeKind === "ai" ? "ai" : "court", amount: e.price, basis: "reported" };
  if (!e.mayHaveIncurredFees || e.outcome !== "ok") return { kind: "", amount: 0, basis: "none" };
  if (e.feeKind === "pacer_search") return { kind: "court", amount: round6(PACER_FEES.searchBase + PACER_FEES.searchPerPage), basis: "estimate" };
  // A federal document whose pages were counted: the tariff's per page, capped per document.
  if (e.feeKind === "live_document" && e.pages !== undefined) {
    return { kind: "court", amount: round6(Math.min(e.pages * PACER_FEES.perPage, PACER_FEES.documentCap)), basis: "estimate" };
  }
  if (e.feeKind === "ai") return { kind: "ai", amount: 0, basis: "unpriced" };
  return { kind: "court", amount: 0, basis: "unpriced" };
}

export interface BillableUsage {
  clientMatter: string;
  calls: number;
  /** AI spend as the service reported it. */
  aiReported: number;
  /** Court fees the service reported (none today) and our estimates at the tariff. */
  courtReported: number;
  courtEstimate: number;
  /** Calls that may have incurred a court fee of unknown amount (live pulls, live documents). */
  unpricedFeeCalls: number;
  since: number;
}

/** Totals per matter (every matter asked for, zeros included), summed in micro-dollars. */
export function summarize(entries: readonly UsageEntry[], matters: readonly string[], since: number): BillableUsage[] {
  const micro = (n: number) => Math.round(n * 1e6);
  const out = new Map<string, { calls: number; ai: number; court: number; est: number; unpriced: number }>();
  for (const m of matters) out.set(m, { calls: 0, ai: 0, court: 0, est: 0, unpriced: 0 });
  for (const e of entries) {
    const t = out.get(e.clientMatter);
    if (!t) continue;
    t.calls++;
    const f = feeOf(e);
    if (f.basis === "unpriced" && f.kind === "court") t.unpriced++;
    else if (f.kind === "ai" && f.basis === "reported") t.ai += micro(f.amount);
    else if (f.kind === "court" && f.basis === "reported") t.court += micro(f.amount);
    else if (f.kind === "court" && f.basis === "estimate") t.est += micro(f.amount);
  }
  return [...out].map(([clientMatter, t]) => ({
    clientMatter, calls: t.calls, aiReported: t.ai / 1e6, courtReported: t.court / 1e6, courtEstimate: t.est / 1e6, unpricedFeeCalls: t.unpriced, since,
  }));
}

export type MonthPick = { ok: true; start: number; end: number; label: string } | { ok: false; message: string };

/** `YYYY-MM` (or nothing: this month) as UTC month bounds; a future month or a bad value gets a sentence. */
export function pickMonth(raw: string | undefined, now: number): MonthPick {
  const today = new Date(now);
  let y = today.getUTCFullYear();
  let m = today.getUTCMonth();
  if (raw !== undefined && raw.trim() !== "") {
    const match = /^(\d{4})-(\d{2})$/.exec(raw.trim());
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) {
      return { ok: false, message: `"${raw.trim().slice(0, 20)}" is not a month: write it as YYYY-MM, e.g. \`/docket usage export ${today.toISOString().slice(0, 7)}\`.` };
    }
    y = Number(match[1]);
    m = Number(match[2]) - 1;
    if (Date.UTC(y, m, 1) > now) return { ok: false, message: `${raw.trim()} hasn't started yet, so it has no usage. Export this month or an earlier one.` };
  }
  return { ok: true, start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), label: `${y}-${String(m + 1).padStart(2, "0")}` };
}
