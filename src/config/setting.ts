/**
 * What every concern's settings are made of (config/index.ts loads them): one entry per
 * environment variable, in the file of the concern it configures, holding what it is for and where
 * its value comes from (the sentence every problem with it ends with), how it parses, and whether
 * an error message may quote its value back (never secrets, never URLs: they may carry credentials).
 */
import { z } from "zod";

export type Env = Readonly<Record<string, string | undefined>>;

export interface Setting {
  readonly hint: string;
  /** Sees a trimmed, non-empty string or undefined (blank values count as unset). */
  readonly schema: z.ZodType;
  readonly echo?: boolean;
}

export type Settings = Readonly<Record<string, Setting>>;

/** The parsed values of a table of settings. */
export type ParsedOf<T extends Settings> = { [K in keyof T]: z.output<T[K]["schema"]> };

/** What a concern's rule across its variables sees (they look only at presence, so they run even when a field failed). */
export interface CheckContext<T extends Settings> {
  readonly input: Partial<Record<keyof T & string, string>>;
  /** Undefined when some field failed to parse. */
  readonly parsed: ParsedOf<T> | undefined;
  /** A variable is missing (no detail) or invalid (what is wrong with it). */
  report(variable: keyof T & string, detail?: string): void;
}

// ---- field schemas shared by several concerns -------------------------------------------------------

export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { error: "is not a whole number" })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `is out of range ${min}-${max}` });

export const yesNo = () =>
  z.stringbool({ truthy: ["true", "1", "yes"], falsy: ["false", "0", "no"], case: "insensitive", error: "is not a yes/no value" });

/** An http(s) base URL without credentials, query or fragment, normalised to end in "/". */
export const baseUrl = (mustEndWith?: string) =>
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

/** How a secret shows in a loggable summary. */
export const mark = (secret: string | undefined) => (secret ? "[set]" : "[unset]");
