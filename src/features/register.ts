/**
 * Wires every feature into the Bolt app (DEVELOPERS.md, Architecture: `register(app, deps)`).
 * Each feature lives in features/<name>/ and registers its commands, actions, views and events.
 */
import type { App } from "@slack/bolt";
import { registerDocketCommand } from "../slack/commands/router.ts";
import type { SlackDeps } from "../slack/deps.ts";
import type { AlertAddOns } from "../slack/alert-add-ons.ts";
import type { HomeSections } from "../slack/home-sections.ts";
import { registerAlerts, registerDigestCommand, type AlertsStore } from "./alerts/index.ts";
import { registerCalendar, type CalendarStore } from "./calendar/index.ts";
import { createFeeGuard, registerBudgets, type BudgetsStore } from "./budgets/index.ts";
import { registerCases, type CasesStore } from "./cases/index.ts";
import { registerDeadlines, type DeadlinesStore } from "./deadlines/index.ts";
import { registerHelp } from "./help/index.ts";
import { registerHome, type HomeStore } from "./home/index.ts";
import { registerMatters, type MattersStore } from "./matters/index.ts";
import { registerQa, type QaStore } from "./qa/index.ts";
import { registerSearch, type SearchStore } from "./search/index.ts";
import { registerTracking, type TrackingStore } from "./tracking/index.ts";
import { registerUsage, type UsageStore } from "./usage/index.ts";

/** The store every feature reads and writes: the union of what each one's front door says it uses. */
export type FeaturesStore = AlertsStore & BudgetsStore & CalendarStore & CasesStore & DeadlinesStore & HomeStore & MattersStore & QaStore & SearchStore & TrackingStore & UsageStore;

/** The extension points main.ts makes and features register into. */
export interface Extensions {
  home: HomeSections;
  /** What features do when an alert is delivered (the deadlines feature: court dates). */
  alerts: AlertAddOns;
}

export function register(app: App, deps: SlackDeps & { store: FeaturesStore }, ext: Extensions): void {
  const router = registerDocketCommand(app, deps);
  // One guard for every fee-incurring feature: budgets, ask-first prices, no fee without a matter (issue 14).
  const fees = createFeeGuard({ store: deps.store, clock: deps.clock, logger: deps.logger, admins: deps.admins });
  registerHelp(router, deps);
  registerCases(app, router, deps, fees);
  registerSearch(app, router, deps, fees);
  registerQa(app, router, deps, fees);
  registerMatters(app, router, deps);
  registerUsage(router, deps);
  registerTracking(app, router, deps, ext);
  registerAlerts(app, router, deps, ext);
  registerDigestCommand(router, deps);
  registerDeadlines(app, router, deps, ext);
  registerCalendar(app, router, deps);
  registerBudgets(app, router, deps, fees, ext);
  registerHome(app, { ...deps, sections: ext.home });

  app.error(async (error) => {
    deps.logger.error({ err: error }, "unhandled Slack handler error");
  });
}
