/**
 * Wires every feature into the Bolt app (DEVELOPERS.md, Architecture: `register(app, deps)`).
 * Each feature lives in features/<name>/ and registers its commands, actions, views and events.
 */
import type { App } from "@slack/bolt";
import { registerDocketCommand } from "./commands/router.ts";
import type { SlackDeps } from "./deps.ts";
import { registerAlerts } from "./features/alerts/index.ts";
import { registerCases } from "./features/cases/index.ts";
import { registerHelp } from "./features/help/index.ts";
import { registerQa } from "./features/qa/index.ts";
import { registerSearch } from "./features/search/index.ts";
import { registerTracking } from "./features/tracking/index.ts";

export function register(app: App, deps: SlackDeps): void {
  const router = registerDocketCommand(app, deps);
  registerHelp(router, deps);
  registerCases(app, router, deps);
  registerSearch(app, router, deps);
  registerQa(app, router, deps);
  registerTracking(app, router, deps);
  registerAlerts(app, router, deps);

  app.error(async (error) => {
    deps.logger.error({ err: error }, "unhandled Slack handler error");
  });
}
