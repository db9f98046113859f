import { z } from "zod";

/**
 * Every setting docketbot has, parsed once from an env record (DEVELOPERS.md, Architecture).
 * `loadConfig` is a pure function of its `env` argument: no file reads, no process.env, so the
 * sandbox and tests build configs from plain objects. Variable names are a product interface.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export const ASK_PROVIDERS = ["providerone", "providertwo"] as const;
export type AskProvider = (typeof ASK_PROVIDERS)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface PushCredential {
  readonly username: string;
  readonly password: string;
}

export interface Config {
  readonly http: {
    readonly port: number;
    /** Set => GET /metrics wants `Authorization: Bearer <token>`; unset => open (a private network's scraper). */
    readonly metricsToken: string | undefined;
    /**
     * docketbot's own public base URL (PUBLIC_URL), ending in "/": where calendar apps fetch a
     * matter's feed (GET /calendar/<token>.ics). Unset: no feed URLs can be handed out.
     */
    readonly publicUrl: string | undefined;
  };
  readonly slack: {
    /** Required when loaded with `require: { slack: true }` (what `npm start` does). */
    readonly botToken: string | undefined;
    readonly signingSecret: string | undefined;
    /** Set => Slack traffic over Socket Mode; pushes and /healthz still use HTTP. */
    readonly appToken: string | undefined;
    readonly socketMode: boolean;
    /** Slack Web API base, ends in "/". */
    readonly apiUrl: string;
  };
  readonly docket: {
    /** The spec's `{base_url}`: http(s), ends in "/api/v1/". */
    readonly apiUrl: string;
    /** The spec's `{site_url}`: ends in "/". */
    readonly siteUrl: string;
    readonly username: string;
    readonly password: string;
    /** Send `test` on every call: sample data, no charges (spec, Limits and Versioning). */
    readonly testMode: boolean;
    readonly providerKeys: { readonly providerone?: string; readonly providertwo?: string };
    /**
     * Which providers answer a question (ASK_PROVIDER): one by default, so each question gets one
     * answer and one price; both only when configured to (issue 14 item 6). Empty without a key.
     */
    readonly askProviders: readonly AskProvider[];
  };
  /** ask_docket needs at least one provider key (spec, ask_docket). */
  readonly qaEnabled: boolean;
  readonly push: {
    readonly enabled: boolean;
    readonly path: string;
    /** Accepted basic-auth pairs; the second exists only while rotating. Empty when disabled. */
    readonly credentials: readonly PushCredential[];
    readonly maxBodyBytes: number;
  };
  /**
   * DATABASE_URL: `sqlite:PATH` (the default, ./data/docketbot.db) or `postgres://…` (issue 17 item
   * 1: a PostgreSQL store behind the same Store interface). The PostgreSQL URL may hold a password.
   */
  readonly database: DatabaseConfig;
  /** Slack user ids allowed to link channels to matters. */
  readonly admins: readonly string[];
  readonly logLevel: LogLevel;
  /** The outbox's knobs that matter when several replicas share a PostgreSQL database (issue 17). */
  readonly outbox: {
    /** OUTBOX_LANE_LEASE_MS: how long a channel's lane stays with a replica that stopped renewing it. */
    readonly laneLeaseMs: number;
    /** OUTBOX_POLL_MS: the poll behind LISTEN/NOTIFY wake-ups. */
    readonly pollIntervalMs: number;
    /**
     * DOCKETBOT_TEST_NO_RESUME_LOOKUP: TESTS ONLY. Posts a resumed alert without first looking in
     * Slack for what a dead replica posted, so the replicas test can prove that lookup is needed.
     */
    readonly lookupOnResume: boolean;
  };
}

export type DatabaseConfig =
  | { readonly kind: "sqlite"; readonly path: string }
  | { readonly kind: "postgres"; readonly url: string };

/** A config whose Slack credentials were required, hence present. */
export type StartableConfig = Config & {
  readonly slack: { readonly botToken: string; readonly signingSecret: string };
};

