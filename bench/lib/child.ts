/**
 * Child processes of the benchmark (servers under test, the load generator), driven over Node's IPC
 * channel with a tiny request/response protocol: the parent sends `{ id, ...request }`, the child
 * answers `{ id, ok, value | error }`. The child says `{ ready: true }` once it serves; a child that
 * exits early fails every pending request.
 */
import { fork, type ChildProcess } from "node:child_process";
import { getHeapSpaceStatistics } from "node:v8";

export interface ChildHandle {
  readonly pid: number;
  call<T>(request: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  /** Asks the child to exit, then kills it if it has not within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export async function startChild(script: URL, env: Record<string, string> = {}, execArgv: readonly string[] = []): Promise<ChildHandle> {
  const child: ChildProcess = fork(script, [], {
    execArgv: [...process.execArgv, ...execArgv],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced",
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  let nextId = 1;
  let exited = false;
  child.on("message", (message: Reply) => {
    const p = pending.get(message.id);
    if (!p) return;
    pending.delete(message.id);
    clearTimeout(p.timer);
    if (message.ok) p.resolve(message.value);
    else p.reject(new Error(`${script.pathname.split("/").slice(-2).join("/")}: ${message.error}`));
  });
  const exitedPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = true;
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error(`child ${script.pathname} exited (${code ?? signal})`));
      }
      pending.clear();
      resolve();
    });
  });
  // serveParent() says { ready: true } once it listens; a child that dies first fails the start.
  await new Promise<void>((resolve, reject) => {
    const onReady = (message: { ready?: boolean }) => {
      if (message.ready !== true) return;
      child.off("message", onReady);
      resolve();
    };
    child.on("message", onReady);
    child.once("error", reject);
    void exitedPromise.then(() => reject(new Error(`child ${script.pathname} exited before it was ready`)));
  });
  const handle: ChildHandle = {
    pid: child.pid!,
    call<T>(request: Record<string, unknown>, timeoutMs = 120_000): Promise<T> {
      if (exited) return Promise.reject(new Error(`child ${script.pathname} has exited`));
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`child ${script.pathname}: no answer to ${String(request.cmd)} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        child.send({ id, ...request });
      });
    },
    async stop(graceMs = 3000) {
      if (exited) return;
      child.send({ id: 0, cmd: "exit" });
      const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exitedPromise;
      clearTimeout(killer);
    },
  };
  return handle;
}

/** In a child: answers the parent's requests with `handler`; `{ cmd: "exit" }` ends the process. */
export function serveParent(handler: (request: Record<string, unknown>) => Promise<unknown>): void {
  if (!process.send) throw new Error("this script is a benchmark child: run it through `npm run bench`");
  process.on("message", (message: Record<string, unknown> & { id: number }) => {
    if (message.cmd === "exit") process.exit(0);
    handler(message).then(
      (value) => process.send!({ id: message.id, ok: true, value }),
      (error: unknown) => process.send!({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent going away ends the child too: no orphan servers.
  process.on("disconnect", () => process.exit(0));
  process.send({ ready: true });
}

/** A process's memory, in MB, and the CPU time it has used so far. */
export interface ProcessUsage {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** V8's young generation as reserved now (new_space): it grows under a high allocation rate. */
  newSpaceMb: number;
  /** Memory outside the V8 heap that V8 knows of (Buffers); SQLite's own is not counted. */
  externalMb: number;
  maxRssMb: number;
  /** User + system CPU time since the process started. */
  cpuMs: number;
}

export function processUsage(): ProcessUsage {
  const m = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  const cpu = process.cpuUsage();
  return {
    newSpaceMb: (newSpace?.space_size ?? 0) / 1048576,
    externalMb: m.external / 1048576,
    rssMb: m.rss / 1048576,
    heapUsedMb: m.heapUsed / 1048576,
    heapTotalMb: m.heapTotal / 1048576,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
