/**
 * What calendar feeds and their tokens reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { Store } from "../../store/store.ts";

export type CalendarStore = Pick<
  Store,
  "calendarFeedByHash" | "calendarFeedsOf" | "channelsOfMatter" | "courtDatesOfCase" | "courtDatesOfMatters"
  | "createCalendarFeed" | "revokeCalendarFeed"
>
  & ContextStore;

export type CalendarDeps = SlackDeps & { store: CalendarStore };
