/**
 * Wires every feature into the Bolt app (DEVELOPERS.md, Architecture: `register(app, deps)`).
 * Each feature lives in features/<name>/ and registers its commands, actions, views and events.
 */
import type { App } from "@slack/bolt";
import { registerDocketCommand } from "../slack/commands/router.ts";
import type { SlackDeps } from "../slack/deps.ts";
import type { HomeSections } from "../slack/home-sections.ts";
import { registerAlerts, registerDigestCommand } from "./alerts/index.ts";
import { registerCalendar } from "./calendar/index.ts";
import { createFeeGuard, registerBudgets } from "./budgets/index.ts";
import { registerCases } from "./cases/index.ts";
import { registerDeadlines } from "./deadlines/index.ts";
import { registerHelp } from "./help/index.ts";
import { registerHome } from "./home/index.ts";
import { registerMatters } from "./matters/index.ts";
import { registerQa } from "./qa/index.ts";
import { registerSearch } from "./search/index.ts";
import { registerTracking } from "./tracking/index.ts";
import { registerUsage } from "./usage/index.ts";

/** The extension points main.ts makes and features register into. */
export interface Extensions {
  home: HomeSections;
}

export function register(app: App, deps: SlackDeps, ext: Extensions): void {
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
