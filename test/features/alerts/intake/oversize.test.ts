/**
 * Issue 22, item 16: a push declaring more than the cap is refused before its body is read, and
 * the 413 must be READ by a plain HTTP client still uploading, not lost to a connection reset
 * (RFC 9112 section 9.6: close in stages, not at once). A raw socket declares 50 MB and writes its
 * body slowly; 8 tries out of 8 read the 413.
 */
import { connect } from "node:net";
import nock from "nock";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AUTH, PATH, startRouteRig, type RouteRig } from "./helpers.ts";

let rig: RouteRig;
beforeAll(async () => {
  // nock's interceptor holds a raw socket's HTTP request until it ends (a 50 MB body never does
  // here); this file talks to its own loopback server only.
  nock.restore();
  rig = await startRouteRig();
});
afterAll(async () => {
  await rig.close();
  nock.activate();
});

/**
 * A plain client: declares 50 MB, writes 64 KiB every few ms up to 3 MB whatever it hears
 * (allowHalfOpen: the server's FIN does not stop its upload, as with curl or any client that
 * sends the whole body before reading), then reads. A write that fails (EPIPE, ECONNRESET: the
 * server tore the connection down) loses the answer, as it does for such clients.
 */
function oversizePush(): Promise<{ answer: string; error?: string }> {
  const { hostname, port } = new URL(rig.url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    let answer = "";
    let sent = 0;
    let ended = false;
    let error: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer: error ? "" : answer, ...(error ? { error } : {}) });
    };
    socket.on("connect", () => {
      socket.write(`POST ${PATH} HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH}\r\nContent-Type: application/json\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      timer = setInterval(() => {
        if (sent >= 3 * 1024 * 1024) {
          clearInterval(timer);
          socket.end();
          if (ended) finish();
          return;
        }
        sent += chunk.length;
        socket.write(chunk, (err) => {
          if (err && !error) {
            error = err.message;
            finish();
          }
        });
      }, 2);
    });
    socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
    socket.on("end", () => {
      ended = true;
      if (sent >= 3 * 1024 * 1024) finish();
    });
    socket.on("error", (e) => {
      error ??= e.message;
      finish();
    });
    setTimeout(() => {
      error ??= "timeout";
      finish();
    }, 8_000).unref();
  });
}

it("reads the 413 on 8 tries out of 8 while still uploading a 50 MB body", async () => {
  const results = [];
  for (let i = 0; i < 8; i++) results.push(await oversizePush());
  const read = results.filter((r) => r.answer.startsWith("HTTP/1.1 413"));
  expect(results.map((r) => r.error ?? r.answer.split("\r\n")[0])).toEqual(Array(8).fill("HTTP/1.1 413 Payload Too Large"));
  expect(read).toHaveLength(8);
  for (const r of read) expect(r.answer.toLowerCase()).toContain("connection: close");
}, 60_000);
