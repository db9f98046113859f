/**
 * Push notification payloads (spec: Events). The service POSTs one JSON body per event to our
 * callback; `push_type` says which of three shapes it is, and `client_matter` decides which
 * channels may see it (a client's matter must never reach another client's channel), so both are
 * strict: `push_type` one of the three, `client_matter` a string (blank is allowed, null is not).
 *
 * A rejected push is a missed alert, so everything else is as lenient as getdocket's parsing.
 * Store the raw body before parsing so a rejected push can be replayed after a fix.
 */
import { z } from "zod";
import { DocketEntry, DocketInfo, Party } from "./docket.ts";
import { list, optional, optionalString } from "./primitives.ts";
import { PacerResult, SearchResult } from "./search.ts";

export const PUSH_TYPES = ["docket", "search_results", "new_case"] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/**
 * A tracked case has new entries. `docket_report` holds the new entries only. `court` and `docket`
 * are required (they identify the case); `info` is optional and, unlike getdocket's, may lack a
 * title: the alert can still name the case by court and docket.
 */
export const DocketPush = z.looseObject({
  push_type: z.literal("docket"),
  client_matter: z.string(),
  court: z.string(),
  docket: z.string(),
  info: optional(DocketInfo.extend({ title: optionalString })),
  docket_report: list(DocketEntry),
  parties: list(Party),
});
export type DocketPush = z.infer<typeof DocketPush>;

/**
 * A saved search has new results. Element shape: "not shown" in the spec; read as search/ items
 * (court, docket and title required: the alert shows and links them).
 */
export const SearchResultsPush = z.looseObject({
  push_type: z.literal("search_results"),
  client_matter: z.string(),
  q: optionalString,
  link: optionalString,
  title: optionalString,
  search_results: list(SearchResult),
});
export type SearchResultsPush = z.infer<typeof SearchResultsPush>;

/**
 * A tracked nature-of-suit search found new federal cases. Results are read as searchpacer/ items.
 * `nature_of_suit` may be one code or a list (searchpacer/ takes `nature_of_suit` as string[]):
 * consumers always get a list.
 */
export const NewCasePush = z.looseObject({
  push_type: z.literal("new_case"),
  client_matter: z.string(),
  party_name: optionalString,
  nature_of_suit: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((v) => (v == null ? [] : typeof v === "string" ? [v] : v)),
  search_results: list(PacerResult),
});
export type NewCasePush = z.infer<typeof NewCasePush>;

/** Any push: discriminated on `push_type`; an unknown type fails at path `push_type`. */
export const PushPayload = z.discriminatedUnion("push_type", [DocketPush, SearchResultsPush, NewCasePush]);
export type PushPayload = z.infer<typeof PushPayload>;
