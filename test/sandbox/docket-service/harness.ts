import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { startDocketService, type DocketService, type DocketServiceOptions } from "../../../sandbox/docket-service/server.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { tinyCorpus } from "./tiny-corpus.ts";

/** The emulator on 127.0.0.1:0 with a FakeClock and the tiny corpus, plus plain-fetch helpers. */
export interface Harness {
  svc: DocketService;
  clock: FakeClock;
  login(username?: string, password?: string): Promise<string>;
  get(path: string, params?: Record<string, string | string[]>, headers?: Record<string, string>): Promise<Response>;
  getJson(path: string, params?: Record<string, string | string[]>, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  post(path: string, form: Record<string, string>): Promise<{ status: number; body: any }>;
  site(path: string, params?: Record<string, string>, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export async function startHarness(opts: DocketServiceOptions = {}): Promise<Harness> {
  const clock = new FakeClock();
  const svc = await startDocketService({ clock, corpus: tinyCorpus(clock.now()), autoPush: false, ...opts });
  const qs = (params: Record<string, string | string[]>) => {
    const u = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) u.append(k, x);
    return u.toString();
  };
  const get = (path: string, params: Record<string, string | string[]> = {}, headers: Record<string, string> = {}) =>
    fetch(`${svc.baseUrl}${path}?${qs(params)}`, { headers });
  const post = async (path: string, form: Record<string, string>) => {
    const res = await fetch(`${svc.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    svc,
    clock,
    async login(username = "demo", password = "demo") {
      const r = await post("login/", { username, password });
      if (!r.body.success) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
      return r.body.login_token as string;
    },
    get,
    async getJson(path, params, headers) {
      const res = await get(path, params, headers);
      return { status: res.status, body: (await res.json()) as any };
    },
    post,
    site(path, params = {}, init = {}) {
      return fetch(`${svc.siteUrl}${path}?${qs(params)}`, { redirect: "manual", ...init });
    },
    close: () => svc.close(),
  };
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local push receiver answering statuses from a script (then 200), recording every request. */
export async function startReceiver(script: number[] = []): Promise<{
  url: string;
  port: number;
  received: Received[];
  script: number[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = script.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    script,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
