/**
 * The emulated service's endpoint names, used as keys for rate limits, faults and the ledger.
 * `getdocument` is the site's document download (spec: "GET {site_url}cases/.../docs/{n}.pdf").
 */
export const ENDPOINTS = [
  "login",
  "search",
  "searchpacer",
  "getdocket",
  "getdocument",
  "ask_docket",
  "track",
] as const;

export type Endpoint = (typeof ENDPOINTS)[number];
