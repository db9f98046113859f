/**
 * Matters (issue 4: "Matters, ethical walls and the fee guard"): the admin-only
 * `matter link|unlink|list` commands and `/docket audit` with its CSV export.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerAuditCommand } from "./audit-command.ts";
import { registerMatterCommands } from "./matter-commands.ts";
import type { MattersDeps } from "./deps.ts";

export type { MattersDeps, MattersStore } from "./deps.ts";

export function registerMatters(app: App, router: CommandRouter, deps: MattersDeps): void {
  registerMatterCommands(app, router, deps);
  registerAuditCommand(router, deps);
}
