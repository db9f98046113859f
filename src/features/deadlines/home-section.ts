/**
 * Deadlines' App Home section (slack/home-sections.ts; issue 16): the next court dates of the
 * user's channels' matters (the wall), from today in the reader's own zone (Slack's `tz` for the
 * user: Home has no channel, so no channel zone; court/today.ts decides "today" and "in N days").
 */
import type { HomeSection } from "../../slack/home-sections.ts";
import { addDays } from "../../court/rules/iso-day.ts";
import { todayIn } from "../../court/today.ts";
import { userTimeZone } from "../../slack/user-zone.ts";
import { DEADLINE_DAYS } from "./deadlines-service.ts";
import { homeCourtDateBlocks } from "./views/home-dates.ts";
import type { DeadlinesDeps } from "./deps.ts";

/** When Slack does not say where the reader is. */
const FALLBACK_ZONE = "America/New_York";

export function courtDatesHomeSection(deps: Pick<DeadlinesDeps, "store" | "clock" | "siteUrl">): HomeSection {
  return {
    id: "court-dates",
    order: 20,
    async render({ matters, request, client }) {
      const today = todayIn(await userTimeZone(client, request.userId, FALLBACK_ZONE), deps.clock.now());
      const dates = matters.length === 0 ? [] : await deps.store.courtDatesOfMatters(matters, { from: today, to: addDays(today, DEADLINE_DAYS) });
      return homeCourtDateBlocks({ today, days: DEADLINE_DAYS, dates, hasMatters: matters.length > 0 }, { siteUrl: deps.siteUrl });
    },
  };
}
