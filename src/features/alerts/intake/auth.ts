/**
 * HTTP Basic auth for pushes (spec, Authentication 5: the callback URL may embed
 * `https://<USER>:<PASSWORD>@host/path`; the service sends them as a Basic Authorization header,
 * RFC 7617). One or two accepted pairs: the second exists only while credentials rotate.
 *
 * Timing: both sides are hashed to SHA-256 first, so `timingSafeEqual` always compares 32 bytes and
 * neither the length of the secret nor where a guess first differs shows in the response time. Every
 * configured pair is compared on every request (no early exit), so which pair matched does not
 * show either.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export interface BasicCredential {
  readonly username: string;
  readonly password: string;
}

/** true when the Authorization header carries one of the accepted pairs. */
export type BasicAuthCheck = (authorization: string | undefined) => boolean;

/** The challenge sent with every 401 (RFC 7617 section 2). */
export const WWW_AUTHENTICATE = 'Basic realm="docketbot"';

const digest = (bytes: Buffer | string): Buffer => createHash("sha256").update(bytes).digest();

export function createBasicAuth(credentials: readonly BasicCredential[]): BasicAuthCheck {
  // USER contains no ':' (config/push.ts refuses it), so "user:password" splits unambiguously.
  const accepted = credentials.map((c) => digest(Buffer.from(`${c.username}:${c.password}`, "utf8")));
  return (authorization) => {
    const presented = decodeBasic(authorization);
    if (presented === undefined || accepted.length === 0) return false;
    const candidate = digest(presented);
    let ok = false;
    for (const a of accepted) ok = timingSafeEqual(a, candidate) || ok;
    return ok;
  };
}

/**
 * The raw `user:password` bytes of a Basic header, or undefined when it is absent or not Basic.
 * The scheme is case-insensitive (RFC 7235 section 2.1); the credentials are token68 base64.
 */
function decodeBasic(header: string | undefined): Buffer | undefined {
  if (header === undefined) return undefined;
  const m = /^\s*basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header);
  if (!m?.[1]) return undefined;
  const bytes = Buffer.from(m[1], "base64");
  return bytes.includes(0x3a) ? bytes : undefined; // no ':' is no user-pass pair
}
