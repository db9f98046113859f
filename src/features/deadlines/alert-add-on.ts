/**
 * The court dates of a delivered docket alert (issue 16, issue 23), an alert add-on
 * (slack/alert-add-ons.ts): the dates the push states are stored under the delivery's matter,
 * deadlines an earlier push or docket set that a filing of this push meets are marked met
 * (court/rules/met.ts), and under each filing of the headline a line says which dates it sets,
 * moves or vacates. Idempotent, so every channel's delivery and every retry may run it.
 */
import { effectsOfEntry } from "../../court/deadlines/effect.ts";
import type { CourtDate } from "../../court/deadlines/court-date.ts";
import { addDays } from "../../court/rules/iso-day.ts";
import { filingsOf, metBy } from "../../court/rules/met.ts";
import type { AlertAddOn, AlertDeliveryContext } from "../../slack/alert-add-ons.ts";
import { effectText } from "../../slack/blockkit/court-date.ts";
import type { DeadlinesStore } from "./deps.ts";

type AddOnStore = Pick<DeadlinesStore, "recordCourtDates" | "courtDatesOfCase">;

export function courtDatesAlertAddOn(deps: { store: AddOnStore }): AlertAddOn {
  return {
    id: "court-dates",
    order: 10,
    async onDelivered(ctx) {
      const dates = await storeCourtDates(deps.store, ctx);
      return {
        linesFor: (filing) => (filing.mentions.length === 0 ? [] : effectsOfEntry([...filing.mentions], dates).map(effectText)),
      };
    },
  };
}

/** Stores the case's dates as the push states them under the delivery's matter, and hands back the stored date of each key. */
async function storeCourtDates(store: AddOnStore, ctx: AlertDeliveryContext): Promise<Map<string, CourtDate>> {
  await markMet(store, ctx);
  if (ctx.courtDates.length === 0) return new Map();
  const { records } = await store.recordCourtDates({ court: ctx.court, docket: ctx.docket, caseTitle: ctx.title, matters: [ctx.clientMatter], dates: [...ctx.courtDates] });
  return new Map(records.map((r) => [r.key, r] as const));
}

/**
 * Deadlines an earlier push or docket set that a filing of this push meets: marked met, so they
 * leave the lists and reminders. The push's own deadlines were marked when it was planned.
 */
async function markMet(store: AddOnStore, ctx: AlertDeliveryContext): Promise<void> {
  if (ctx.filings.length === 0) return;
  const filings = filingsOf(ctx.filings.map((f) => f.entry));
  const open = await store.courtDatesOfCase({ court: ctx.court, docket: ctx.docket }, [ctx.clientMatter], { from: ctx.latestEntryDate ? addDays(ctx.latestEntryDate, -400) : undefined });
  const met = open.flatMap((date) => {
    const by = metBy(date, filings);
    return by ? [{ ...date, met: by }] : [];
  });
  if (met.length > 0) await store.recordCourtDates({ court: ctx.court, docket: ctx.docket, matters: [ctx.clientMatter], dates: met });
}
