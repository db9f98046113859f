import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { createRedactor } from "./redact.ts";

/**
 * pino JSON logs that never carry a secret (DEVELOPERS.md, Style). Three layers, each catching what
 * the one before cannot:
 *  1. `hooks.logMethod` formats the message (pino's %s/%d/%i/%f/%j/%o/%O/%% rules) and scrubs the
 *     result, so a secret split between template and argument is still caught;
 *  2. `formatters.log` / `formatters.bindings` and the `err` serializer deep-redact every logged
 *     object, the root bindings and errors (message, stack, code, cause chain);
 *  3. `hooks.streamWrite` scrubs the finished JSON line: the only place child-logger bindings pass
 *     through (pino serialises them once, without `formatters.bindings`).
 * pino's own `redact` paths are not used: layer 2 masks every key they could name (isSecretKey), and
 * on the push path they cost a tenth of the CPU per push (npm run bench, push intake).
 */

export type Logger = pino.Logger;
export type LoggerLevel = pino.LevelWithSilent;

export interface LoggerOptions {
  readonly level: LoggerLevel;
  /** Where JSON lines go; stdout when omitted. Tests pass a capturing stream. */
  readonly destination?: pino.DestinationStream;
  /** Bindings on every line (e.g. { service: "docketbot" }); pino's pid/hostname when omitted. */
  readonly base?: Record<string, unknown>;
  /** Known secret values (config/index.ts configSecrets) scrubbed verbatim wherever they appear. */
  readonly secrets?: readonly (string | undefined)[];
}

export function createLogger(options: LoggerOptions): Logger {
  const { redactString, redactValue, redactJsonLine } = createRedactor({ secrets: options.secrets });
  const asObject = (v: unknown): Record<string, unknown> => {
    const out = redactValue(v);
    return out !== null && typeof out === "object" && !Array.isArray(out) ? (out as Record<string, unknown>) : { value: out };
  };

  const settings: pino.LoggerOptions = {
    level: options.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: (e: unknown) => redactValue(e) },
    formatters: { log: asObject, bindings: asObject },
    hooks: {
      logMethod(args, method) {
        method.apply(this, scrubArguments(args as unknown[], redactString, redactValue) as Parameters<pino.LogFn>);
      },
      streamWrite: redactJsonLine,
    },
  };
  if (options.base !== undefined) settings.base = options.base;
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/**
 * Rewrites a log call's arguments to `[obj?, message]` with the message already formatted and
 * scrubbed. When no message is given pino falls back to `err.message` unscrubbed, so that
 * fallback is made here, scrubbed.
 */
function scrubArguments(args: unknown[], rs: (s: string) => string, rv: (v: unknown) => unknown): unknown[] {
  const [first, ...rest] = args;
  if (typeof first === "string") return [rs(formatMessage(first, rest, rv))];
  if (first === null || typeof first !== "object") return args;
  const [msg, ...params] = rest;
  if (typeof msg === "string") return [first, rs(formatMessage(msg, params, rv))];
  if (msg !== undefined) return args;
  const err = first instanceof Error ? first : (first as { err?: unknown }).err;
  const hasOwnMsg = !(first instanceof Error) && (first as { msg?: unknown }).msg !== undefined;
  if (err instanceof Error && !hasOwnMsg) return [first, rs(String(err.message))];
  return [first];
}

/** pino's message formatting (quick-format-unescaped): extra arguments are dropped, not appended. */
function formatMessage(template: string, params: unknown[], rv: (v: unknown) => unknown): string {
  if (params.length === 0) return template;
  let i = 0;
  return template.replace(/%[sdifjoO%]/g, (token) => {
    if (token === "%%") return "%";
    if (i >= params.length) return token;
    const arg = params[i++];
    switch (token) {
      case "%s":
        return String(arg);
      case "%d":
      case "%f":
        return arg == null ? token : String(Number(arg));
      case "%i":
        return arg == null ? token : String(Math.floor(Number(arg)));
      default:
        if (arg === undefined) return token;
        if (typeof arg === "string") return `'${arg}'`;
        if (typeof arg === "function") return arg.name || "<anonymous>";
        return stringify(rv(arg));
    }
  });
}

function stringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Random bytes for correlation ids, fetched 4 KiB at a time: one id per HTTP request adds up. */
let pool = Buffer.alloc(0);
let poolAt = 0;

/** A short random id (8 hex chars) that ties a user-facing "ref" to the log lines behind it. */
export function newCorrelationId(): string {
  if (poolAt + 4 > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += 4;
  return pool.toString("hex", poolAt - 4, poolAt);
}

export type CorrelatedLogger = Logger & { readonly ref: string };

/**
 * A child logger whose lines carry `ref`; the same ref is on the returned logger so a handler can
 * show it to the user ("Something went wrong (ref 1a2b3c4d)"). A `ref` in `bindings` is kept.
 */
export function childLogger(logger: Logger, bindings: Record<string, unknown> = {}): CorrelatedLogger {
  const ref = typeof bindings.ref === "string" && bindings.ref !== "" ? bindings.ref : newCorrelationId();
  const child = logger.child({ ...bindings, ref });
  Object.defineProperty(child, "ref", { value: ref, enumerable: false });
  return child as CorrelatedLogger;
}
