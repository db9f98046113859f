/**
 * Deadlines' App Home section (slack/home-sections.ts; issue 16): the next court dates of the
 * user's channels' matters (the wall), from today in New York (Home has no channel, so no
 * channel zone).
 */
import type { HomeSection } from "../../slack/home-sections.ts";
import { addDays, isoDayIn } from "./days.ts";
import { DEADLINE_DAYS } from "./deadlines-service.ts";
import { homeCourtDateBlocks } from "./views/home-dates.ts";
import type { DeadlinesDeps } from "./deps.ts";

export function courtDatesHomeSection(deps: Pick<DeadlinesDeps, "store" | "clock" | "siteUrl">): HomeSection {
  return {
    id: "court-dates",
    order: 20,
    async render({ matters }) {
      const today = isoDayIn(deps.clock.now(), "America/New_York");
      const dates = matters.length === 0 ? [] : await deps.store.courtDatesOfMatters(matters, { from: today, to: addDays(today, DEADLINE_DAYS) });
      return homeCourtDateBlocks({ today, days: DEADLINE_DAYS, dates, hasMatters: matters.length > 0 }, { siteUrl: deps.siteUrl });
    },
  };
}
