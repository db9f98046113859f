/**
 * Every date known at once (issue 23 item 1): when a matter starts tracking a case (the command,
 * the button, the Track form, or a tracker made outside docketbot it now subscribes to), or a
 * channel is linked to a matter that already tracks cases, the case's docket is read from the
 * service's stored copy (getdocket `cached=true`: no live pull, no charge; spec, getdocket) and its
 * dates recorded under the matter, so they are listed and reminded before the first push comes.
 * A paid refresh is never made here: the case view's Refresh asks first, as every fee does.
 */
import type { DatesFound } from "../../slack/blockkit/court-date.ts";
import { courtLongName } from "../../court/labels.ts";
import { courtToday } from "../../court/today.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import type { DeadlinesStore } from "./deps.ts";
import { ingestCourtDates } from "./ingest.ts";

/** The part of the store reading a case's dates at once needs (a feature that calls it adds it to its store). */
export type CaseDatesStore = Pick<DeadlinesStore, "recordCourtDates" | "courtDatesOfCase">;

/** Dates ahead on the docket (cancelled, met and replaced ones left out), and the soonest. */
export type { DatesFound };

/**
 * Reads the case's stored docket, records its dates under `matter`, and says what is ahead;
 * undefined when the service has no stored copy or cannot be reached (the first push brings them).
 */
export async function readCaseDatesNow(
  deps: Pick<SlackDeps, "docket" | "clock" | "holidays"> & { store: CaseDatesStore },
  ctx: RequestContext,
  target: { court: string; docket: string; matter: string },
): Promise<(DatesFound & { caseTitle?: string | undefined }) | undefined> {
  try {
    // The service names courts its own way (spec, getdocket: "court name exactly as the service names it").
    const { data } = await deps.docket.getDocket({ court: courtLongName(target.court), docket: target.docket }, callOptions(ctx, target.matter));
    await ingestCourtDates(deps.store, {
      court: target.court, docket: target.docket, caseTitle: data.info.title ?? undefined, matters: [target.matter],
      entries: data.docket_report, holidays: deps.holidays,
    });
    const today = courtToday(target.court, deps.clock.now()) ?? new Date(deps.clock.now()).toISOString().slice(0, 10);
    const ahead = await deps.store.courtDatesOfCase({ court: target.court, docket: target.docket }, [target.matter], { from: today });
    const next = ahead[0];
    // The case's name comes with the stored copy: a case tracked before anyone viewed it is named too.
    return { caseTitle: data.info.title ?? undefined, upcoming: ahead.length, ...(next ? { next: { kind: next.kind, title: next.title, date: next.date, court: target.court, ...(next.time ? { time: next.time } : {}), ...(next.byRule ? { byRule: next.byRule } : {}), ...(next.computed ? { computed: next.computed } : {}) } } : {}) };
  } catch (err) {
    ctx.log.warn({ err, court: target.court, docket: target.docket }, "could not read the case's dates at once");
    return undefined;
  }
}

/** Cases read at once when a matter is linked; the rest come with their pushes. */
export const LINK_READ_MAX = 10;

/**
 * The dates of every case a matter tracks, read at once when a channel is linked to it (the
 * stored copy of each, as readCaseDatesNow): the upcoming ones summed and the soonest of all.
 * Undefined when no case could be read.
 */
export async function readMatterDatesNow(
  deps: Parameters<typeof readCaseDatesNow>[0],
  ctx: RequestContext,
  matter: string,
  cases: readonly { court: string; docket: string }[],
): Promise<DatesFound | undefined> {
  let found: DatesFound | undefined;
  for (const c of cases.slice(0, LINK_READ_MAX)) {
    const one = await readCaseDatesNow(deps, ctx, { ...c, matter });
    if (!one) continue;
    const next = !found?.next || (one.next && one.next.date < found.next.date) ? one.next : found.next;
    found = { upcoming: (found?.upcoming ?? 0) + one.upcoming, ...(next ? { next } : {}) };
  }
  return found;
}
