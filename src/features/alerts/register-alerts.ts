/**
 * Everything users do with alerts in Slack, wired into Bolt: `/docket alerts` (undocketed filings;
 * delivery for admins), `/docket alerts settings` and its modal (also from App Home), Docketed ✓ and Assign on a
 * headline, and the Snooze menu on a case root (issue 5, Operations; issue 12, items 3 to 5).
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { FilingRecord } from "../../store/store.ts";
import { registerAlertsCommand } from "./alerts-command.ts";
import type { HomeSections } from "../../slack/home-sections.ts";
import { alertSettingsHomeSection } from "./home-section.ts";
import { registerAlertSettings } from "./settings-command.ts";
import { registerAlertSettingsHome } from "./settings-home.ts";
import { registerSignOff, type HeadlineRenderer } from "./sign-off.ts";
import { registerSnooze } from "./snooze.ts";
import type { HeadlineCounts } from "./views/alert-controls.ts";
import { renderFilingHeadline } from "./views/filing-headline.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

/** A headline re-rendered from its stored filings, as the outbox rendered it (one case per headline). */
export function headlineRenderer(siteUrl: string): HeadlineRenderer {
  return (filings: readonly FilingRecord[], counts: HeadlineCounts, dateLines?: ReadonlyMap<number, string>) => {
    const first = filings[0]!;
    return renderFilingHeadline(
      { case: { title: first.caseTitle, court: first.court, docket: first.docket }, filings, counts, clientMatter: first.clientMatter, dateLines },
      { siteUrl },
    );
  };
}

export function registerAlerts(app: App, router: CommandRouter, deps: AlertsHandlerDeps, ext: { home: HomeSections }): void {
  ext.home.add(alertSettingsHomeSection());
  registerAlertsCommand(app, router, deps);
  registerAlertSettings(app, router, deps);
  registerAlertSettingsHome(app, deps);
  registerSignOff(app, { ...deps, renderHeadline: headlineRenderer(deps.siteUrl) });
  registerSnooze(app, deps);
}
