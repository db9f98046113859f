/**
 * The intake baseline: a bare Express route on the same Node, in its own process like the bot. It
 * reads the body (as the push route must) and answers 200: no auth, no parsing, no storage, no
 * logging. Whatever docketbot adds over this is the cost of a durable, authenticated push.
 */
import express from "express";
import { serveBaseline } from "../lib/serve-http.ts";

const app = express();
app.disable("x-powered-by");
app.post(process.env.PUSH_PATH ?? "/docket/push", (req, res) => {
  req.resume();
  req.once("end", () => res.status(200).json({ ok: true }));
});
await serveBaseline((port, host) => app.listen(port, host));
