/**
 * The scrub skips a pattern when the text holds none of the words every match of it contains
 * (redact.ts, Rule). That must never change what is scrubbed: across random texts made of the
 * patterns' own pieces (names, separators, quotes, schemes, tokens) in any case, mixed with
 * arbitrary Unicode, the filtered scrub equals every pattern run on the text.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { createRedactor, REDACTION_RULES } from "../src/redact.ts";

const everyPattern = (s: string, rules: (typeof REDACTION_RULES)["text"]) => rules.reduce((out, [pattern, replace]) => out.replace(pattern, replace), s);

const PIECES = [
  "token", "login_token", "Bot-Token", "password", "passwd", "PASSWORD", "secret", "signing_secret", "authorization", "Proxy-Authorization",
  "cookie", "Set-Cookie", "x-providerone-key", "providertwo_key", "api_key", "X-Api-Key", "private-key", "key", "KEY",
  "=", ":", " : ", "\"", "'", "\\", "&", "?", "#", "/", "@", "://", "https://", "user:pw@", " ", "\n", ",", ";",
  "Bearer ", "bearer ", "BEARER", "\t", "Basic ", "abcdefghijklmnopqrstuvwxyz0123456789", "eyJhbGciOiJIUzI1NiJ9.payload.sig",
  "xoxb-", "xoxe.xoxp-", "xapp-", "XOXB-", "1234-5678-abcdEFGH", "/calendar/", "/CALENDAR/",
  "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfG", ".ics", "%2eics", ".ICS", "hooks.slack.com/services/", "HOOKS.SLACK.COM/commands/",
  "T0/B0/XXXX", "İ", "K", "ſ", "é", "\u0000", "💼",
];

// A name, a separator and a value, as the patterns expect them, in any spelling.
const NAMES = ["token", "Password", "secret", "authorization", "Cookie", "x-providerone-key", "api_key", "key", "Bearer", "BEARER", "xoxb", "xapp", "https", "/calendar", "hooks.slack.com/services"];
const SEPS = ["=", ":", " : ", "\t", "\n", " ", "-", "/", "://", "\":\"", "='"];
const VALUES = ["abcdefghijklmnopqrstuvwxyz012345", "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE", "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfG.ics", "user:pw@host", "\"quoted\"", "'single'", "x", "T0/B0/XXXX"];
const triples = fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...SEPS), fc.constantFrom(...VALUES), fc.constantFrom(" ", "&", ",", "\n", "")), { maxLength: 4 })
  .map((ts) => ts.map((t) => t.join("")).join(""));

const texts = fc.oneof(
  triples,
  fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join("")),
  fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: "grapheme", maxLength: 6 })), { maxLength: 10 }).map((parts) => parts.join("")),
);

describe("the scrub's word filter", () => {
  const r = createRedactor();
  test.prop([texts], { numRuns: 3000, seed: 20261128 })("never skips a pattern that would match free text", (s) => {
    expect(r.redactString(s)).toBe(everyPattern(s, REDACTION_RULES.text));
  });
  test.prop([texts], { numRuns: 3000, seed: 20261129 })("never skips a pattern that would match a JSON line", (s) => {
    const line = JSON.stringify({ level: 30, msg: s, [s.slice(0, 20)]: s });
    expect(r.redactJsonLine(line)).toBe(everyPattern(line, REDACTION_RULES.jsonLine));
  });
});
