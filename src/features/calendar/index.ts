/**
 * Calendar feeds (issue 16 item 5): a per-matter iCalendar URL behind a secret token that admins
 * make and revoke with `/docket calendar`, served at GET /calendar/<token>.ics; and a one-off
 * .ics of one case's dates.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerCaseFile } from "./case-file.ts";
import { registerCalendarCommand } from "./command.ts";
import type { CalendarDeps } from "./deps.ts";

export type { CalendarDeps, CalendarStore } from "./deps.ts";

export { createCalendarRouter, isFeedPath, type CalendarRouteDeps } from "./feed-route.ts";

export function registerCalendar(app: App, router: CommandRouter, deps: CalendarDeps): void {
  registerCalendarCommand(app, router, deps);
  registerCaseFile(app, deps);
}
