/**
 * The worker thread's side of push-parser.ts: THE parse (interpret.ts interpretPush) of one big
 * body at a time, off the main event loop. The bytes arrive transferred; the verdict goes back
 * (its text is copied once, a flat string; the parsed value never crosses).
 */
import { parentPort } from "node:worker_threads";
import { interpretPush } from "./interpret.ts";

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
}

parentPort?.on("message", ({ id, bytes }: ParseRequest) => {
  try {
    parentPort!.postMessage({ id, verdict: interpretPush(bytes) });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
