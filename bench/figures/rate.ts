/**
 * Rate fidelity (issue 7): 10,000 getdocket calls through the real client (createDocketClient:
 * limiter, session, HTTP, validation) against the docket service emulator on loopback, everything
 * on one frozen simulated clock: time moves only when every caller is waiting in the limiter, by
 * jumping to the limiter's next wake-up. 400 callers keep the limiter saturated (the client's
 * getdocket queue holds 1,000).
 *
 * The service's own view decides: the emulator stamps every call it receives on the same clock
 * (its ledger) and enforces 200 per sliding 60 s itself (answering 429). Baseline: the nominal
 * budget, 200 calls in any 60 s. The client's window is 60.25 s (src/docket/endpoints.ts: a quarter
 * second for clock skew), so the best it can do is 60/60.25 = 99.585% of the nominal budget.
 *
 * The client's limiter is p-queue's strict window, which keeps time with `Date.now()` and
 * `setTimeout` rather than a Clock, so for this figure those globals run on the same simulated
 * clock (bench/lib/sim-globals.ts).
 */
import { pino } from "pino";
import { createDocketClient } from "../../src/docket/client.ts";
import { DEFAULT_RATE_LIMITS } from "../../src/docket/endpoints.ts";
import { startDocketService } from "../../sandbox/docket-service/server.ts";
import { SimClock, settle } from "../lib/sim-clock.ts";
import { useSimGlobals } from "../lib/sim-globals.ts";

const CALLS = 10_000;
const CALLERS = 400;
const NOMINAL = { limit: 200, windowMs: 60_000 } as const;
/** Real time the figure may take before it gives up (it needs well under a minute). */
const REAL_LIMIT_MS = 120_000;

export interface RateFigure {
  calls: number;
  callers: number;
  nominal: { limit: number; windowMs: number };
  clientWindowMs: number;
  /** The service's stamps of the first and last call, simulated ms apart. */
  spanMs: number;
  /** The least span N calls need under the nominal budget ((⌈N/200⌉−1) × 60 s) ÷ the span taken. */
  budgetUsed: number;
  /** What the margin allows at best: 60,000 / clientWindowMs. */
  budgetCeiling: number;
  /** Most calls the service saw in any 60 s window. */
  maxInAnyWindow: number;
  /** Least time between call i and call i+200 (≥ 60,000 means never over the budget). */
  minGapFor201Ms: number;
  /** Calls the service refused with 429, and calls that failed at the client. */
  throttled: number;
  failed: number;
  realMs: number;
}

export async function runRate(log: (line: string) => void): Promise<RateFigure> {
  const clock = new SimClock({ flowing: false });
  const service = await startDocketService({ clock, seed: 7, autoPush: false, corpusSize: 20 });
  const started = performance.now();
  const restoreGlobals = useSimGlobals(clock);
  try {
    // The smallest case keeps each answer cheap: the figure is about timing, not parsing.
    const kase = [...service.corpus.cases].sort((a, b) => a.entries.length - b.entries.length)[0]!;
    const client = createDocketClient({
      apiUrl: service.baseUrl, siteUrl: service.siteUrl, username: "demo", password: "demo", clock, logger: pino({ level: "silent" }),
    });
    const before = service.ledger.filter({ endpoint: "getdocket" }).length;
    let issued = 0;
    let busy = 0;
    let done = 0;
    let failed = 0;
    // Each caller bills its own matter: the same read for the same matter while one is in flight
    // would join it (docket/shared-reads.ts) and never reach the limiter this figure measures.
    const caller = async (_: unknown, callerIndex: number) => {
      while (issued < CALLS) {
        issued++;
        busy++;
        try {
          await client.getDocket({ court: kase.court, docket: kase.docket }, { clientMatter: `RATE-${callerIndex + 1}` });
        } catch {
          failed++;
        } finally {
          busy--;
          done++;
        }
      }
    };
    const callers = Promise.all(Array.from({ length: CALLERS }, caller));
    // Time moves only when every call under way is waiting in the limiter (none at the service).
    while (done < CALLS) {
      if (performance.now() - started > REAL_LIMIT_MS) throw new Error(`rate fidelity: ${done} of ${CALLS} calls after ${REAL_LIMIT_MS} ms real time`);
      await settle();
      if (busy > 0 && client.queueDepth().getdocket === busy) clock.skip();
    }
    await callers;

    const entries = service.ledger.filter({ endpoint: "getdocket" }).slice(before);
    const stamps = entries.filter((e) => e.kind !== "rejected").map((e) => e.at).sort((a, b) => a - b);
    const throttled = entries.filter((e) => e.kind === "rejected").length;
    const n = stamps.length;
    const spanMs = stamps[n - 1]! - stamps[0]!;
    let maxInAnyWindow = 0;
    for (let i = 0, j = 0; i < n; i++) {
      while (stamps[j]! <= stamps[i]! - NOMINAL.windowMs) j++;
      maxInAnyWindow = Math.max(maxInAnyWindow, i - j + 1);
    }
    let minGapFor201Ms = Number.POSITIVE_INFINITY;
    for (let i = 0; i + NOMINAL.limit < n; i++) minGapFor201Ms = Math.min(minGapFor201Ms, stamps[i + NOMINAL.limit]! - stamps[i]!);
    const leastSpan = (Math.ceil(n / NOMINAL.limit) - 1) * NOMINAL.windowMs;
    const clientWindowMs = DEFAULT_RATE_LIMITS.getdocket.windowMs;
    const figure: RateFigure = {
      calls: n, callers: CALLERS, nominal: { ...NOMINAL }, clientWindowMs, spanMs,
      budgetUsed: leastSpan / spanMs, budgetCeiling: NOMINAL.windowMs / clientWindowMs,
      maxInAnyWindow, minGapFor201Ms, throttled, failed, realMs: performance.now() - started,
    };
    log(`  rate: ${n} calls over ${(spanMs / 60_000).toFixed(2)} simulated min: ${(figure.budgetUsed * 100).toFixed(2)}% of 200/min, at most ${maxInAnyWindow} in any 60 s, ${throttled} throttled, ${failed} failed (${(figure.realMs / 1000).toFixed(1)} s real)`);
    return figure;
  } finally {
    restoreGlobals();
    await service.close();
    clock.dispose();
  }
}
