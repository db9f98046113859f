import type { Response, Router } from "express";
import type { ServiceContext } from "../context.ts";
import type { EmuCase } from "../corpus/types.ts";
import { docketPullFee } from "../fees.ts";
import { bool, callOf, guard, one, record, reject, requireParams, sendJson, type Call } from "../http.ts";
import { docketBody } from "../wire.ts";

/**
 * GET {base_url}getdocket/ (spec "getdocket/" and Limits, "Cost behavior"):
 * - cached=true, or a test call: the stored copy, no fee;
 * - use_last_filing_date=true and the court has nothing new: the stored copy, no fee;
 * - otherwise a live pull: court latency, the docket-report fee, new entries appended for active
 *   cases, date_cached moved to now.
 * An unknown docket answers HTTP 200 with the observed error text (observed-facts.md, Responses).
 */
export function getDocketRoutes(router: Router, ctx: ServiceContext): void {
  router.get("/getdocket/", guard(ctx, "getdocket"), async (_req, res) => {
    const call = callOf(res);
    if (!requireParams(ctx, res, { nonBlank: ["court", "docket"], present: ["client_matter"] })) return;
    const flags = readFlags(ctx, res, call, ["cached", "normalize", "use_last_filing_date"]);
    if (!flags) return;
    const k = findCase(ctx, res, call);
    if (!k) return;

    if (call.test || flags.cached) {
      record(ctx, call, "docket_cached");
    } else if (flags.use_last_filing_date && ctx.live.pendingCount(k, ctx.clock.now()) === 0) {
      record(ctx, call, "docket_unchanged");
    } else {
      await livePull(ctx, call, k);
    }
    sendJson(res, 200, docketBody(k, ctx.urls, { normalize: flags.normalize === true }));
  });
}

/** A live pull from the court, charged to the call (also used by ask_docket with cached=false). */
export async function livePull(ctx: ServiceContext, call: Call, k: EmuCase): Promise<void> {
  await ctx.courtDelay(ctx.latency.default);
  ctx.live.pull(k, ctx.clock.now());
  record(ctx, call, "docket_live", docketPullFee(k));
}

/** Looks the case up, answering the observed not-found error when it is missing. */
export function findCase(ctx: ServiceContext, res: Response, call: Call): EmuCase | undefined {
  const court = one(call.params, "court")!.trim();
  const docket = one(call.params, "docket")!.trim();
  const k = ctx.corpus.find(court, docket);
  if (!k) reject(ctx, res, `Could not find docket ${docket} in court=${court}: `);
  return k;
}

/** Boolean parameters; answers an error and returns undefined when one is not a boolean. */
export function readFlags<K extends string>(
  ctx: ServiceContext,
  res: Response,
  call: Call,
  names: K[],
): Partial<Record<K, boolean>> | undefined {
  const out: Partial<Record<K, boolean>> = {};
  for (const n of names) {
    const v = bool(call.params, n);
    if (v === null) {
      reject(ctx, res, `${n} must be true or false`);
      return undefined;
    }
    if (v !== undefined) out[n] = v;
  }
  return out;
}
