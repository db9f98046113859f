import type { Response, Router } from "express";
import type { ServiceContext } from "../context.ts";
import { bool, callOf, guard, one, record, reject, requireParams, sendJson, type Call } from "../http.ts";
import type { PushPayload } from "../push-payloads.ts";
import { testPush } from "../push-payloads.ts";
import { FREQUENCIES, isFrequency, type Tracker, type TrackerTarget } from "../trackers.ts";
import { intParam } from "./search.ts";

/**
 * POST and GET {base_url}track/ (spec "track/", States and transitions, Events).
 * - test=true: one delivery of fixed fake data to the account's push URL; nothing else is read.
 * - test_track=true: one delivery of an existing tracker's current results; the tracker is untouched.
 *   Both are single attempts (no retries) and answer success:false with the reason when the
 *   receiver does not answer 200, since the caller is waiting to learn exactly that.
 * - enable=true needs frequency and client_matter (blank allowed); enable=false needs a tracker.
 * - Exactly one identification: court+docket, or q.
 * The listing's limit above 50 is rejected, like search/'s.
 */
export const TRACK_DEFAULT_LIMIT = 20;
export const TRACK_MAX_LIMIT = 50;

export function trackRoutes(router: Router, ctx: ServiceContext): void {
  router.post("/track/", guard(ctx, "track"), async (_req, res) => {
    const call = callOf(res);
    if (call.test) return deliverOnce(ctx, res, call, testPush(ctx.urls.site));

    const target = identify(ctx, res, call);
    if (!target) return;
    const testTrack = bool(call.params, "test_track");
    if (testTrack === null) return reject(ctx, res, "test_track must be true or false");
    if (testTrack) {
      const t = ctx.trackers.find(call.user.username, target);
      if (!t) return reject(ctx, res, "No tracker exists for this case or search");
      const payload = ctx.scheduler.current(t);
      if (!payload) return reject(ctx, res, "The tracker has no results to push yet");
      return deliverOnce(ctx, res, call, payload);
    }

    const enable = bool(call.params, "enable");
    if (enable === undefined) return reject(ctx, res, "Missing required parameter: enable");
    if (enable === null) return reject(ctx, res, "enable must be true or false");
    const now = ctx.clock.now();
    if (!enable) {
      const t = ctx.trackers.find(call.user.username, target);
      if (!t) return reject(ctx, res, "No tracker exists for this case or search");
      ctx.trackers.upsert(call.user.username, target, { title: t.title, link: t.link, enabled: false, now });
    } else {
      if (!requireParams(ctx, res, { nonBlank: ["frequency"], present: ["client_matter"] })) return;
      const frequency = one(call.params, "frequency")!.trim();
      if (!isFrequency(frequency)) return reject(ctx, res, `frequency must be one of ${FREQUENCIES.join(", ")}`);
      const k = target.kind === "case" ? ctx.corpus.find(target.court, target.docket) : undefined;
      const title = k ? k.title : target.kind === "search" ? target.q : "";
      const link = k ? ctx.urls.caseLink(k) : target.kind === "search" ? ctx.urls.searchLink(target.q) : "";
      ctx.trackers.upsert(call.user.username, target, {
        title,
        link,
        enabled: true,
        frequency,
        clientMatter: call.clientMatter,
        now,
        entriesSeen: k?.entries.length ?? 0,
      });
    }
    record(ctx, call, "track");
    sendJson(res, 200, { success: true });
  });

  router.get("/track/", guard(ctx, "track"), (_req, res) => {
    const call = callOf(res);
    const offset = intParam(one(call.params, "offset"), 0);
    const limit = intParam(one(call.params, "limit"), TRACK_DEFAULT_LIMIT);
    if (offset === null || offset < 0) return reject(ctx, res, "offset must be a non-negative integer");
    if (limit === null || limit < 1) return reject(ctx, res, "limit must be a positive integer");
    if (limit > TRACK_MAX_LIMIT) return reject(ctx, res, `limit must be at most ${TRACK_MAX_LIMIT}`);
    const dockets = ctx.trackers.list(call.user.username).slice(offset, offset + limit).map(listItem);
    record(ctx, call, "track");
    sendJson(res, 200, { success: true, dockets, _api_push_debug_info: ctx.pushes.debugInfo(call.user.username) });
  });
}

function listItem(t: Tracker): Record<string, unknown> {
  return {
    court: t.target.kind === "case" ? t.target.court : "",
    docket: t.target.kind === "case" ? t.target.docket : "",
    ...(t.target.kind === "search" ? { q: t.target.q } : {}),
    title: t.title,
    link: t.link,
    enabled: t.enabled,
    frequency: t.frequency,
    client_matter: t.clientMatter,
    datetime_updated: new Date(t.updatedAt).toISOString(),
  };
}

/** court+docket (the case must exist; canonical names are kept) or q, never both. */
function identify(ctx: ServiceContext, res: Response, call: Call): TrackerTarget | undefined {
  const court = one(call.params, "court")?.trim();
  const docket = one(call.params, "docket")?.trim();
  const q = one(call.params, "q")?.trim();
  if (q && (court || docket)) return void reject(ctx, res, "Give either court and docket, or q, not both");
  if (q) return { kind: "search", q };
  if (!court || !docket) return void reject(ctx, res, court || docket ? "court and docket must be given together" : "Give court and docket, or q");
  const k = ctx.corpus.find(court, docket);
  if (!k) return void reject(ctx, res, `Could not find docket ${docket} in court=${court}: `);
  return { kind: "case", court: k.court, docket: k.docket };
}

async function deliverOnce(ctx: ServiceContext, res: Response, call: Call, payload: PushPayload): Promise<void> {
  const url = call.user.pushUrl;
  if (!url) return reject(ctx, res, "No api_push_url is configured for this account");
  const a = await ctx.pushes.send(call.user.username, url, payload, { retry: false });
  record(ctx, call, "track");
  if (a && a.status !== 200) return sendJson(res, 200, { success: false, error: a.error ?? "Push delivery failed" });
  sendJson(res, 200, { success: true });
}
