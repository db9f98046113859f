/**
 * The worker thread's side of push-parser.ts: THE parse (interpret.ts interpretPush) of one big
 * body at a time, off the main event loop. The bytes arrive transferred; the verdict goes back
 * with its text as UTF-8 bytes, transferred too (the parsed value never crosses).
 */
import { serveJobs } from "../on-demand-worker.ts";
import { interpretPush, isRefusal } from "./interpret.ts";
import { storable } from "./storable-verdict.ts";

serveJobs<Uint8Array>((bytes) => {
  const verdict = interpretPush(bytes);
  if (isRefusal(verdict)) return { value: verdict };
  // Encoded here, off the event loop, into a buffer of its own, so it can be transferred.
  const body = new TextEncoder().encode(verdict.text);
  return { value: storable(verdict, body), transfer: [body.buffer] };
});