export interface LoadConfigOptions {
  /** `slack: true` makes SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET required (`npm start`). */
  readonly require?: { readonly slack?: boolean };
}

export interface ConfigProblem {
  readonly variable: string;
  readonly kind: "missing" | "invalid";
  /** One sentence naming the variable, what is expected and where to find it. Never a secret. */
  readonly message: string;
}

export class ConfigError extends Error {
  readonly code = "CONFIG_INVALID" as const;
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    const n = problems.length;
    super(
      `docketbot cannot start: ${n} configuration problem${n === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  - ${p.message}`).join("\n"),
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}

const SLACK_APPS = "https://api.slack.com/apps";

/** What each variable is for and where its value comes from; table order is report order. */
const HINTS = {
  PORT: "the HTTP port for Slack requests, pushes and /healthz; a whole number 0-65535 (default 3000)",
  SLACK_BOT_TOKEN: `copy the Bot User OAuth Token (starts with xoxb-) from your Slack app's OAuth & Permissions page (${SLACK_APPS}), after installing the app`,
  SLACK_SIGNING_SECRET: `copy it from your Slack app's Basic Information page (App Credentials, Signing Secret) at ${SLACK_APPS}`,
  SLACK_APP_TOKEN: `only for Socket Mode: on your Slack app's Basic Information page (App-Level Tokens) at ${SLACK_APPS}, create a token with the connections:write scope; it starts with xapp-. Leave unset to receive Slack requests over HTTP`,
  SLACK_API_URL: "an http(s) URL; leave unset for https://slack.com/api/ (set it only to point at a Slack stand-in)",
  DOCKET_API_URL: "the Docket Data Service's version-1 root, an http(s) URL ending in /api/v1/ (e.g. https://dockets.example.com/api/v1/), from the service's API documentation",
  DOCKET_SITE_URL: "the service's site root for documents and case pages, an http(s) URL; leave unset to use DOCKET_API_URL's origin",
  DOCKET_USERNAME: "the service account docketbot logs in with (login/); ask your Docket Data Service account administrator",
  DOCKET_PASSWORD: "the password of the service account in DOCKET_USERNAME; ask your Docket Data Service account administrator",
  DOCKET_TEST_MODE: "one of true/false/1/0/yes/no; true sends `test` on every call (sample data, no charges)",
  PROVIDERONE_KEY: "optional: your own providerone API key, used by ask_docket for case Q&A",
  PROVIDERTWO_KEY: "optional: your own providertwo API key, used by ask_docket for case Q&A",
  ASK_PROVIDER: "which provider answers questions: providerone, providertwo, or both (two answers, two prices); its key must be set (default: providerone when PROVIDERONE_KEY is set, else providertwo)",
  PUSH_PATH: "the path of the push URL you gave the service; it starts with / and has no spaces, ? or # (default /docket/push)",
  PUSH_USERNAME: "the basic-auth user in the push URL you gave the service (https://USER:PASSWORD@your-host/docket/push), without ':'; set PUSH_USERNAME and PUSH_PASSWORD together, or neither to turn pushes off",
  PUSH_PASSWORD: "the basic-auth password in the push URL you gave the service (https://USER:PASSWORD@your-host/docket/push); set PUSH_USERNAME and PUSH_PASSWORD together, or neither to turn pushes off",
  PUSH_USERNAME_2: "optional second push user accepted while rotating credentials, without ':'; set it together with PUSH_PASSWORD_2",
  PUSH_PASSWORD_2: "optional second push password accepted while rotating credentials; set it together with PUSH_USERNAME_2",
  PUSH_MAX_BODY_BYTES: "the largest push body accepted, a whole number of bytes from 1024 to 1073741824 (default 10485760, 10 MB)",
  DATABASE_URL: "sqlite:PATH (e.g. sqlite:./data/docketbot.db or sqlite:/data/docketbot.db) or sqlite::memory:, or for PostgreSQL postgres://USER:PASSWORD@HOST:5432/DATABASE",
  DOCKETBOT_ADMINS: "Slack user ids like U0123ABCD or W0123ABCD, separated by commas or spaces (in Slack: a profile's ⋮ menu, Copy member ID)",
  LOG_LEVEL: `one of ${LOG_LEVELS.join(", ")} (default info)`,
  PUBLIC_URL: "optional: docketbot's public https base URL as calendar apps reach it (e.g. https://docketbot.example.com/); needed for the per-matter calendar feeds of /docket calendar",
  OUTBOX_LANE_LEASE_MS: "optional: how long, in milliseconds, a channel's alerts wait for a replica that died holding them before another takes over, a whole number from 1000 to 600000 (default 30000)",
  OUTBOX_POLL_MS: "optional: how often, in milliseconds, the outbox looks for work it was not woken for, a whole number from 100 to 60000 (default 5000)",
  DOCKETBOT_TEST_NO_RESUME_LOOKUP: "tests only: true posts resumed alerts without looking in Slack first (it doubles alerts); leave unset",
  METRICS_TOKEN: "optional: a secret of at least 16 characters; when set, GET /metrics wants the header Authorization: Bearer <it> (Prometheus: authorization.credentials)",
} as const;
type Variable = keyof typeof HINTS;
const VARIABLES = Object.keys(HINTS) as Variable[];

