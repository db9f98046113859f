/**
 * A worker thread (nodejs.org/api/worker_threads.html) for the few steps of a big push that are
 * each one synchronous run of tens to hundreds of milliseconds (JSON.parse of 13 MB, planning
 * 100,000 entries), which every Slack request would otherwise wait behind. Both ends of its
 * protocol are here: a job is `{ id, request }`, answered `{ id, value }` or `{ id, error }`.
 *
 * Started by the first job and ended after `idleMs` without one: a worker is a V8 isolate of its
 * own that loads its modules again (about 40 MB of RSS, measured), which a bot that never receives
 * a big push should not carry; its start (tens of milliseconds) is paid off the event loop, once
 * per burst. A worker that fails or exits fails only the jobs sent to it; the next job starts a
 * new one. It never keeps the process alive on its own: only while a job is under way.
 */
import { parentPort, Worker } from "node:worker_threads";
import type { Logger } from "../../logger.ts";

/** What a failed job rejects with: the worker's error, its name and message kept. */
export class WorkerJobError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface OnDemandWorker<Req, Res> {
  /** Runs one job; `transfer` lists buffers moved to the worker (the caller must not read them after). */
  run(request: Req, transfer?: ArrayBuffer[]): Promise<Res>;
  /** Whether a worker thread is running now. */
  running(): boolean;
  /** Ends the worker; later jobs fail. */
  close(): Promise<void>;
}

type Reply = { id: number; value: unknown } | { id: number; error: { name: string; message: string } };

export function createOnDemandWorker<Req, Res>(opts: { url: URL; idleMs: number; logger: Logger; what: string }): OnDemandWorker<Req, Res> {
  const pending = new Map<number, { worker: Worker; resolve: (v: Res) => void; reject: (e: Error) => void }>();
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
    const w = new Worker(opts.url);
    w.unref(); // never what keeps the process alive; close() ends it
    w.on("message", (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ("error" in reply) p.reject(new WorkerJobError(reply.error.name, reply.error.message));
      else p.resolve(reply.value as Res);
    });
    w.on("error", (err) => {
      opts.logger.error({ err }, `${opts.what} worker failed; the next job starts a new one`);
      if (worker === w) worker = undefined;
      failAll(w, err);
    });
    w.on("exit", () => {
      if (worker === w) worker = undefined;
      failAll(w, new Error(`${opts.what} worker exited`));
    });
    return w;
  };
  /** After the last answer: the worker ends if no job arrives within idleMs. */
  const endWhenIdle = (w: Worker) => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== w || pending.size > 0) return;
      worker = undefined;
      void w.terminate();
    }, opts.idleMs);
    idleTimer.unref();
  };

  return {
    run(request, transfer = []) {
      if (closed) return Promise.reject(new Error(`${opts.what} worker is closed`));
      clearTimeout(idleTimer);
      worker ??= spawn();
      const w = worker;
      const id = ++nextId;
      return new Promise<Res>((resolve, reject) => {
        pending.set(id, { worker: w, resolve, reject });
        w.postMessage({ id, request }, transfer);
        w.ref(); // a job under way keeps the process up until its answer
      }).finally(() => {
        if (pending.size > 0) return;
        w.unref();
        endWhenIdle(w);
      });
    },
    running: () => worker !== undefined,
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}

/** The worker's side: answers each job with `handle`'s value (and the buffers it transfers back). */
export function serveJobs<Req>(handle: (request: Req) => { value: unknown; transfer?: ArrayBuffer[] } | Promise<{ value: unknown; transfer?: ArrayBuffer[] }>): void {
  parentPort?.on("message", async ({ id, request }: { id: number; request: Req }) => {
    try {
      const { value, transfer = [] } = await handle(request);
      parentPort!.postMessage({ id, value }, transfer);
    } catch (e) {
      const error = e instanceof Error ? { name: e.name, message: e.message } : { name: "Error", message: String(e) };
      parentPort!.postMessage({ id, error });
    }
  });
}
