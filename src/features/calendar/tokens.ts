/**
 * Calendar feed tokens: 32 random bytes (256 bits, node:crypto's CSPRNG) as base64url, 43
 * characters, so a feed URL cannot be guessed. Only the token's SHA-256 is stored; the URL is shown
 * once, when it is made. A presented token is hashed and looked up by its hash, so how long a
 * wrong token takes to refuse says nothing about the right one.
 */
import { createHash, randomBytes } from "node:crypto";

export const TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function newFeedToken(random: (n: number) => Buffer = randomBytes): { token: string; hash: string } {
  const token = random(TOKEN_BYTES).toString("base64url");
  return { token, hash: tokenHash(token) };
}

/** The feed's URL under docketbot's public base URL (ends in "/"). */
export function feedUrl(publicUrl: string, token: string): string {
  return new URL(`calendar/${token}.ics`, publicUrl).href;
}
