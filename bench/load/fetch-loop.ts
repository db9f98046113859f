/**
 * Calendar clients: each fetches its feed URL again as soon as the last answer was read (a closed
 * loop, the worst a calendar app polling too often can do), counting answers by status. Runs in the
 * generator's process beside the open loop of slash commands it is measured against.
 */
import { Pool } from "undici";

export interface FetchLoopRequest {
  /** One client per URL (a URL may repeat: two clients of one feed). */
  urls: readonly string[];
  ms: number;
}

export async function fetchLoop(req: FetchLoopRequest): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  const deadline = performance.now() + req.ms;
  const pools = new Map<string, Pool>();
  const client = async (url: string) => {
    const u = new URL(url);
    let pool = pools.get(u.origin);
    if (!pool) pools.set(u.origin, (pool = new Pool(u.origin, { connections: req.urls.length, keepAliveTimeout: 30_000 })));
    while (performance.now() < deadline) {
      let status: string;
      try {
        const res = await pool.request({ method: "GET", path: `${u.pathname}${u.search}` });
        await res.body.arrayBuffer();
        status = String(res.statusCode);
      } catch {
        status = "error";
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  try {
    await Promise.all(req.urls.map(client));
  } finally {
    await Promise.all([...pools.values()].map((p) => p.close()));
  }
  return statuses;
}
