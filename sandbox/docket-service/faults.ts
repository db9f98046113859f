import type { Endpoint } from "./endpoints.ts";

/**
 * Test hooks that make the emulator misbehave the ways a real service does: 502 bursts under load,
 * slow answers, bodies that are not JSON or not the documented shape, and push deliveries that
 * repeat or arrive out of order (observed-facts.md: a re-sent push is byte-identical, and pushes
 * carry no delivery id, so the receiver must cope with both).
 */
export type MalformKind = "invalid-json" | "wrong-shape";
export type FaultTarget = Endpoint | "*";

export interface InjectedFailure {
  status: number;
  /** "json" answers `{success:false,error}`; "html" imitates a load balancer's error page. */
  body: "json" | "html";
}

interface Queued<T> {
  target: FaultTarget;
  value: T;
  remaining: number;
}

export class Faults {
  /** Every push is delivered twice, byte-identical. */
  pushDuplicates = false;
  /** Each push is held back until the next one has been delivered (pairs swap order). */
  pushOutOfOrder = false;

  readonly #failures: Queued<InjectedFailure>[] = [];
  readonly #delays: Queued<number>[] = [];
  readonly #malforms: Queued<MalformKind>[] = [];

  /** The next `count` calls to `endpoint` ("*" = any) answer `status` without being processed. */
  failNext(endpoint: FaultTarget, status = 502, count = 1, options: { body?: "json" | "html" } = {}): void {
    this.#failures.push({ target: endpoint, value: { status, body: options.body ?? "json" }, remaining: count });
  }

  /** The next `count` calls to `endpoint` wait `ms` of real time before being processed. */
  delayNext(endpoint: FaultTarget, ms: number, count = 1): void {
    this.#delays.push({ target: endpoint, value: ms, remaining: count });
  }

  /** The next `count` successful-looking answers of `endpoint` are broken. */
  malformNext(endpoint: FaultTarget, kind: MalformKind = "invalid-json", count = 1): void {
    this.#malforms.push({ target: endpoint, value: kind, remaining: count });
  }

  setPushFaults(opts: { duplicate?: boolean; outOfOrder?: boolean }): void {
    if (opts.duplicate !== undefined) this.pushDuplicates = opts.duplicate;
    if (opts.outOfOrder !== undefined) this.pushOutOfOrder = opts.outOfOrder;
  }

  reset(): void {
    this.#failures.length = 0;
    this.#delays.length = 0;
    this.#malforms.length = 0;
    this.pushDuplicates = false;
    this.pushOutOfOrder = false;
  }

  takeFailure(endpoint: Endpoint): InjectedFailure | undefined {
    return take(this.#failures, endpoint);
  }

  takeDelay(endpoint: Endpoint): number | undefined {
    return take(this.#delays, endpoint);
  }

  takeMalform(endpoint: Endpoint): MalformKind | undefined {
    return take(this.#malforms, endpoint);
  }
}

function take<T>(queue: Queued<T>[], endpoint: Endpoint): T | undefined {
  const i = queue.findIndex((q) => q.target === endpoint || q.target === "*");
  if (i < 0) return undefined;
  const q = queue[i]!;
  q.remaining -= 1;
  if (q.remaining <= 0) queue.splice(i, 1);
  return q.value;
}

/**
 * A body of the wrong shape that still claims success: every top-level array becomes an object,
 * every object an array and every number a string, so only a client that validates notices.
 */
export function wrongShape(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { success: true, unexpected: body };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === "success") out[k] = v;
    else if (Array.isArray(v)) out[k] = { items: v.length };
    else if (v !== null && typeof v === "object") out[k] = [v];
    else if (typeof v === "number") out[k] = String(v);
    else out[k] = v;
  }
  return out;
}
