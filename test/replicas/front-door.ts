/**
 * What stands in front of a fleet of replicas (a load balancer): each request goes to a random live
 * replica, whole, and a replica that dies under it makes the request fail (502, or a reset once the
 * answer has begun) as a real balancer would, so the sender's own retry policy is what recovers:
 * the docket service's push retries (spec Events, "Delivery rules") and Slack's, for commands.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FrontDoor {
  /** `http://127.0.0.1:port` */
  readonly url: string;
  readonly port: number;
  /** The next request to `path` goes to `target`, up or not (a balancer that has not yet noticed a death). */
  sendNextTo(path: string, target: string): void;
  close(): Promise<void>;
}

/** `live()` gives the base URLs of the replicas up now. */
export async function startFrontDoor(live: () => readonly string[]): Promise<FrontDoor> {
  const pinned = new Map<string, string>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const up = live();
    const path = new URL(req.url ?? "/", "http://door").pathname;
    const target = pinned.get(path) ?? up[Math.floor(Math.random() * up.length)];
    pinned.delete(path);
    if (!target) {
      req.resume();
      res.writeHead(503).end();
      return;
    }
    const { hostname, port } = new URL(target);
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sendNextTo: (path, target) => void pinned.set(path, target),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
