/**
 * Secret scrubbing for anything that may reach a log line (DEVELOPERS.md, Style: "tokens, passwords,
 * provider keys and login_token never reach a log line"). Pure functions; the logger applies them.
 *
 * Every pattern is linear-time, so hostile text (docket entries are untrusted) cannot make a log call
 * slow: no nested or ambiguous quantifiers, and a value run either always succeeds (key=value,
 * headers, tokens) or ends at a character that cannot start another match of the same pattern
 * (URL userinfo stops at "/", quoted values at their quote). Values are never cut short, so no tail
 * of a long secret survives. Replacements never consume `"` or `\` outside a whole quoted value, so
 * they are also safe on an already-serialised JSON line.
 */

export const REDACTED = "[REDACTED]";

/** Shorter literal secrets are not scrubbed verbatim (they would blank ordinary words). */
const MIN_LITERAL_SECRET = 8;

// Object keys and key=value names that hold secrets. Compared with separators dropped and lowercased,
// so login_token, loginToken and LOGIN-TOKEN are one key.
const SECRET_KEYS = new Set([
  "authorization", "proxyauthorization", "cookie", "setcookie", "xprovideronekey", "xprovidertwokey",
  "provideronekey", "providertwokey", "apikey", "xapikey", "privatekey",
]);
const SECRET_KEY_SUFFIXES = ["token", "password", "passwd", "secret"];

/** True for keys like password, login_token, bot_token, signing_secret, X-Providerone-Key, Cookie. */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[\s_.-]/g, "");
  return SECRET_KEYS.has(k) || SECRET_KEY_SUFFIXES.some((s) => k.endsWith(s));
}

// The same names as a regex fragment, for text.
const KEY_NAME = String.raw`[\w.-]{0,64}?(?:token|passw(?:or)?d|secret)|(?:proxy-)?authorization|(?:set-)?cookie|x-provider(?:one|two)-key|provider(?:one|two)[_-]key|(?:x-)?api[_-]?key|private[_-]?key`;

/**
 * A pattern, its replacement, and the words (lowercase) of which any match must contain one: a
 * text whose lowercase holds none of them is not searched. Most log text holds none (a line's
 * method, path and status), and the patterns' lookbehinds and bounded runs cost more per
 * character than a few `includes`. Case-insensitive patterns here match an ASCII letter only with
 * an ASCII letter (ECMA-262 Canonicalize, non-unicode mode), so the lowercase test never skips a match.
 */
type Rule = readonly [RegExp, (match: string, ...groups: string[]) => string, readonly string[]];

/** Every KEY_NAME contains one of these. */
const KEY_WORDS = ["token", "passw", "secret", "authorization", "cookie", "key"];

const userinfoRule: Rule = [
  // userinfo in any URL: https://user:pass@host -> https://[REDACTED]@host (up to the last @ before the path)
  new RegExp(String.raw`://[^\s/?#"'<>\\]+@`, "g"),
  () => `://${REDACTED}@`,
  ["://"],
];

