/**
 * Case views, documents, lookups and unfurls (issue 4): `/docket case`, the case view's buttons
 * (Older/Newer, Refresh from court, Get PDF, All parties, Share to channel), the `docket_lookup`
 * message shortcut and `link_shared` unfurls. Other features show a case with showCase
 * (show-case.ts).
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerCaseCommand } from "./command.ts";
import { registerGetPdf } from "./get-pdf.ts";
import { registerLookupShortcut } from "./lookup.ts";
import { registerPartiesModal } from "./parties-modal.ts";
import { registerRefresh } from "./refresh.ts";
import type { FeeGuard } from "../budgets/index.ts";
import { registerUnfurls } from "./unfurl.ts";
import { registerViewActions } from "./view-actions.ts";
import type { CasesDeps } from "./deps.ts";

export type { CasesDeps, CasesStore } from "./deps.ts";

export { caseErrorText, showCase, type ShowCaseArgs, type ShowCaseDeps, type ShowCaseResult, type ShowCaseStore } from "./show-case.ts";
export { caseRefText } from "./views/case-messages.ts";

export function registerCases(app: App, router: CommandRouter, deps: CasesDeps, fees: FeeGuard): void {
  registerCaseCommand(router, deps);
  registerViewActions(app, deps);
  registerRefresh(app, deps, fees);
  registerGetPdf(app, deps, fees);
  registerPartiesModal(app, deps);
  registerLookupShortcut(app, deps);
  registerUnfurls(app, deps);
}
