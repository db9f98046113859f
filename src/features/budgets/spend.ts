/**
 * What a matter has spent this month, as `/docket usage` counts it (issue 14 item 4): AI spend the
 * service reported plus court fees reported or estimated at the tariff, over the same ledger rows,
 * so a budget and the usage view never disagree. Unpriced court calls (live pulls with no known
 * amount) add nothing: the cap is checked against what is known, and the usage view lists them.
 */
import type { UsageEntry } from "../../store/store.ts";
import { pickMonth, summarize, USAGE_ROWS_MAX } from "../usage/index.ts";
import type { BudgetsStore } from "./deps.ts";

export interface MatterSpend {
  clientMatter: string;
  spent: number;
  /** `YYYY-MM`, the UTC month it was summed over. */
  month: string;
}

/** Dollars the matter's rows cost, by the one summarizer (billable.ts): what every budget check counts. */
export function spentOf(entries: readonly UsageEntry[], clientMatter: string, since: number): number {
  const [u] = summarize(entries, [clientMatter], since);
  return u ? Math.round((u.aiReported + u.courtReported + u.courtEstimate) * 1e6) / 1e6 : 0;
}

export async function monthSpend(store: Pick<BudgetsStore, "usageEntries">, matters: readonly string[], now: number): Promise<MatterSpend[]> {
  const month = pickMonth(undefined, now);
  if (!month.ok || matters.length === 0) return [];
  const entries = await store.usageEntries({ matters, start: month.start, end: month.end, limit: USAGE_ROWS_MAX });
  return matters.map((clientMatter) => ({ clientMatter, spent: spentOf(entries, clientMatter, month.start), month: month.label }));
}
