/**
 * Every setting docketbot has, parsed once from an env record (DEVELOPERS.md, Architecture). Each
 * variable lives in the file of the concern it configures (http, slack, docket, push, store,
 * operators, outbox), with its hint, its schema and whether it may be quoted back; this file
 * puts the concerns together. `loadConfig` is a pure function of its `env` argument: no file
 * reads, no environment of its own, so the sandbox and tests build configs from plain objects. Variable
 * names are a product interface.
 */
import { z } from "zod";
import { checkDocket, DOCKET_SETTINGS, describeDocket, docketConfig, docketSecrets, type DocketConfig } from "./docket.ts";
import { ConfigError, type ConfigProblem } from "./errors.ts";
import { describeHttp, HTTP_SETTINGS, httpConfig, type HttpConfig } from "./http.ts";
import { OPERATOR_SETTINGS, type LogLevel } from "./operators.ts";
import { OUTBOX_SETTINGS, outboxConfig, type OutboxConfig } from "./outbox.ts";
import { checkPush, describePush, PUSH_SETTINGS, pushConfig, pushOn, pushSecrets, type PushConfig } from "./push.ts";
import type { Env, ParsedOf } from "./setting.ts";
import { checkSlack, describeSlack, SLACK_SETTINGS, slackConfig, slackSecrets, type SlackConfig } from "./slack.ts";
import { databaseSecrets, describeDatabase, STORE_SETTINGS, type DatabaseConfig } from "./store.ts";

export { ConfigError, type ConfigProblem } from "./errors.ts";
export type { Env } from "./setting.ts";
export { ASK_PROVIDERS, type AskProvider } from "./docket.ts";
export { LOG_LEVELS, type LogLevel } from "./operators.ts";
export type { PushCredential } from "./push.ts";
export type { DatabaseConfig } from "./store.ts";

export interface Config {
  readonly http: HttpConfig;
  readonly slack: SlackConfig;
  readonly docket: DocketConfig;
  /** ask_docket needs at least one provider key (spec, ask_docket). */
  readonly qaEnabled: boolean;
  readonly push: PushConfig;
  /** DATABASE_URL (config/store.ts): SQLite or PostgreSQL behind the same Store interface. */
  readonly database: DatabaseConfig;
  /** Slack user ids allowed to link channels to matters. */
  readonly admins: readonly string[];
  readonly logLevel: LogLevel;
  readonly outbox: OutboxConfig;
}

/** A config whose Slack credentials were required, hence present. */
export type StartableConfig = Config & {
  readonly slack: { readonly botToken: string; readonly signingSecret: string };
};

export interface LoadConfigOptions {
  /** `slack: true` makes SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET required (`npm start`). */
  readonly require?: { readonly slack?: boolean };
}

/** Every variable; table order is report order. */
const SETTINGS = {
  ...HTTP_SETTINGS, ...SLACK_SETTINGS, ...DOCKET_SETTINGS, ...PUSH_SETTINGS, ...STORE_SETTINGS, ...OPERATOR_SETTINGS, ...OUTBOX_SETTINGS,
};
type Variable = keyof typeof SETTINGS;
type ParsedEnv = ParsedOf<typeof SETTINGS>;
const VARIABLES = Object.keys(SETTINGS) as Variable[];
const EnvSchema = z.object(Object.fromEntries(VARIABLES.map((v) => [v, SETTINGS[v].schema]))) as unknown as z.ZodType<ParsedEnv>;

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
    const setting: { hint: string; echo?: boolean } = SETTINGS[variable];
    const shown = !missing && setting.echo ? ` (got ${JSON.stringify(input[variable]?.slice(0, 60))})` : "";
    problems.set(variable, {
      variable,
      kind: missing ? "missing" : "invalid",
      message: missing ? `${variable} is missing: ${setting.hint}.` : `${variable} ${detail}${shown}: ${setting.hint}.`,
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
  const check = { input, parsed: parsed.success ? parsed.data : undefined, report };
  checkSlack(check, Boolean(options.require?.slack));
  checkPush(check);
  checkDocket(check);

  if (problems.size > 0 || !parsed.success) {
    const ordered = VARIABLES.flatMap((v) => problems.get(v) ?? []);
    throw new ConfigError(ordered);
  }
  return deepFreeze(shape(parsed.data, pushOn(input)));
}

function shape(e: ParsedEnv, pushEnabled: boolean): Config {
  const docket = docketConfig(e);
  return {
    http: httpConfig(e),
    slack: slackConfig(e),
    docket,
    qaEnabled: Object.keys(docket.providerKeys).length > 0,
    push: pushConfig(e, pushEnabled),
    database: e.DATABASE_URL,
    admins: e.DOCKETBOT_ADMINS,
    logLevel: e.LOG_LEVEL,
    outbox: outboxConfig(e),
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A loggable summary: every secret (tokens, passwords, keys, push users) is "[set]" or "[unset]". */
export function describeConfig(config: Config) {
  return {
    http: describeHttp(config.http),
    slack: describeSlack(config.slack),
    docket: describeDocket(config.docket),
    qaEnabled: config.qaEnabled,
    push: describePush(config.push),
    database: describeDatabase(config.database),
    admins: [...config.admins],
    logLevel: config.logLevel,
    outbox: { ...config.outbox },
  };
}

/** Every secret value in the config, for the logger's literal scrubbing (createLogger `secrets`). */
export function configSecrets(config: Config): string[] {
  return [
    config.http.metricsToken, ...slackSecrets(config.slack), ...docketSecrets(config.docket),
    ...pushSecrets(config.push), ...databaseSecrets(config.database),
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
}
