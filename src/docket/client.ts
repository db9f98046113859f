/**
 * The Court Docket Data Service client: every endpoint of the spec, typed, rate limited, retried
 * and validated. `createDocketClient` takes its dependencies explicitly (DEVELOPERS.md, Style).
 */
import { FeeKind, type CallInfo, type Result } from "./call-info.ts";
import { documentAddress, readDocument, type DocumentFile, type DocumentTarget } from "./documents.ts";
import { ENDPOINT_PATHS, type Endpoint } from "./endpoints.ts";
import { DocketError, DocketErrorCode, isDocketError } from "./errors.ts";
import type { HttpResponse } from "./http.ts";
import { resolveOptions, type DocketClientOptions } from "./options.ts";
import { bool, checkClientMatter, checkPage, invalid, requireText } from "./params.ts";
import { runCall, type Params, type PipelineDeps } from "./pipeline.ts";
import {
  docketParams, pacerParams, searchParams, targetParams, trackParams,
  type AskRequest, type CallOptions, type DocketRequest, type PacerSearchRequest, type Provider,
  type SearchRequest, type TrackChange, type TrackTarget,
} from "./requests.ts";
import { parseJsonBody } from "./responses.ts";
import {
  AskDocketResponse, DocketResponse, LoginResponse, PacerOptionsResponse, SearchPacerResponse,
  SearchResponse, TrackerListResponse, TrackResponse,
} from "./schemas/index.ts";
import { createSession } from "./session.ts";
import { createSharedReads, readKey } from "./shared-reads.ts";
import type { z } from "zod";

export type DocketClient = ReturnType<typeof createDocketClient>;

interface Spec<T> {
  endpoint: Endpoint;
  method?: "GET" | "POST";
  params: Params;
  options: CallOptions;
  /** Whether client_matter is sent even when blank (spec: "required, may be blank"). */
  matterRequired?: boolean;
  repeatable: boolean;
  feeKind: CallInfo["feeKind"];
  interpret: (res: HttpResponse) => T;
  price?: (value: T) => number | undefined;
  url?: URL;
  headers?: Record<string, string>;
}