/** The only values an error message quotes back: never secrets, never URLs (they may carry credentials). */
const ECHOABLE: ReadonlySet<Variable> = new Set([
  "PORT", "DOCKET_TEST_MODE", "ASK_PROVIDER", "PUSH_PATH", "PUSH_MAX_BODY_BYTES", "LOG_LEVEL", "OUTBOX_LANE_LEASE_MS", "OUTBOX_POLL_MS",
  "DOCKETBOT_TEST_NO_RESUME_LOOKUP",
]);

// ---- field schemas: each sees a trimmed, non-empty string or undefined --------------------------

const MB = 1024 * 1024;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: "is not a whole number" })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `is out of range ${min}-${max}` });

const slackToken = (prefix: string, ownName: string) =>
  z.string().superRefine((value, ctx) => {
    if (value.startsWith(prefix)) return;
    // Name the usual mix-up; the prefix says only which kind of token it is, never the token.
    const mixup: Record<string, string> = {
      "xoxb-": "a bot token (xoxb-, for SLACK_BOT_TOKEN)",
      "xoxp-": "a user token (xoxp-, which docketbot does not use)",
      "xapp-": "an app-level token (xapp-, for SLACK_APP_TOKEN)",
    };
    const seen = Object.keys(mixup).find((p) => value.startsWith(p) && p !== prefix);
    ctx.addIssue({
      code: "custom",
      message: seen ? `holds ${mixup[seen]} instead of the ${ownName} (${prefix})` : `does not start with ${prefix}`,
    });
  });

