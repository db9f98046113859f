/**
 * Open-loop load: `ratePerSec` requests a second, each sent when due whatever is outstanding, its
 * latency measured from when it was due (so a server that froze shows, rather than slowing the
 * sender as a closed loop would). Runs in the generator's process (generator.ts), never beside the
 * Slack stand-in or the emulator: their work (checking every posted message's blocks) would delay
 * the sends and be counted as the bot's.
 */
import { Pool } from "undici";
import { slashRequest, type SlashLoad } from "./requests.ts";

export interface OpenLoopRequest {
  origin: string;
  load: SlashLoad;
  ratePerSec: number;
  /** At least this long; with `untilStopped`, on until `stop()` is called, up to `maxMs`. */
  ms: number;
  untilStopped: boolean;
  maxMs: number;
}

export interface OpenLoopResult {
  latencies: number[];
  non200: number;
  elapsedMs: number;
}

export function createOpenLoop() {
  let stopped = false;
  return {
    stop(): void {
      stopped = true;
    },
    async run(req: OpenLoopRequest): Promise<OpenLoopResult> {
      stopped = false;
      const pool = new Pool(req.origin, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
      const latencies: number[] = [];
      let non200 = 0;
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      try {
        for (let i = 0; ; i++) {
          const due = start + (i * 1000) / req.ratePerSec;
          if (due - start >= req.maxMs || (due - start >= req.ms && (stopped || !req.untilStopped))) break;
          const wait = due - performance.now();
          // Node's timers count whole milliseconds and may fire up to one early: never send before it is due.
          if (wait > 0) await new Promise((r) => setTimeout(r, Math.ceil(wait)));
          const sent = performance.now();
          inFlight.push((async () => {
            try {
              const res = await pool.request(slashRequest(req.load));
              await res.body.text();
              if (res.statusCode !== 200) non200++;
            } catch {
              non200++;
            }
            // From when it was due, or sent if earlier (a timer early still): never a negative latency (a p50 of -0.10 ms was printed).
            latencies.push(performance.now() - Math.min(due, sent));
          })());
        }
        await Promise.all(inFlight);
      } finally {
        await pool.close();
      }
      return { latencies, non200, elapsedMs: performance.now() - start };
    },
  };
}
