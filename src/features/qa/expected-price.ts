/**
 * The expected price of a question, shown before anything is spent (issue 14 item 2: the price
 * used to show only after spending it): THE estimate, used by the Ask form, the "Reading…" line,
 * the fee guard (ask-first price, budget) and the matter picker alike.
 *
 * It depends on what the question reads. The service answers `both` once from the docket and once
 * from the documents (spec, ask_docket: `from_dockets` and `from_documents`, each with every
 * provider's answer) and prices the call as a whole, so a "Both" answer costs about a docket answer
 * plus a documents answer; documents answers read longer texts than docket ones. So the estimate
 * is made from the workspace's recent answers OF THE SAME KIND (what the service reported for them,
 * kept with each answer), or, with too little history, from the range the README documents per
 * answer and provider ("usually $0.01–$0.10"), times the answers the call is made of: each part
 * read, by each provider asked (ASK_PROVIDER=both doubles it, as the service charges per provider).
 */
import type { QaStore } from "./deps.ts";
import type { QuestionTarget } from "./views/question.ts";

export interface ExpectedPrice {
  /** The usual price (the median of recent ones), in dollars. */
  typical: number;
  low: number;
  high: number;
  /** "recent": from the workspace's recent answers; "documented": the README's range (no history yet). */
  basis: "recent" | "documented";
  /** How many recent prices it is made from (0 for the documented range). */
  samples: number;
  /** What the question reads: the estimate is for that kind of answer. */
  from?: QuestionTarget | undefined;
}

/** The README's range for one provider's answer ("usually $0.01–$0.10"). */
export const DOCUMENTED_AI_PRICE = { low: 0.01, typical: 0.03, high: 0.1 } as const;
/** Fewer recent prices than this, and the documented range is shown instead. */
export const MIN_HISTORY = 3;
export const HISTORY = 20;
export const TARGETS: readonly QuestionTarget[] = ["docket", "documents", "both"];

/** The parts the service answers for a target: "both" is a docket answer and a documents answer. */
export function answerParts(target: QuestionTarget): number {
  return target === "both" ? 2 : 1;
}

/**
 * From `recent` prices of answers of one kind; `answers` is how many answers one such call is made
 * of (parts read × providers asked), which scales only the documented range: a recorded price is
 * already the whole call's.
 */
export function expectedPrice(recent: readonly number[], answers: number): ExpectedPrice {
  const n = Math.max(1, answers);
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

/** The estimate for a question reading `target` in this workspace; the documented range when the store can't be read. */
export async function expectedPriceFor(
  store: Pick<QaStore, "recentAnswerPrices">, teamId: string, providers: number, target: QuestionTarget,
): Promise<ExpectedPrice> {
  const recent = await store.recentAnswerPrices({ teamId, target, limit: HISTORY }).catch(() => []);
  return { ...expectedPrice(recent, answerParts(target) * Math.max(1, providers)), from: target };
}

/** The estimate for each kind (the Ask form shows every choice's price). */
export async function expectedPricesFor(
  store: Pick<QaStore, "recentAnswerPrices">, teamId: string, providers: number,
): Promise<Record<QuestionTarget, ExpectedPrice>> {
  const [docket, documents, both] = await Promise.all(TARGETS.map((t) => expectedPriceFor(store, teamId, providers, t)));
  return { docket: docket!, documents: documents!, both: both! };
}
