/** The HTTP server: its port, its public base URL (calendar feeds) and the /metrics token. */
import { z } from "zod";
import { baseUrl, mark, wholeNumber, type ParsedOf, type Settings } from "./setting.ts";

export const HTTP_SETTINGS = {
  PORT: { hint: "the HTTP port for Slack requests, pushes and /healthz; a whole number 0-65535 (default 3000)", schema: wholeNumber(0, 65535).default(3000), echo: true },
  PUBLIC_URL: { hint: "optional: docketbot's public https base URL as calendar apps reach it (e.g. https://docketbot.example.com/); needed for the per-matter calendar feeds of /docket calendar", schema: baseUrl().optional() },
  METRICS_TOKEN: { hint: "optional: a secret of at least 16 characters; when set, GET /metrics wants the header Authorization: Bearer <it> (Prometheus: authorization.credentials)", schema: z.string().min(16, { error: "is shorter than 16 characters" }).optional() },
} as const satisfies Settings;

export interface HttpConfig {
  readonly port: number;
  /** Set => GET /metrics wants `Authorization: Bearer <token>`; unset => open (a private network's scraper). */
  readonly metricsToken: string | undefined;
  /**
   * docketbot's own public base URL (PUBLIC_URL), ending in "/": where calendar apps fetch a
   * matter's feed (GET /calendar/<token>.ics). Unset: no feed URLs can be handed out.
   */
  readonly publicUrl: string | undefined;
}

export function httpConfig(e: ParsedOf<typeof HTTP_SETTINGS>): HttpConfig {
  return { port: e.PORT, metricsToken: e.METRICS_TOKEN, publicUrl: e.PUBLIC_URL };
}

export function describeHttp(http: HttpConfig) {
  return { port: http.port, metricsToken: mark(http.metricsToken), publicUrl: http.publicUrl };
}
