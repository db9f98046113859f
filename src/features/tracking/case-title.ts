/**
 * The caption to show in a tracking message. POST track/ answers only `success`, so the caption
 * comes from what we already have: the tracker listing read before tracking, else a case this
 * user viewed recently (the case view records its title), else, where a case is tracked, the
 * service's stored copy its dates are read from at once. knownTitle never calls the service.
 */
import type { TrackTarget } from "../../docket/requests.ts";
import type { RequestContext } from "../../slack/context.ts";
import { readCaseDatesNow, type DatesFound } from "../deadlines/index.ts";
import { targetKey } from "./trackers.ts";
import type { TrackingDeps, TrackingStore } from "./deps.ts";

export async function knownTitle(store: TrackingStore, ctx: RequestContext, target: TrackTarget, fromListing?: string): Promise<string | undefined> {
  if ("q" in target) return undefined;
  if (fromListing && fromListing.trim() !== "") return fromListing;
  try {
    const key = targetKey(target);
    const recent = await store.recentCases({ teamId: ctx.teamId, userId: ctx.userId }, 50);
    return recent.find((r) => targetKey({ court: r.court, docket: r.docket }) === key)?.title;
  } catch (err) {
    ctx.log.debug({ err }, "could not read recent cases for a title");
    return undefined;
  }
}

/**
 * What the confirmation of a case just tracked says of it, the same from the command, its buttons
 * and the Track form: its dates, read at once (deadlines' readCaseDatesNow, issue 23 item 1), and
 * its name: knownTitle's, else the title of the stored copy those dates came from, so a case
 * tracked before anyone viewed it is named too. Nothing of the kind for a saved search.
 */
export async function trackedCase(
  deps: TrackingDeps, ctx: RequestContext, target: TrackTarget, matter: string, fromListing?: string,
): Promise<{ title?: string | undefined; dates?: DatesFound | undefined }> {
  if ("q" in target) return {};
  const read = await readCaseDatesNow(deps, ctx, { ...target, matter });
  const title = (await knownTitle(deps.store, ctx, target, fromListing)) ?? read?.caseTitle;
  if (!read) return { title };
  const { caseTitle: _, ...dates } = read;
  return { title, dates };
}
