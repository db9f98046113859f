/**
 * What deadlines (court dates, their settings, Calendared ✓, reminders) reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ExclusiveJob } from "../../store/exclusive.ts";
import type { Store } from "../../store/store.ts";

export type DeadlinesStore = Pick<
  Store,
  "activeSnooze" | "calendaredIn" | "channelsOfMatter" | "claimReminderRun" | "courtDatesBetween" | "courtDatesOfCase"
  | "courtDatesOfMatters" | "finishReminderRun" | "getAlertSettings" | "getCourtDate"
  | "getReminderSettings" | "mattersOfChannel" | "recordCourtDates" | "saveReminderSettings"
  | "setCalendared" | "unfinishedReminderRuns" | "postedReminders"
>
  & ExclusiveJob["lanes"];

export type DeadlinesDeps = SlackDeps & { store: DeadlinesStore };
