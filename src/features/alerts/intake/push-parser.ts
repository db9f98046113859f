/**
 * Where a push body is parsed. Small bodies: in the request's own turn (interpretPushYielding,
 * which already yields between chunks of entries). Bodies over `workerAboveBytes` (~1 MB): in ONE
 * worker thread started on demand (../on-demand-worker.ts), because JSON.parse and the
 * duplicate-key scan of a 13 MB body are each one synchronous step of tens to hundreds of
 * milliseconds that no chunking can split, and every slash command's ack waits behind them.
 *
 * The worker runs the same interpretPush, so both paths give the same verdict (tested). The bytes
 * are transferred, not copied (the caller must not read them afterwards), and so is the body it
 * hands back to be stored: the UTF-8 of the verdict's text, not the text (a 13 MB string copied
 * onto the event loop took ~25 ms of it; the store takes the bytes as they are, push-bodies.ts).
 * If the worker fails, that push is answered 500 (the service retries it) and a new worker is
 * started for the next big body.
 */
import type { Logger } from "../../../logger.ts";
import { createOnDemandWorker } from "../on-demand-worker.ts";
import { interpretPushYielding } from "./interpret.ts";
import { storable, type Interpretation } from "./storable-verdict.ts";

export type { Interpretation } from "./storable-verdict.ts";

/** Above this many bytes a body is parsed in the worker. */
export const WORKER_ABOVE_BYTES = 1_000_000;
/** The worker ends after this long without a big body. */
export const WORKER_IDLE_MS = 30_000;

export interface PushParser {
  /** The verdict on a body; `bytes` may be transferred to the worker (do not read them after). */
  interpret(bytes: Uint8Array): Promise<Interpretation>;
  /** Ends the worker; later big bodies are parsed in process. */
  close(): Promise<void>;
  /** Whether a worker thread is running now (started by a big body, ended when idle). */
  workerRunning(): boolean;
}

export function createPushParser(opts: { logger: Logger; workerAboveBytes?: number; idleMs?: number }): PushParser {
  const above = opts.workerAboveBytes ?? WORKER_ABOVE_BYTES;
  const worker = createOnDemandWorker<Uint8Array, Interpretation>({
    url: new URL("./parse-worker.ts", import.meta.url), idleMs: opts.idleMs ?? WORKER_IDLE_MS, logger: opts.logger, what: "push parse",
  });
  let closed = false;

  return {
    async interpret(bytes) {
      if (closed || bytes.byteLength <= above) return storable(await interpretPushYielding(bytes));
      // Transfer the buffer when the view owns all of it; otherwise it is copied. The bytes are gone
      // to the worker: if it fails, the route answers 500 and the service sends the push again
      // (spec, Delivery rules), to a new worker.
      const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      return worker.run(bytes, owns ? [bytes.buffer as ArrayBuffer] : []);
    },
    workerRunning: () => worker.running(),
    async close() {
      closed = true;
      await worker.close();
    },
  };
}