export function createDocketClient(options: DocketClientOptions) {
  const resolved = resolveOptions(options);
  const { clock } = resolved;
  const testMode = options.testMode ?? false;
  const keys = options.providerKeys ?? {};

  const session = createSession({
    clock,
    renewAfterMs: options.renewTokenAfterMs,
    shared: options.sharedToken,
    login: async () => {
      const { value } = await runCall(deps(resolved.maxJsonBytes), {
        endpoint: "login",
        method: "POST",
        url: new URL(ENDPOINT_PATHS.login, resolved.apiUrl),
        params: { username: options.username, password: options.password },
        authenticated: false,
        repeatable: true,
        interpret: (res) => {
          try {
            return parseJsonBody("login", res, LoginResponse);
          } catch (e) {
            // Whatever the wording, a refused login is an authentication problem (spec, login/).
            if (isDocketError(e) && e.serviceError !== undefined) {
              throw new DocketError(DocketErrorCode.AuthFailed, e.message, e.details());
            }
            throw e;
          }
        },
      });
      return value.login_token;
    },
  });

  function deps(maxBodyBytes: number): PipelineDeps {
    return {
      clock, random: resolved.random, logger: options.logger, dispatcher: options.dispatcher,
      limiters: resolved.limiters, session, retryPolicy: resolved.retryPolicy, timeoutsMs: resolved.timeoutsMs,
      maxBodyBytes, userAgent: "docketbot/0.1 (+https://github.com/docketbot)",
    };
  }

  const shared = createSharedReads();

  const json = <S extends z.ZodType>(endpoint: Endpoint, schema: S) => (res: HttpResponse) => parseJsonBody(endpoint, res, schema);

  async function execute<T>(spec: Spec<T>): Promise<Result<T>> {
    const clientMatter = checkClientMatter(spec.endpoint, spec.options.clientMatter);
    const params: Params = { ...spec.params };
    if (clientMatter !== "" || spec.matterRequired) params.client_matter = clientMatter;
    if (testMode) params.test = bool(true);
    const url = spec.url ?? new URL(ENDPOINT_PATHS[spec.endpoint as Exclude<Endpoint, "getdocument">], resolved.apiUrl);
    // A free read already in flight is joined, not sent again (shared-reads.ts).
    const shareable = (spec.method ?? "GET") === "GET" && spec.repeatable && spec.feeKind === FeeKind.None && spec.headers === undefined;
    if (!shareable) return send(spec, params, url, clientMatter, spec.options.signal);
    const key = readKey({ endpoint: spec.endpoint, url: url.href, params, team: spec.options.tags?.team, matter: spec.options.tags?.matter });
    return shared.join(key, spec.options.signal, (signal) => send(spec, params, url, clientMatter, signal),
      (reason) => new DocketError(DocketErrorCode.Aborted, `${spec.endpoint} call cancelled`, { endpoint: spec.endpoint, cause: reason }));
  }

  async function send<T>(spec: Spec<T>, params: Params, url: URL, clientMatter: string, signal: AbortSignal | undefined): Promise<Result<T>> {
    const startedAt = clock.now();
    const info = (attempts: number, price?: number): CallInfo => ({
      endpoint: spec.endpoint, clientMatter, testMode, attempts, price, feeKind: spec.feeKind,
      mayHaveIncurredFees: !testMode && spec.feeKind !== FeeKind.None,
      durationMs: clock.now() - startedAt,
    });
    try {
      const { value, attempts } = await runCall(deps(spec.endpoint === "getdocument" ? resolved.maxDocumentBytes : resolved.maxJsonBytes), {
        endpoint: spec.endpoint,
        method: spec.method ?? "GET",
        url, params, headers: spec.headers, authenticated: true, repeatable: spec.repeatable,
        followRedirects: spec.endpoint === "getdocument", interpret: spec.interpret,
        signal, logger: spec.options.logger,
      });
      const call = info(attempts, spec.price?.(value));
      await notify({ ...call, outcome: "ok", tags: spec.options.tags ?? {} });
      return { data: value, call };
    } catch (error) {
      const attempts = isDocketError(error) ? (error.attempts ?? 1) : 1;
      await notify({
        ...info(attempts),
        outcome: isDocketError(error) ? error.code : "unknown",
        status: isDocketError(error) ? error.status : undefined,
        tags: spec.options.tags ?? {},
      });
      throw error;
    }
  }

  async function notify(event: Parameters<NonNullable<DocketClientOptions["onCall"]>>[0]): Promise<void> {
    try {
      await options.onCall?.(event);
    } catch (e) {
      options.logger.warn({ err: e }, "onCall observer threw");
    }
  }

  return {
    /** Logs in now (normally lazy). Returns when the new token must be renewed, never the token. */
    async login(): Promise<{ renewsAt: number }> {
      await session.renew();
      return { renewsAt: session.renewsAt ?? clock.now() };
    },

    async search(req: SearchRequest, opts: CallOptions = {}) {
      return execute({ endpoint: "search", params: searchParams("search", req), options: opts, repeatable: true,
        feeKind: FeeKind.None, interpret: json("search", SearchResponse) });
    },

    /** Live federal search: takes 30-60 s and costs $0.10 + $0.10 a page (spec, Limits). */
    async searchPacer(req: PacerSearchRequest, opts: CallOptions = {}) {
      return execute({ endpoint: "searchpacer", params: pacerParams("searchpacer", req), options: opts, matterRequired: true,
        repeatable: false, feeKind: FeeKind.PacerSearch, interpret: json("searchpacer", SearchPacerResponse) });
    },

    /** Spec, Options discovery: only login_token and client_matter. No search is run, no fee. */
    async pacerOptions(opts: CallOptions = {}) {
      return execute({ endpoint: "searchpacer", params: {}, options: opts, matterRequired: true, repeatable: true,
        feeKind: FeeKind.None, interpret: json("searchpacer", PacerOptionsResponse) });
    },

    /** The stored copy unless `live` (spec, Cost behavior). */
    async getDocket(req: DocketRequest, opts: CallOptions = {}) {
      return execute({ endpoint: "getdocket", params: docketParams("getdocket", req), options: opts, matterRequired: true,
        repeatable: !req.live, feeKind: req.live ? FeeKind.LiveDocket : FeeKind.None, interpret: json("getdocket", DocketResponse) });
    },

    /**
     * A document's PDF. Sends `cached` unless live retrieval is explicitly allowed, so no fee is ever
     * incurred by default (spec, Document availability): a missing copy fails with `not_cached`.
     */
    async getDocument(target: DocumentTarget, opts: CallOptions & { allowLiveRetrieval?: boolean } = {}): Promise<Result<DocumentFile>> {
      const url = documentAddress(resolved.siteUrl, target);
      const live = opts.allowLiveRetrieval === true;
      return execute({ endpoint: "getdocument", url, params: live ? {} : { cached: bool(true) }, options: opts,
        repeatable: !live, feeKind: live ? FeeKind.LiveDocument : FeeKind.None, interpret: (res) => readDocument(res, url) });
    },

    async askDocket(req: AskRequest, opts: CallOptions = {}) {
      const providers = (req.providers ?? (["providerone", "providertwo"] as const)).filter((p) => keys[p]);
      if (providers.length === 0) throw invalid("ask_docket", "providers", "no provider key is configured for questions (PROVIDERONE_KEY or PROVIDERTWO_KEY)");
      if (!["docket", "documents", "both"].includes(req.target)) throw invalid("ask_docket", "target", "target must be docket, documents or both");
      const headers: Record<string, string> = {};
      for (const p of providers) headers[p === "providerone" ? "x-providerone-key" : "x-providertwo-key"] = keys[p]!;
      const params: Params = {
        court: requireText("ask_docket", "court", req.court), docket: requireText("ask_docket", "docket", req.docket),
        question: requireText("ask_docket", "question", req.question), target: req.target,
        output_format: requireText("ask_docket", "outputFormat", req.outputFormat), cached: bool(!req.live),
        show_relevant: req.showRelevant ? bool(true) : undefined,
      };
      for (const p of providers) if (req.models?.[p]) params[`${p}_model`] = req.models[p];
      return execute({ endpoint: "ask_docket", params, headers, options: opts, matterRequired: true, repeatable: false,
        feeKind: FeeKind.Ai, interpret: json("ask_docket", AskDocketResponse), price: (v: AskDocketResponse) => v.price });
    },

    /** Start or stop tracking a case or a saved search for a client matter (spec, POST track/). */
    async track(target: TrackTarget, change: TrackChange, opts: CallOptions = {}) {
      return execute({ endpoint: "track", method: "POST", params: trackParams("track", target, change),
        options: opts, matterRequired: change.enable, repeatable: true, feeKind: FeeKind.None,
        interpret: json("track", TrackResponse) });
    },

    /** Asks the service to send a test push with fixed fake data to the account's push URL. */
    async testPush(opts: CallOptions = {}) {
      return execute({ endpoint: "track", method: "POST", params: { test: bool(true) }, options: opts, repeatable: false,
        feeKind: FeeKind.None, interpret: json("track", TrackResponse) });
    },

    /** Sends a real push with the current results of an existing tracker, now (spec, test_track). */
    async testTrack(target: TrackTarget, opts: CallOptions = {}) {
      return execute({ endpoint: "track", method: "POST", params: { ...targetParams("track", target), test_track: bool(true) },
        options: opts, repeatable: false, feeKind: FeeKind.None, interpret: json("track", TrackResponse) });
    },

    async listTrackers(req: { offset?: number; limit?: number } = {}, opts: CallOptions = {}) {
      const params = { offset: String(checkPage("track", "offset", req.offset, 0, 1_000_000, 0)), limit: String(checkPage("track", "limit", req.limit, 1, 50, 20)) };
      return execute({ endpoint: "track", params, options: opts, repeatable: true, feeKind: FeeKind.None,
        interpret: json("track", TrackerListResponse) });
    },

    /** Waiting callers per endpoint (for /metrics). */
    queueDepth(): Record<Endpoint, number> {
      return Object.fromEntries(Object.entries(resolved.limiters).map(([k, l]) => [k, l.queued])) as Record<Endpoint, number>;
    },

    siteUrl: resolved.siteUrl.href,
  };
}

export type { Provider };
