/**
 * The expected price of a question, shown before anything is spent (issue 14 item 2: the price
 * used to show only after spending it). From the workspace's recent ask_docket prices in the usage
 * ledger (what the service itself reported), or, with too little history, the range the README
 * documents. The ledger does not record which provider or target a call read, so the estimate is
 * per answering provider: asking both providers (ASK_PROVIDER=both) doubles it, as the service
 * charges per provider.
 */
import type { QaStore } from "./deps.ts";

export interface ExpectedPrice {
  /** The usual price (the median of recent ones), in dollars. */
  typical: number;
  low: number;
  high: number;
  /** "recent": from the ledger; "documented": the README's range (no history yet). */
  basis: "recent" | "documented";
  /** How many recent prices it is made from (0 for the documented range). */
  samples: number;
}

/** The README's range for one provider's answer ("usually $0.01–$0.10"). */
export const DOCUMENTED_AI_PRICE = { low: 0.01, typical: 0.03, high: 0.1 } as const;
/** Fewer recent prices than this, and the documented range is shown instead. */
export const MIN_HISTORY = 3;
export const HISTORY = 20;

export function expectedPrice(recent: readonly number[], providers: number): ExpectedPrice {
  const n = Math.max(1, providers);
  const prices = recent.filter((p) => Number.isFinite(p) && p >= 0);
  if (prices.length < MIN_HISTORY) {
    return { typical: DOCUMENTED_AI_PRICE.typical * n, low: DOCUMENTED_AI_PRICE.low * n, high: DOCUMENTED_AI_PRICE.high * n, basis: "documented", samples: 0 };
  }
  // Each recorded price is one call, answered by the providers configured then (normally the same).
  const sorted = [...prices].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { typical: median, low: sorted[0]!, high: sorted[sorted.length - 1]!, basis: "recent", samples: sorted.length };
}

/** The estimate for a question in this workspace; the documented range when the ledger can't be read. */
export async function expectedPriceFor(store: Pick<QaStore, "recentPrices">, teamId: string, providers: number): Promise<ExpectedPrice> {
  const recent = await store.recentPrices({ teamId, endpoint: "ask_docket", limit: HISTORY }).catch(() => []);
  return expectedPrice(recent, providers);
}
