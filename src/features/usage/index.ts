/**
 * Usage (issue 4: "never a surprise court-fee bill"; issue 14 item 4): the ledger every docket call
 * writes (usage-ledger.ts), what of it is billable (billable.ts), `/docket usage` and its CSV
 * export (usage-command.ts), and the one CSV upload that `/docket usage export` and Home's Export
 * usage both use (usage-upload.ts).
 */
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerUsageCommand } from "./usage-command.ts";
import type { UsageDeps } from "./deps.ts";

export type { UsageDeps, UsageStore } from "./deps.ts";

export { createUsageLedger, type UsageLedgerDeps } from "./usage-ledger.ts";
export { feeOf, pickMonth, summarize, type BillableUsage } from "./billable.ts";
export { USAGE_ROWS_MAX, uploadUsageCsv } from "./usage-upload.ts";

export function registerUsage(router: CommandRouter, deps: UsageDeps): void {
  registerUsageCommand(router, deps);
}
