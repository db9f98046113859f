import type { Router } from "express";
import type { ServiceContext } from "../context.ts";
import type { PacerFilters } from "../engines.ts";
import { pacerSearchFee } from "../fees.ts";
import { callOf, guard, many, one, record, reject, requireParams, sendJson } from "../http.ts";
import { intParam } from "./search.ts";

/**
 * GET {base_url}searchpacer/ (spec "searchpacer/"). Live search of the federal system: slow (the
 * configured latency, waited on the injected clock), 50 results a page, and charged $0.10 for the
 * search plus $0.10 per page accessed. Only login_token and client_matter (plus `test`) asks for the
 * options lists instead, free. `page_max` is sent only when more than 50 cases match: the spec
 * describes it as "the number of pages of data available when more than 50 cases match", so a
 * client must not rely on it otherwise.
 */
const DISCOVERY_KEYS = new Set(["login_token", "client_matter", "test"]);
const FILTER_KEYS = ["party_name", "first_name", "last_name", "nature_of_suit", "case_type", "date_filed_start", "date_filed_end", "court_region", "court"];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function searchPacerRoutes(router: Router, ctx: ServiceContext): void {
  router.get("/searchpacer/", guard(ctx, "searchpacer"), async (_req, res) => {
    const call = callOf(res);
    if (!requireParams(ctx, res, { present: ["client_matter"] })) return;
    const p = call.params;
    const options = ctx.engines.pacerOptions(ctx.corpus);
    if (Object.keys(p).every((k) => DISCOVERY_KEYS.has(k))) {
      record(ctx, call, "pacer_options");
      return sendJson(res, 200, { success: true, ...options });
    }

    const filters: PacerFilters = {};
    // `court` is not in the spec's table, but the options list names searchable courts: accepted.
    for (const key of ["party_name", "first_name", "last_name", "case_type", "date_filed_start", "date_filed_end", "court_region", "court"] as const) {
      const v = one(p, key)?.trim();
      if (v) filters[key] = v;
    }
    const nos = many(p, "nature_of_suit");
    if (nos.length > 0) filters.nature_of_suit = nos;
    if (!FILTER_KEYS.some((k) => k in filters)) return reject(ctx, res, "At least one search filter is required");
    if (filters.first_name && !filters.last_name) return reject(ctx, res, "first_name requires last_name");
    for (const key of ["date_filed_start", "date_filed_end"] as const) {
      const v = filters[key];
      if (v && (!ISO_DATE.test(v) || Number.isNaN(Date.parse(v)))) return reject(ctx, res, `${key} must be a date in YYYY-MM-DD form`);
    }
    if (filters.case_type && !options.case_types.some((t) => t.toLowerCase() === filters.case_type!.toLowerCase())) {
      return reject(ctx, res, `case_type must be one of ${options.case_types.join(", ")}`);
    }
    if (filters.court_region && !options.court_regions.includes(filters.court_region)) {
      return reject(ctx, res, `Unknown court_region: ${filters.court_region}`);
    }
    const badNos = nos.filter((c) => !options.nature_of_suits.some((o) => o === c || o.startsWith(`${c} `)));
    if (badNos.length > 0) return reject(ctx, res, `Unknown nature_of_suit code: ${badNos.join(", ")}`);
    const page = intParam(one(p, "page"), 1);
    if (page === null || page < 1) return reject(ctx, res, "page must be a positive integer");

    if (!call.test) await ctx.courtDelay(ctx.latency.searchpacer);
    const { page_max, results } = ctx.engines.searchPacer(ctx.corpus, filters, page);
    record(ctx, call, page <= 1 ? "pacer_search" : "pacer_page", pacerSearchFee(page, results.length));
    const search_results = results.map(({ kase, ...row }) => ({ ...row, link: ctx.urls.caseLink(kase) }));
    sendJson(res, 200, { success: true, ...(page_max > 1 ? { page_max } : {}), search_results });
  });
}
