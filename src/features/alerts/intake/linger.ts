/**
 * Closing a connection whose request body is still arriving (issue 22, item 16), in stages as RFC
 * 9112 section 9.6 asks: the answer (401, 413, 415, 503) goes out with `Connection: close`, then
 * our side half-closes (FIN) and the rest of the body is read and discarded, up to a bound of bytes
 * and time, before the socket is destroyed. Node's default for `Connection: close` destroys the
 * socket as soon as the answer is flushed, so a client still uploading (a 50 MB push refused before
 * its body was read) got a reset (EPIPE) instead of reading its 413, 7 times in 8.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export interface LingerBound {
  /** Bytes read and discarded after the answer before giving up on the sender. */
  bytes: number;
  /** Milliseconds to linger before giving up (Apache's lingering close waits ~2 s). */
  ms: number;
}

export const DEFAULT_LINGER: LingerBound = { bytes: 64 * 1024 * 1024, ms: 5000 };

/** Arms the staged close on the request's socket; call before the `Connection: close` answer ends. */
export function lingerOnClose(req: IncomingMessage, bound: LingerBound = DEFAULT_LINGER): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (req.complete || socket.destroyed) return; // nothing left to read: Node's own close is right
  // Node ends a `Connection: close` response with socket.destroySoon(): end, then destroy on finish.
  socket.destroySoon = () => {
    let seen = 0;
    const stop = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(stop, bound.ms);
    timer.unref();
    socket.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > bound.bytes) stop();
    });
    socket.once("end", stop); // the sender is done too
    socket.once("close", () => clearTimeout(timer));
    socket.end(); // half-close: our FIN follows the answer
    req.resume(); // discard what the parser still hands to the request
    socket.resume();
  };
}