/** An http(s) base URL without credentials, query or fragment, normalised to end in "/". */
const baseUrl = (mustEndWith?: string) =>
  z.string().transform((value, ctx) => {
    const url = URL.parse(value);
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return fail("is not an http(s) URL");
    // Echoing the value could leak credentials typed into it, so only the path is ever shown.
    if (url.username || url.password) return fail("must not contain a user name or password");
    if (url.search || url.hash) return fail("must not have a query string or fragment");
    const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`;
    if (mustEndWith && !path.endsWith(mustEndWith)) {
      return fail(`has path ${JSON.stringify(url.pathname)}, which does not end in ${mustEndWith}`);
    }
    return `${url.origin}${path}`;
  });

const pushUser = z.string().refine((v) => !v.includes(":"), { error: "contains ':'" });

const pushPath = z
  .string()
  .regex(/^\/[^\s?#]*$/, { error: "does not start with / or contains spaces, ? or #" })
  .refine((p) => !/^\/(slack\/events|healthz)\/?$/.test(p), { error: "collides with a route docketbot already serves" });

/** postgres:// or postgresql:// with a host and a database (libpq's URI form); never echoed: it may hold a password. */
function postgresProblem(value: string): string | undefined {
  const url = URL.parse(value);
  if (!url) return "is not a valid postgres:// URL";
  if (!url.hostname) return "has no host after postgres://";
  if (url.pathname.length <= 1) return "names no database (postgres://HOST:PORT/DATABASE)";
  return undefined;
}

const databaseUrl = z.string().transform((value, ctx): DatabaseConfig => {
  if (/^postgres(ql)?:\/\//i.test(value)) {
    const problem = postgresProblem(value);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return { kind: "postgres" as const, url: value };
  }
  const m = /^sqlite:(.*)$/i.exec(value);
  const path = m?.[1] ?? "";
  let problem: string | undefined;
  if (!m) problem = /^[a-z][\w+.-]*:/i.test(value) ? "names a database other than SQLite or PostgreSQL" : "does not start with sqlite: or postgres://";
  else if (path === "") problem = "has no path after sqlite:";
  else if (path.startsWith("//")) problem = "uses sqlite://; write sqlite:/absolute/path.db or sqlite:relative/path.db";
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return { kind: "sqlite" as const, path };
});

const admins = z.string().transform((value, ctx) => {
  const ids = value.split(/[\s,]+/).filter(Boolean);
  const bad = ids.filter((id) => !/^[UW][A-Z0-9]{2,20}$/.test(id));
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).map((b) => JSON.stringify(b.slice(0, 40))).join(", ");
    ctx.addIssue({ code: "custom", message: `has entries that are not Slack user ids (${shown})` });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

const EnvSchema = z.object({
  PORT: wholeNumber(0, 65535).default(3000),
  SLACK_BOT_TOKEN: slackToken("xoxb-", "Bot User OAuth Token").optional(),
  SLACK_SIGNING_SECRET: z
    .string()
    .refine((v) => !/^(xox.|xapp)-/.test(v), { error: "holds a Slack token, not the signing secret" })
    .optional(),
  SLACK_APP_TOKEN: slackToken("xapp-", "app-level token").optional(),
  SLACK_API_URL: baseUrl().default("https://slack.com/api/"),
  DOCKET_API_URL: baseUrl("/api/v1/"),
  DOCKET_SITE_URL: baseUrl().optional(),
  DOCKET_USERNAME: z.string(),
  DOCKET_PASSWORD: z.string(),
  DOCKET_TEST_MODE: z
    .stringbool({ truthy: ["true", "1", "yes"], falsy: ["false", "0", "no"], case: "insensitive", error: "is not a yes/no value" })
    .default(false),
  PROVIDERONE_KEY: z.string().optional(),
  PROVIDERTWO_KEY: z.string().optional(),
  ASK_PROVIDER: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum([...ASK_PROVIDERS, "both"], { error: "is not providerone, providertwo or both" }))
    .optional(),
  PUSH_PATH: pushPath.default("/docket/push"),
  PUSH_USERNAME: pushUser.optional(),
  PUSH_PASSWORD: z.string().optional(),
  PUSH_USERNAME_2: pushUser.optional(),
  PUSH_PASSWORD_2: z.string().optional(),
  PUSH_MAX_BODY_BYTES: wholeNumber(1024, 1024 * MB).default(10 * MB),
  DATABASE_URL: databaseUrl.default({ kind: "sqlite" as const, path: "./data/docketbot.db" }),
  DOCKETBOT_ADMINS: admins.default([]),
  LOG_LEVEL: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(LOG_LEVELS, { error: "is not a log level" }))
    .default("info"),
  PUBLIC_URL: baseUrl().optional(),
  METRICS_TOKEN: z.string().min(16, { error: "is shorter than 16 characters" }).optional(),
  OUTBOX_LANE_LEASE_MS: wholeNumber(1000, 600_000).default(30_000),
  OUTBOX_POLL_MS: wholeNumber(100, 60_000).default(5000),
  DOCKETBOT_TEST_NO_RESUME_LOOKUP: z
    .stringbool({ truthy: ["true", "1", "yes"], falsy: ["false", "0", "no"], case: "insensitive", error: "is not a yes/no value" })
    .default(false),
});
type ParsedEnv = z.output<typeof EnvSchema>;

// ---- loading ---------------------------------------------------------------------------------------

export function loadConfig(env: Env, options: { require: { slack: true } }): StartableConfig;
export function loadConfig(env: Env, options?: LoadConfigOptions): Config;
export function loadConfig(env: Env, options: LoadConfigOptions = {}): Config {
  // Blank values count as unset (docker -e VAR=, .env templates); stray whitespace from a paste is
  // dropped so a copied secret still matches.
  const input: Partial<Record<Variable, string>> = {};
  for (const name of VARIABLES) {
    const value = env[name]?.trim();
    if (value) input[name] = value;
  }

  const problems = new Map<Variable, ConfigProblem>();
  const report = (variable: Variable, detail?: string) => {
    if (problems.has(variable)) return;
    const missing = detail === undefined;
    const shown = !missing && ECHOABLE.has(variable) ? ` (got ${JSON.stringify(input[variable]?.slice(0, 60))})` : "";
    problems.set(variable, {
      variable,
      kind: missing ? "missing" : "invalid",
      message: missing ? `${variable} is missing: ${HINTS[variable]}.` : `${variable} ${detail}${shown}: ${HINTS[variable]}.`,
    });
  };

  const parsed = EnvSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = issue.path[0] as Variable;
      report(variable, input[variable] === undefined ? undefined : issue.message);
    }
  }

  // Rules across variables look only at presence, so they run even when a field failed above.
  if (options.require?.slack) {
    for (const name of ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"] as const) if (!input[name]) report(name);
  }
  const pushOn = Boolean(input.PUSH_USERNAME || input.PUSH_PASSWORD || input.PUSH_USERNAME_2 || input.PUSH_PASSWORD_2);
  if (pushOn) {
    for (const name of ["PUSH_USERNAME", "PUSH_PASSWORD"] as const) if (!input[name]) report(name);
  }
  if (parsed.success && parsed.data.ASK_PROVIDER) {
    const wanted = parsed.data.ASK_PROVIDER === "both" ? ASK_PROVIDERS : [parsed.data.ASK_PROVIDER];
    const missing = wanted.filter((p) => !input[p === "providerone" ? "PROVIDERONE_KEY" : "PROVIDERTWO_KEY"]);
    if (missing.length > 0) report("ASK_PROVIDER", `names ${missing.join(" and ")}, whose key (${missing.map((p) => `${p.toUpperCase()}_KEY`).join(", ")}) is not set`);
  }
  if (Boolean(input.PUSH_USERNAME_2) !== Boolean(input.PUSH_PASSWORD_2)) {
    report(input.PUSH_USERNAME_2 ? "PUSH_PASSWORD_2" : "PUSH_USERNAME_2");
  }

  if (problems.size > 0 || !parsed.success) {
    const ordered = VARIABLES.flatMap((v) => problems.get(v) ?? []);
    throw new ConfigError(ordered);
  }
  return deepFreeze(shape(parsed.data, pushOn));
}

function shape(e: ParsedEnv, pushOn: boolean): Config {
  const credentials: PushCredential[] = [];
  if (pushOn && e.PUSH_USERNAME && e.PUSH_PASSWORD) credentials.push({ username: e.PUSH_USERNAME, password: e.PUSH_PASSWORD });
  if (pushOn && e.PUSH_USERNAME_2 && e.PUSH_PASSWORD_2) credentials.push({ username: e.PUSH_USERNAME_2, password: e.PUSH_PASSWORD_2 });
  const providerKeys: { providerone?: string; providertwo?: string } = {};
  if (e.PROVIDERONE_KEY) providerKeys.providerone = e.PROVIDERONE_KEY;
  if (e.PROVIDERTWO_KEY) providerKeys.providertwo = e.PROVIDERTWO_KEY;
  const keyed = ASK_PROVIDERS.filter((p) => providerKeys[p]);
  const askProviders = e.ASK_PROVIDER === "both" ? keyed : e.ASK_PROVIDER ? keyed.filter((p) => p === e.ASK_PROVIDER) : keyed.slice(0, 1);
  return {
    http: { port: e.PORT, metricsToken: e.METRICS_TOKEN, publicUrl: e.PUBLIC_URL },
    slack: {
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      socketMode: e.SLACK_APP_TOKEN !== undefined,
      apiUrl: e.SLACK_API_URL,
    },
    docket: {
      apiUrl: e.DOCKET_API_URL,
      siteUrl: e.DOCKET_SITE_URL ?? `${new URL(e.DOCKET_API_URL).origin}/`,
      username: e.DOCKET_USERNAME,
      password: e.DOCKET_PASSWORD,
      testMode: e.DOCKET_TEST_MODE,
      providerKeys,
      askProviders,
    },
    qaEnabled: Object.keys(providerKeys).length > 0,
    push: { enabled: pushOn, path: e.PUSH_PATH, credentials, maxBodyBytes: e.PUSH_MAX_BODY_BYTES },
    database: e.DATABASE_URL,
    admins: e.DOCKETBOT_ADMINS,
    logLevel: e.LOG_LEVEL,
    outbox: { laneLeaseMs: e.OUTBOX_LANE_LEASE_MS, pollIntervalMs: e.OUTBOX_POLL_MS, lookupOnResume: !e.DOCKETBOT_TEST_NO_RESUME_LOOKUP },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

// ---- reporting -------------------------------------------------------------------------------------

const mark = (secret: string | undefined) => (secret ? "[set]" : "[unset]");

/** A loggable summary: every secret (tokens, passwords, keys, push users) is "[set]" or "[unset]". */
export function describeConfig(config: Config) {
  const { http, slack, docket, push, database } = config;
  return {
    http: { port: http.port, metricsToken: mark(http.metricsToken), publicUrl: http.publicUrl },
    slack: {
      botToken: mark(slack.botToken),
      signingSecret: mark(slack.signingSecret),
      appToken: mark(slack.appToken),
      socketMode: slack.socketMode,
      apiUrl: slack.apiUrl,
    },
    docket: {
      apiUrl: docket.apiUrl,
      siteUrl: docket.siteUrl,
      username: docket.username,
      password: mark(docket.password),
      testMode: docket.testMode,
      providerKeys: { providerone: mark(docket.providerKeys.providerone), providertwo: mark(docket.providerKeys.providertwo) },
      askProviders: [...docket.askProviders],
    },
    qaEnabled: config.qaEnabled,
    push: {
      enabled: push.enabled,
      path: push.path,
      credentials: push.credentials.map((c) => ({ username: mark(c.username), password: mark(c.password) })),
      maxBodyBytes: push.maxBodyBytes,
    },
    database: describeDatabase(database),
    admins: [...config.admins],
    logLevel: config.logLevel,
    outbox: { ...config.outbox },
  };
}

/** The database without its password: host, port and database name are what an operator checks. */
function describeDatabase(database: DatabaseConfig) {
  if (database.kind === "sqlite") return { kind: database.kind, path: database.path };
  const url = new URL(database.url);
  return {
    kind: database.kind,
    host: url.hostname,
    port: url.port || "5432",
    database: decodeURIComponent(url.pathname.slice(1)),
    user: url.username ? decodeURIComponent(url.username) : "[unset]",
    password: mark(url.password),
  };
}

/** The password in a postgres:// DATABASE_URL, as written and decoded (either may reach a log line). */
function databaseSecrets(database: DatabaseConfig): string[] {
  if (database.kind !== "postgres") return [];
  const raw = new URL(database.url).password;
  return raw ? [raw, decodeURIComponent(raw)] : [];
}

/** Every secret value in the config, for the logger's literal scrubbing (createLogger `secrets`). */
export function configSecrets(config: Config): string[] {
  const { slack, docket, push } = config;
  return [
    config.http.metricsToken, slack.botToken, slack.signingSecret, slack.appToken, docket.password,
    docket.providerKeys.providerone, docket.providerKeys.providertwo,
    ...push.credentials.map((c) => c.password), ...databaseSecrets(config.database),
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
}
