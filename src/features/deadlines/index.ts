/**
 * Deadlines and hearings from the docket (issue 16): `/docket deadlines` and its settings, the
 * "Calendared ✓" button, and (reminders.ts) reminders before each date, scheduled from the store.
 * ingest.ts turns the entries a push or a case view brings into stored dates.
 * alert-add-on.ts stores a delivered alert's dates, marks deadlines met and says what a filing sets.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerCalendared } from "./calendared.ts";
import { registerDeadlinesCommand } from "./deadlines-command.ts";
import { createDeadlinesService } from "./deadlines-service.ts";
import type { HomeSections } from "../../slack/home-sections.ts";
import { courtDatesHomeSection } from "./home-section.ts";
import { courtDatesAlertAddOn } from "./alert-add-on.ts";
import type { AlertAddOns } from "../../slack/alert-add-ons.ts";

import type { WebClient } from "@slack/web-api";
import { createRunPoster } from "../../slack/run-poster.ts";
import { createReminderScheduler, REMINDER_EVENT_TYPE, type ReminderScheduler, type ReminderSchedulerDeps } from "./reminders.ts";
import type { DeadlinesDeps } from "./deps.ts";

export type { DeadlinesDeps, DeadlinesStore } from "./deps.ts";

export { createReminderScheduler, type ReminderScheduler } from "./reminders.ts";
export { datesOfEntries, ingestCourtDates } from "./ingest.ts";
export { readCaseDatesNow, readMatterDatesNow, type CaseDatesStore, type DatesFound } from "./read-now.ts";

export function registerDeadlines(app: App, router: CommandRouter, deps: DeadlinesDeps & { onReminderSettings?: () => void }, ext: { home: HomeSections; alerts: AlertAddOns }): void {
  ext.home.add(courtDatesHomeSection(deps));
  ext.alerts.add(courtDatesAlertAddOn(deps));
  const service = createDeadlinesService(deps);
  registerDeadlinesCommand(router, { ...deps, service, onSettings: deps.onReminderSettings });
  registerCalendared(app, { ...deps, service });
}

/** The reminder scheduler over its own door to Slack (messages carry their run id as metadata). */
export function createReminders(deps: Omit<ReminderSchedulerDeps, "poster"> & { client: WebClient }): ReminderScheduler {
  return createReminderScheduler({ ...deps, poster: createRunPoster(deps.client, { eventType: REMINDER_EVENT_TYPE }) });
}
