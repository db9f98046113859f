/**
 * Refresh from court, without Slack: a live pull that skips the court when nothing was filed since
 * the last filing date (spec, getdocket/ `use_last_filing_date`: fewer fees), and what it revealed.
 * The stored copy is read first (free) so the view can say whether anything new was filed.
 */
import type { CaseRef } from "../../court/refs.ts";
import type { DocketEntry } from "../../docket/schemas/index.ts";
import type { CaseViewModel } from "./views/case-view.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import { fetchCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export type RefreshResult =
  | { ok: true; model: CaseViewModel; before: CaseViewModel | undefined; added: DocketEntry[] | undefined }
  | { ok: false; error: unknown; before: CaseViewModel | undefined };

const entryKey = (e: DocketEntry) => `${e.number ?? ""}\u0000${e.date ?? e.entry_date ?? ""}\u0000${e.contents.replace(/\s+/g, " ").trim()}`;

/** Entries of `after` that `before` did not have (a multiset difference, so repeats count). */
export function newEntries(before: readonly DocketEntry[], after: readonly DocketEntry[]): DocketEntry[] {
  const seen = new Map<string, number>();
  for (const e of before) seen.set(entryKey(e), (seen.get(entryKey(e)) ?? 0) + 1);
  return after.filter((e) => {
    const n = seen.get(entryKey(e)) ?? 0;
    if (n === 0) return true;
    seen.set(entryKey(e), n - 1);
    return false;
  });
}

export async function refreshFromCourt(deps: CasesDeps, ctx: RequestContext, ref: CaseRef): Promise<RefreshResult> {
  const before = await fetchCase(deps, ctx, ref).catch((err: unknown) => {
    ctx.log.warn({ err }, "could not read the stored docket before refreshing");
    return undefined;
  });
  try {
    const { data } = await deps.docket.getDocket({ court: ref.court, docket: ref.docket, live: true, useLastFilingDate: true }, callOptions(ctx));
    const model: CaseViewModel = { ...data, court: ref.court, docket: ref.docket };
    return { ok: true, model, before, added: before ? newEntries(before.docket_report, model.docket_report) : undefined };
  } catch (error) {
    return { ok: false, error, before };
  }
}
