/**
 * The baseline servers' common end: listen on an ephemeral loopback port, then answer the parent
 * (bench/lib/child.ts) with the URL and this process's memory and CPU.
 */
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { processUsage, serveParent } from "./child.ts";

export async function serveBaseline(listen: (port: number, host: string) => Server): Promise<void> {
  const server = listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  serveParent(async (request) => {
    if (request.cmd === "ready") return { url, ...processUsage() };
    if (request.cmd === "memory") return processUsage();
    throw new Error(`unknown command ${String(request.cmd)}`);
  });
}
