/**
 * Where a push body is parsed. Small bodies: in the request's own turn (interpretPushYielding,
 * which already yields between chunks of entries). Bodies over `workerAboveBytes` (~1 MB): in ONE
 * worker thread (nodejs.org/api/worker_threads.html), because JSON.parse and the
 * duplicate-key scan of a 13 MB body are each one synchronous step of tens to hundreds of
 * milliseconds that no chunking can split, and every slash command's ack waits behind them.
 *
 * The worker is started by the first big body and ends after `idleMs` without one: a worker is a
 * V8 isolate of its own that loads the TypeScript stripper, zod and the push schemas again (about
 * 40 MB of RSS, measured), which a bot that never receives a big push should not carry. Its start
 * (tens of milliseconds) is paid off the event loop, once per burst of big pushes.
 *
 * The worker runs the same interpretPush, so both paths give the same verdict (tested). The bytes
 * are transferred, not copied (the caller must not read them afterwards). If the worker fails, that
 * push is answered 500 (the service retries it) and a new worker is started for the next big body.
 */
import { Worker } from "node:worker_threads";
import type { Logger } from "../../../logger.ts";
import { interpretPushYielding, type PushRefusal, type PushVerdict } from "./interpret.ts";
import type { ParseRequest } from "./parse-worker.ts";

export type Interpretation = PushVerdict | PushRefusal;

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

type Reply = { id: number; verdict: Interpretation } | { id: number; error: string };

export function createPushParser(opts: { logger: Logger; workerAboveBytes?: number; idleMs?: number }): PushParser {
  const above = opts.workerAboveBytes ?? WORKER_ABOVE_BYTES;
  const idleMs = opts.idleMs ?? WORKER_IDLE_MS;
  // Each parse under way with the worker it was sent to: a worker that ends fails only its own.
  const pending = new Map<number, { worker: Worker; resolve: (v: Interpretation) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let closed = false;
  let worker: Worker | undefined;
  let idleTimer: NodeJS.Timeout | undefined;

  const failAll = (w: Worker, error: Error) => {
    for (const [id, p] of pending) {
      if (p.worker !== w) continue;
      pending.delete(id);
      p.reject(error);
    }
  };
  const spawn = (): Worker => {
    const w = new Worker(new URL("./parse-worker.ts", import.meta.url));
    w.unref(); // never what keeps the process alive; close() ends it
    w.on("message", (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ("error" in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.verdict);
    });
    w.on("error", (err) => {
      opts.logger.error({ err }, "push parse worker failed; big pushes are parsed in process until it restarts");
      if (worker === w) worker = undefined;
      failAll(w, err);
    });
    w.on("exit", () => {
      if (worker === w) worker = undefined;
      failAll(w, new Error("push parse worker exited"));
    });
    return w;
  };
  /** After the last answer: the worker ends if no big body arrives within idleMs. */
  const endWhenIdle = (w: Worker) => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== w || pending.size > 0) return;
      worker = undefined;
      void w.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  const inWorker = (bytes: Uint8Array): Promise<Interpretation> => {
    clearTimeout(idleTimer);
    worker ??= spawn();
    const w = worker;
    const id = ++nextId;
    return new Promise<Interpretation>((resolve, reject) => {
      pending.set(id, { worker: w, resolve, reject });
      // Transfer the buffer when the view owns all of it; otherwise it is copied.
      const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      w.postMessage({ id, bytes } satisfies ParseRequest, owns ? [bytes.buffer as ArrayBuffer] : []);
      w.ref(); // a parse under way keeps the process up until its answer
    }).finally(() => {
      if (pending.size > 0) return;
      w.unref();
      endWhenIdle(w);
    });
  };

  return {
    async interpret(bytes) {
      if (closed || bytes.byteLength <= above) return interpretPushYielding(bytes);
      // The bytes are gone to the worker: if it fails, the route answers 500 and the service sends
      // the push again (spec, Delivery rules), to a new worker.
      return inWorker(bytes);
    },
    workerRunning: () => worker !== undefined,
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
