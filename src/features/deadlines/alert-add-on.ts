/**
 * The court dates of a delivered docket alert (issue 16, issue 23), an alert add-on
 * (slack/alert-add-ons.ts): the dates the push states are stored under the delivery's matter,
 * deadlines an earlier push or docket set that a filing of this push meets are marked met
 * (court/rules/met.ts), and under each filing of the headline a line says which dates it sets,
 * moves or vacates, and which earlier deadlines it meets or ends (a Rule 12 motion ends the
 * computed answer date: the alert says so, as the lists and the feed do). Idempotent, so every channel's delivery and every retry may run it.
 *
 * Every channel a push goes to shares the push's one plan (outbox/push-plans.ts), so its channels
 * linked to one matter would store the same dates under the same matter once each: for a
 * 100,000-entry push to 20 channels, 20 × 534 dates written and the case's dates read back 20
 * times, each a turn of 40–66 ms. The first run for a plan and matter answers the others for
 * SHARED_FOR_MS (while it runs, they wait for it); a run that fails is forgotten, so the retry runs.
 */
import { systemClock, type Clock } from "../../clock.ts";
import { effectsOfEntry } from "../../court/deadlines/effect.ts";
import type { CourtDate } from "../../court/deadlines/court-date.ts";
import { addDays } from "../../court/rules/iso-day.ts";
import { entryDateOf, entryNumberOf } from "../../court/deadlines/entry-fields.ts";
import { filingsOf, metBy } from "../../court/rules/met.ts";
import { deadlinesStartedBy, triggerKey } from "../../court/rules/index.ts";
import type { AlertAddOn, AlertDeliveryContext } from "../../slack/alert-add-ons.ts";
import { effectText } from "../../slack/blockkit/court-date.ts";
import type { DeadlinesStore } from "./deps.ts";

type AddOnStore = Pick<DeadlinesStore, "recordCourtDates" | "courtDatesOfCase">;

/** Which entry a source names: its number and day (a filing, and the source of what it met). */
const entryKey = (s: { entryNumber?: string | undefined; entryDate: string }) => `${s.entryNumber ?? ""}\u0000${s.entryDate}`;

/** How long one run answers the plan's other deliveries to the same matter (a retry after is run again). */
export const SHARED_FOR_MS = 60_000;

/** The push's stored dates by key, and the earlier deadlines its filings met or ended. */
type Recorded = { dates: Map<string, CourtDate>; met: readonly CourtDate[] };
type Stored = { at: number; dates: Promise<Recorded> };

export function courtDatesAlertAddOn(deps: { store: AddOnStore; clock?: Pick<Clock, "now"> }): AlertAddOn {
  const clock = deps.clock ?? systemClock;
  // Keyed on the plan's dates (one array per planned push), then the matter: gone with the plan.
  const runs = new WeakMap<readonly CourtDate[], Map<string, Stored>>();
  const storedOnce = (ctx: AlertDeliveryContext): Promise<Recorded> => {
    let byMatter = runs.get(ctx.courtDates);
    if (!byMatter) runs.set(ctx.courtDates, (byMatter = new Map()));
    const earlier = byMatter.get(ctx.clientMatter);
    if (earlier && clock.now() - earlier.at < SHARED_FOR_MS) return earlier.dates;
    const run: Stored = { at: clock.now(), dates: storeCourtDates(deps.store, ctx) };
    byMatter.set(ctx.clientMatter, run);
    run.dates.catch(() => {
      if (byMatter.get(ctx.clientMatter) === run) byMatter.delete(ctx.clientMatter);
    });
    return run.dates;
  };
  return {
    id: "court-dates",
    order: 10,
    async onDelivered(ctx) {
      const { dates, met } = await storedOnce(ctx);
      // The rules' own deadlines a filing starts (a motion's opposition and reply, a served summons'
      // answer): in no entry's words, so its mentions never name them; said under the filing too.
      const started = deadlinesStartedBy(dates.values());
      return {
        linesFor: (filing) => {
          const stated = filing.mentions.length === 0 ? [] : effectsOfEntry([...filing.mentions], dates).map((e) => effectText({ ...e, court: ctx.court }));
          const number = entryNumberOf(filing.entry);
          const ruled = number === undefined ? [] : (started.get(triggerKey(number, entryDateOf(filing.entry))) ?? [])
            .map((d) => effectText({ verb: "sets", kind: d.kind, title: d.title, date: d.date, computed: d.byRule!.citation, court: ctx.court }));
          // Earlier deadlines this filing met (its paper) or ended (a Rule 12 motion and the answer).
          const entry = entryKey({ entryNumber: number, entryDate: entryDateOf(filing.entry) });
          const closed = met
            .filter((d) => entryKey(d.met!.source) === entry)
            .map((d) => effectText({ verb: d.met!.why ? "ends" : "meets", why: d.met!.why, kind: d.kind, title: d.title, date: d.date, time: d.time, computed: d.byRule && !d.byRule.courtStates ? d.byRule.citation : undefined, court: ctx.court }));
          return [...stated, ...ruled, ...closed];
        },
      };
    },
  };
}

/** Stores the case's dates as the push states them under the delivery's matter, and hands back the stored date of each key. */
async function storeCourtDates(store: AddOnStore, ctx: AlertDeliveryContext): Promise<Recorded> {
  const met = await markMet(store, ctx);
  if (ctx.courtDates.length === 0) return { dates: new Map(), met };
  const { records } = await store.recordCourtDates({ court: ctx.court, docket: ctx.docket, caseTitle: ctx.title, matters: [ctx.clientMatter], dates: [...ctx.courtDates] });
  return { dates: new Map(records.map((r) => [r.key, r] as const)), met };
}

/**
 * Deadlines an earlier push or docket set that a filing of this push meets: marked met, so they
 * leave the lists and reminders. The push's own deadlines were marked when it was planned. Returns
 * every date a filing of this push met or ended, marked now or by an earlier delivery of it (a retry,
 * another channel of the matter), so each channel's alert says the same.
 */
async function markMet(store: AddOnStore, ctx: AlertDeliveryContext): Promise<CourtDate[]> {
  if (ctx.filings.length === 0) return [];
  const filings = filingsOf(ctx.filings.map((f) => f.entry));
  const known = await store.courtDatesOfCase({ court: ctx.court, docket: ctx.docket }, [ctx.clientMatter], {
    from: ctx.latestEntryDate ? addDays(ctx.latestEntryDate, -400) : undefined, includeMet: true,
  });
  const ours = new Set(filings.map((f) => entryKey(f.source)));
  const byThisPush = known.filter((d) => d.met !== undefined && ours.has(entryKey(d.met.source)));
  const met = known.flatMap((date) => {
    if (date.met !== undefined) return [];
    const by = metBy(date, filings);
    return by ? [{ ...date, met: by }] : [];
  });
  if (met.length > 0) await store.recordCourtDates({ court: ctx.court, docket: ctx.docket, matters: [ctx.clientMatter], dates: met });
  return [...byThisPush, ...met];
}
