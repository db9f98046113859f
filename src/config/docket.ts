/** The Docket Data Service: where it is, the account, test mode, and the providers that answer questions. */
import { z } from "zod";
import { baseUrl, mark, yesNo, type CheckContext, type ParsedOf, type Settings } from "./setting.ts";

export const ASK_PROVIDERS = ["providerone", "providertwo"] as const;
export type AskProvider = (typeof ASK_PROVIDERS)[number];

export const DOCKET_SETTINGS = {
  DOCKET_API_URL: {
    hint: "the Docket Data Service's version-1 root, an http(s) URL ending in /api/v1/ (e.g. https://dockets.example.com/api/v1/), from the service's API documentation",
    schema: baseUrl("/api/v1/"),
  },
  DOCKET_SITE_URL: { hint: "the service's site root for documents and case pages, an http(s) URL; leave unset to use DOCKET_API_URL's origin", schema: baseUrl().optional() },
  DOCKET_USERNAME: { hint: "the service account docketbot logs in with (login/); ask your Docket Data Service account administrator", schema: z.string() },
  DOCKET_PASSWORD: { hint: "the password of the service account in DOCKET_USERNAME; ask your Docket Data Service account administrator", schema: z.string() },
  DOCKET_TEST_MODE: { hint: "one of true/false/1/0/yes/no; true sends `test` on every call (sample data, no charges)", schema: yesNo().default(false), echo: true },
  PROVIDERONE_KEY: { hint: "optional: your own providerone API key, used by ask_docket for case Q&A", schema: z.string().optional() },
  PROVIDERTWO_KEY: { hint: "optional: your own providertwo API key, used by ask_docket for case Q&A", schema: z.string().optional() },
  ASK_PROVIDER: {
    hint: "which provider answers questions: providerone, providertwo, or both (two answers, two prices); its key must be set (default: providerone when PROVIDERONE_KEY is set, else providertwo)",
    schema: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum([...ASK_PROVIDERS, "both"], { error: "is not providerone, providertwo or both" }))
      .optional(),
    echo: true,
  },
} as const satisfies Settings;

export interface DocketConfig {
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
}

/** ASK_PROVIDER names only providers whose key is set. */
export function checkDocket(c: CheckContext<typeof DOCKET_SETTINGS>): void {
  if (!c.parsed?.ASK_PROVIDER) return;
  const wanted = c.parsed.ASK_PROVIDER === "both" ? ASK_PROVIDERS : [c.parsed.ASK_PROVIDER];
  const missing = wanted.filter((p) => !c.input[p === "providerone" ? "PROVIDERONE_KEY" : "PROVIDERTWO_KEY"]);
  if (missing.length > 0) c.report("ASK_PROVIDER", `names ${missing.join(" and ")}, whose key (${missing.map((p) => `${p.toUpperCase()}_KEY`).join(", ")}) is not set`);
}

export function docketConfig(e: ParsedOf<typeof DOCKET_SETTINGS>): DocketConfig {
  const providerKeys: { providerone?: string; providertwo?: string } = {};
  if (e.PROVIDERONE_KEY) providerKeys.providerone = e.PROVIDERONE_KEY;
  if (e.PROVIDERTWO_KEY) providerKeys.providertwo = e.PROVIDERTWO_KEY;
  const keyed = ASK_PROVIDERS.filter((p) => providerKeys[p]);
  const askProviders = e.ASK_PROVIDER === "both" ? keyed : e.ASK_PROVIDER ? keyed.filter((p) => p === e.ASK_PROVIDER) : keyed.slice(0, 1);
  return {
    apiUrl: e.DOCKET_API_URL,
    siteUrl: e.DOCKET_SITE_URL ?? `${new URL(e.DOCKET_API_URL).origin}/`,
    username: e.DOCKET_USERNAME,
    password: e.DOCKET_PASSWORD,
    testMode: e.DOCKET_TEST_MODE,
    providerKeys,
    askProviders,
  };
}

export function describeDocket(docket: DocketConfig) {
  return {
    apiUrl: docket.apiUrl,
    siteUrl: docket.siteUrl,
    username: docket.username,
    password: mark(docket.password),
    testMode: docket.testMode,
    providerKeys: { providerone: mark(docket.providerKeys.providerone), providertwo: mark(docket.providerKeys.providertwo) },
    askProviders: [...docket.askProviders],
  };
}

export function docketSecrets(docket: DocketConfig): (string | undefined)[] {
  return [docket.password, docket.providerKeys.providerone, docket.providerKeys.providertwo];
}
