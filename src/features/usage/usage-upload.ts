/**
 * A month of matters' usage uploaded as the CSV a firm bills from (issue 14 item 4): the one
 * upload behind `/docket usage export` (to the channel) and App Home's Export usage (to the admin's
 * DM). The rows are read in the same bounds as the usage view, so the totals agree.
 */
import type { WebClient } from "@slack/web-api";
import { usageCsv } from "./usage-csv.ts";
import type { UsageStore } from "./deps.ts";

/** Rows in one view or export: far above a month of any matter's calls. */
export const USAGE_ROWS_MAX = 100_000;

export async function uploadUsageCsv(
  deps: { store: Pick<UsageStore, "usageEntries"> },
  client: WebClient,
  u: { channelId: string; matters: readonly string[]; month: { start: number; end: number; label: string }; comment: string },
): Promise<number> {
  const entries = await deps.store.usageEntries({ matters: u.matters, start: u.month.start, end: u.month.end, limit: USAGE_ROWS_MAX });
  await client.files.uploadV2({
    channel_id: u.channelId,
    filename: `docketbot-usage-${u.month.label}.csv`,
    title: `docketbot usage, ${u.month.label}`,
    content: usageCsv(entries),
    initial_comment: `Usage of ${u.matters.join(", ")} in ${u.month.label}: ${entries.length} call${entries.length === 1 ? "" : "s"}, ${u.comment}.`,
  });
  return entries.length;
}
