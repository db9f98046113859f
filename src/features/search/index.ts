/**
 * Search, PACER search and the Search dockets shortcut (issue 4): `/docket search` (free, the
 * service's index), `/docket pacer` (live federal search: confirmed first, costs money), the
 * `docket_search` modal, and the View button of every case list.
 * Files: search-command.ts, pacer.ts, modal.ts, view-case.ts (Slack); pacer-flow.ts (the paid
 * flow); search-page.ts, *-values.ts, modal-state.ts, destination.ts (helpers).
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerSearchModal } from "./modal.ts";
import { registerPacer } from "./pacer.ts";
import { HELD_PACER } from "./pacer-flow.ts";
import { runHeldPacer } from "./run-held-pacer.ts";
import type { FeeGuard } from "../budgets/index.ts";
import { createSearchRuntime } from "./runtime.ts";
import { registerSearchCommand } from "./search-command.ts";
import { registerViewCase } from "./view-case.ts";
import type { SearchDeps } from "./deps.ts";

export type { SearchDeps, SearchStore } from "./deps.ts";

export function registerSearch(app: App, router: CommandRouter, deps: SearchDeps, fees: FeeGuard): void {
  const rt = createSearchRuntime(deps, fees);
  fees.actions.register(HELD_PACER, (run) => runHeldPacer(rt, run));
  registerSearchCommand(app, router, rt);
  registerPacer(app, router, rt);
  registerSearchModal(app, rt);
  registerViewCase(app, rt);
}