const rulesAfterKeys: readonly Rule[] = [
  // header lines: Authorization: Basic …, Cookie: …, X-Providerone-Key: … (keeps the auth scheme)
  [
    new RegExp(String.raw`(?<![\w-])((?:proxy-)?authorization|(?:set-)?cookie|x-provider(?:one|two)-key)(\s{0,8}:\s{0,8})((?:basic|bearer|digest|token)\s+)?[^\s"'\\,;][^"'\\\r\n]*`, "gi"),
    (_m, name, sep, scheme) => `${name}${sep}${scheme ?? ""}${REDACTED}`,
    ["authorization", "cookie", "x-provider"],
  ],
  // query strings, form bodies, env-style lines: login_token=…, password=…, key=…, secret=…
  [new RegExp(String.raw`(?<![\w.-])(${KEY_NAME}|key)=[^\s&#"'<>\\]+`, "gi"), (_m, name) => `${name}=${REDACTED}`, ["="]],
  // a bearer token on its own ("Bearer eyJ…"); long enough not to be an English word
  [new RegExp(String.raw`\b(bearer\s+)[\w.~+/-]{16,}=*`, "gi"), (_m, prefix) => `${prefix}${REDACTED}`, ["bearer"]],
  // Slack tokens: xoxb-, xoxp-, xoxa-, xoxe-, xoxe.xoxp-, xapp- (keeps the kind, drops the rest)
  [/(xox[a-z]|xapp)((?:\.xox[a-z])?-)[A-Za-z0-9-]+/g, (_m, kind, dash) => `${kind}${dash}${REDACTED}`, ["xox", "xapp"]],
  // a calendar feed's path is its capability (features/calendar/tokens.ts: 43 base64url characters),
  // in any case; and such a token before `.ics` however the path around it is spelled (issue 22)
  [/(\/calendar\/)[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/gi, (_m, prefix) => `${prefix}${REDACTED}`, ["/calendar/"]],
  // (starts only at a run's start, so a long run costs one pass: linear, as the header says)
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43,}(?=(?:\.|%2e)ics)/gi, () => REDACTED, [".ics", "%2eics"]],
  // Slack incoming-webhook and response_url paths are bearer capabilities
  [/(hooks\.slack\.com\/[a-z]{1,32}\/)[^\s"'<>\\]+/gi, (_m, prefix) => `${prefix}${REDACTED}`, ["hooks.slack.com/"]],
];

/** Rules for free text. */
const TEXT_RULES: readonly Rule[] = [
  userinfoRule,
  // key-value pairs with a quoted value: "password":"…", 'login_token': '…', password="…" (JSON,
  // util.inspect output, logfmt); keeps the value's own quote character
  [
    new RegExp(String.raw`(?<![\w.-])(["']?)(${KEY_NAME})\1(\s{0,8}[:=]\s{0,8})(?:"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*')`, "gi"),
    (m, q, name, sep) => `${q}${name}${q}${sep}${m.at(-1)}${REDACTED}${m.at(-1)}`,
    KEY_WORDS,
  ],
  ...rulesAfterKeys,
];

/**
 * Rules for a serialised JSON line. The key rule insists on a quoted key: with an optional quote,
 * `"a":"xtoken=","b":…` would pair a structural quote with the next one and break the JSON.
 */
const JSON_LINE_RULES: readonly Rule[] = [
  userinfoRule,
  [
    new RegExp(String.raw`"(${KEY_NAME})"(\s{0,8}:\s{0,8})"(?:[^"\\]|\\.)*"`, "gi"),
    (_m, name, sep) => `"${name}"${sep}"${REDACTED}"`,
    KEY_WORDS,
  ],
  ...rulesAfterKeys,
];

/** The patterns as such (tests compare the word-filtered scrub with every pattern run on every text). */
export const REDACTION_RULES = { text: TEXT_RULES, jsonLine: JSON_LINE_RULES } as const;

export interface Redactor {
  /** Scrub secrets inside free text (URLs, bodies, headers, JSON-ish text, tokens). */
  redactString(s: string): string;
  /** Deep copy with secret-named keys masked and every string scrubbed; cycle-safe; Errors as plain objects. */
  redactValue(v: unknown): unknown;
  /** Scrub an already-serialised JSON log line without breaking its JSON. */
  redactJsonLine(line: string): string;
}

export interface RedactorOptions {
  /** Known secret values (from config) scrubbed verbatim wherever they appear. */
  readonly secrets?: readonly (string | undefined)[];
}

export function createRedactor(options: RedactorOptions = {}): Redactor {
  const literals = [...new Set(options.secrets ?? [])]
    .filter((s): s is string => typeof s === "string" && s.length >= MIN_LITERAL_SECRET)
    .sort((a, b) => b.length - a.length);
  // In a JSON line a secret appears escaped; `(?<!\\)` keeps a match from starting inside an escape.
  const jsonLiterals = literals.map((s) => new RegExp(`(?<!\\\\)${escapeRegExp(JSON.stringify(s).slice(1, -1))}`, "g"));

  const applyRules = (s: string, rules: readonly Rule[]): string => {
    let out = s;
    let lower: string | undefined;
    for (const [pattern, replace, words] of rules) {
      lower ??= out.toLowerCase();
      if (!words.some((w) => lower!.includes(w))) continue;
      const next = out.replace(pattern, replace);
      if (next !== out) (out = next), (lower = undefined);
    }
    return out;
  };

  const redactString = (s: string): string => {
    let out = s;
    for (const secret of literals) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return applyRules(out, TEXT_RULES);
  };

  const redactJsonLine = (line: string): string => {
    let out = line;
    for (const re of jsonLiterals) out = out.replace(re, REDACTED);
    return applyRules(out, JSON_LINE_RULES);
  };

  const redactValue = (value: unknown): unknown => walk(value, new WeakSet(), 0, redactString);

  return { redactString, redactValue, redactJsonLine };
}

const MAX_DEPTH = 32;

function walk(value: unknown, ancestors: WeakSet<object>, depth: number, rs: (s: string) => string): unknown {
  if (typeof value === "string") return rs(value);
  if (value === null || typeof value !== "object") return value;
  if (ancestors.has(value)) return "[Circular]";
  if (depth >= MAX_DEPTH) return "[Truncated]";
  ancestors.add(value);
  try {
    const next = (v: unknown) => walk(v, ancestors, depth + 1, rs);
    const entry = (key: string, v: unknown) => (isSecretKey(key) && v !== undefined && v !== null && v !== "" ? REDACTED : next(v));
    if (Array.isArray(value)) return value.map(next);
    if (value instanceof Error) return errorObject(value, entry, next);
    if (value instanceof Date) return value;
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), entry(String(k), v)]));
    if (value instanceof Set) return [...value].map(next);
    // Raw bytes (request bodies) are summarised: they cannot be scrubbed reliably.
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.constructor.name} ${value.byteLength} bytes]`;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return next(toJSON.call(value)); // URL, Headers-like, custom
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = entry(key, readProperty(value, key));
    return out;
  } finally {
    ancestors.delete(value);
  }
}

/** Errors become plain objects (JSON.stringify drops an Error's message and stack). */
function errorObject(
  err: Error,
  entry: (key: string, v: unknown) => unknown,
  next: (v: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name || err.name || "Error",
    message: next(String(err.message)),
    stack: next(err.stack),
  };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = next(code);
  if (err.cause !== undefined) out.cause = next(err.cause);
  if (err instanceof AggregateError) out.errors = next(err.errors);
  for (const key of Object.keys(err)) {
    if (!(key in out)) out[key] = entry(key, readProperty(err, key));
  }
  return out;
}

function readProperty(obj: object, key: string): unknown {
  try {
    return (obj as Record<string, unknown>)[key];
  } catch {
    return "[Unreadable]";
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

const defaultRedactor = createRedactor();

/** Scrub secrets inside free text. See TEXT_RULES for what is recognised. */
export const redactString: (s: string) => string = defaultRedactor.redactString;

/** Deep, cycle-safe copy with secret-named keys masked and every string scrubbed. */
export const redactValue: (v: unknown) => unknown = defaultRedactor.redactValue;

/** A path as a log line shows it (calendar feeds, features/calendar/feed-route.ts). */
export const FEED_PATH_LOGGED = "/calendar/[REDACTED].ics";
/** A run of base64url long enough to be a feed token (43) or another capability. */
const CAPABILITY_RUN = /[A-Za-z0-9_-]{32,}/g;

/**
 * The one spelling of a request path that reaches the logs (issue 22, item 13: `/calendar//<t>.ics`,
 * `/%63alendar/…`, `/CALENDAR/…`, `%2F`, a backslash each slipped past a rule written for
 * `/calendar/<t>`). The path is read as a server might (escapes decoded where valid, `\` as `/`,
 * any case); a path that mentions the calendar at all is logged as FEED_PATH_LOGGED, and any
 * other path has each long base64url run (a token wherever it sits) replaced. At most 200 chars.
 */
export function loggedPath(path: string): string {
  const read = path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  }).replace(/\\/g, "/");
  if (/calendar/i.test(read) || /\.ics\b/i.test(read)) return FEED_PATH_LOGGED;
  const kept = /[A-Za-z0-9_-]{32}/.test(read) ? read.replace(CAPABILITY_RUN, REDACTED) : path;
  return kept.length > 200 ? `${kept.slice(0, 199)}…` : kept;
}
