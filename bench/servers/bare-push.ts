/**
 * The intake baseline: a bare Express route on the same Node, in its own process like the bot. It
 * reads the body (as the push route must) and answers 200: no auth, no parsing, no storage, no
 * logging. Whatever docketbot adds over this is the cost of a durable, authenticated push.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { processUsage, serveParent } from "../lib/child.ts";

const app = express();
app.disable("x-powered-by");
app.post(process.env.PUSH_PATH ?? "/docket/push", (req, res) => {
  req.resume();
  req.once("end", () => res.status(200).json({ ok: true }));
});
const server = app.listen(0, "127.0.0.1");
await once(server, "listening");
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

serveParent(async (request) => {
  if (request.cmd === "ready") return { url, ...processUsage() };
  if (request.cmd === "memory") return processUsage();
  throw new Error(`unknown command ${String(request.cmd)}`);
});
