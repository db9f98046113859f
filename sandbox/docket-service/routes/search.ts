import type { Router } from "express";
import type { ServiceContext } from "../context.ts";
import { SEARCH_ORDERS, type SearchOrder } from "../engines.ts";
import { callOf, guard, one, record, reject, requireParams, sendJson } from "../http.ts";
import { searchItem } from "../wire.ts";

/**
 * GET {base_url}search/ (spec "search/"; observed-facts.md for the item fields and `o`).
 * `limit` above 50 is rejected with success:false rather than clamped: the spec allows at most 50
 * per request, and a client that asks for more should find out, not silently get fewer.
 * Defaults: offset 0, limit 20 (as track/ listing). Each call (each page) is one call; search/ carries no fee.
 */
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_DEFAULT_LIMIT = 20;

export function searchRoutes(router: Router, ctx: ServiceContext): void {
  router.get("/search/", guard(ctx, "search"), (_req, res) => {
    const call = callOf(res);
    if (!requireParams(ctx, res, { nonBlank: ["q"] })) return;
    const offset = intParam(one(call.params, "offset"), 0);
    const limit = intParam(one(call.params, "limit"), SEARCH_DEFAULT_LIMIT);
    if (offset === null || offset < 0) return reject(ctx, res, "offset must be a non-negative integer");
    if (limit === null || limit < 1) return reject(ctx, res, "limit must be a positive integer");
    if (limit > SEARCH_MAX_LIMIT) return reject(ctx, res, `limit must be at most ${SEARCH_MAX_LIMIT}`);
    const o = one(call.params, "o");
    if (o !== undefined && o !== "" && !(SEARCH_ORDERS as readonly string[]).includes(o)) {
      return reject(ctx, res, `o must be one of ${SEARCH_ORDERS.join(", ")}`);
    }
    const q = one(call.params, "q") ?? "";
    const { total, results } = ctx.engines.search(ctx.corpus, q, {
      offset,
      limit,
      now: ctx.clock.now(),
      ...(o ? { order: o as SearchOrder } : {}),
    });
    record(ctx, call, "search");
    sendJson(res, 200, { success: true, total, results: results.map((k) => searchItem(k, ctx.urls)) });
  });
}

/** An integer parameter: the fallback when absent or blank, null when not an integer. */
export function intParam(v: string | undefined, fallback: number): number | null {
  if (v === undefined || v.trim() === "") return fallback;
  return /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : null;
}
