import type { Router } from "express";
import type { ServiceContext } from "../context.ts";
import type { AnswerTarget } from "../engines.ts";
import type { Provider } from "../engines/answer.ts";
import { callOf, guard, one, record, reject, requireParams, sendJson } from "../http.ts";
import { roundMicros } from "../ledger.ts";
import { dateCached } from "../wire.ts";
import { findCase, livePull, readFlags } from "./getdocket.ts";

/**
 * GET {base_url}VIDA/ask_docket/ (spec "ask_docket"). The caller's provider keys arrive only in the
 * X-Providerone-Key / X-Providertwo-Key headers; each provider given answers separately
 * (`<provider>_answer`, observed-facts.md). cached defaults to true; cached=false pulls the docket
 * live first (that pull is charged like getdocket's). The AI price is recorded in the ledger
 * (kind "ai"); test calls cost nothing and report price 0.
 */
const TARGETS = ["docket", "documents", "both"] as const;

export function askDocketRoutes(router: Router, ctx: ServiceContext): void {
  router.get("/VIDA/ask_docket/", guard(ctx, "ask_docket"), async (req, res) => {
    const call = callOf(res);
    const providers: Provider[] = [];
    if (req.get("x-providerone-key")?.trim()) providers.push("providerone");
    if (req.get("x-providertwo-key")?.trim()) providers.push("providertwo");
    if (providers.length === 0) {
      return reject(ctx, res, "A provider key is required: send X-Providerone-Key and/or X-Providertwo-Key");
    }
    if (!requireParams(ctx, res, { nonBlank: ["court", "docket", "question", "target", "output_format"], present: ["client_matter"] })) return;
    const target = one(call.params, "target")!.trim().toLowerCase();
    if (!(TARGETS as readonly string[]).includes(target)) return reject(ctx, res, `target must be one of ${TARGETS.join(", ")}`);
    const flags = readFlags(ctx, res, call, ["cached", "show_relevant"]);
    if (!flags) return;
    const k = findCase(ctx, res, call);
    if (!k) return;
    if (flags.cached === false && !call.test) await livePull(ctx, call, k);

    const question = one(call.params, "question")!;
    const outputFormat = one(call.params, "output_format")!;
    const parts: AnswerTarget[] = target === "both" ? ["docket", "documents"] : [target as AnswerTarget];
    let price = 0;
    const sections: Record<string, unknown> = {};
    for (const part of parts) {
      const section: Record<string, unknown> = {};
      for (const provider of providers) {
        const a = ctx.engines.answer({ kase: k, question, target: part, provider, outputFormat, now: ctx.clock.now() });
        section[`${provider}_answer`] = a.answer;
        price += a.price;
        if (flags.show_relevant && section.relevant === undefined) section.relevant = a.relevant;
      }
      sections[part === "docket" ? "from_dockets" : "from_documents"] = section;
    }
    const charged = call.test ? 0 : roundMicros(price);
    record(ctx, call, "ai", charged);
    sendJson(res, 200, { success: true, question, price: charged, date_cached: dateCached(k.cachedAt), ...sections });
  });
}
