/**
 * Matters, usage and App Home (issue 4: "Matters, ethical walls and the fee guard"): the admin-only
 * `matter link|unlink|list` commands, `/docket usage` (month to date, from the usage ledger that
 * usage-ledger.ts writes) and App Home, which composes tracking's own section.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { registerAuditCommand } from "./audit-command.ts";
import { registerHome } from "./home.ts";
import { registerMatterCommands } from "./matter-commands.ts";
import { registerUsageCommand } from "./usage-command.ts";

export { createUsageLedger, type UsageLedgerDeps } from "./usage-ledger.ts";

export function registerMatters(app: App, router: CommandRouter, deps: SlackDeps): void {
  registerMatterCommands(app, router, deps);
  registerUsageCommand(router, deps);
  registerAuditCommand(router, deps);
  registerHome(app, deps);
}
