/**
 * `search/` (the service's own index) and `searchpacer/` (live federal search, plus its options
 * discovery). Spec: Endpoints, GET search/ and GET searchpacer/; Resources, Search PACER result.
 */
import { z } from "zod";
import { list, optional, optionalNumber, optionalString, textish } from "./primitives.ts";

/**
 * An item of `search/`. The spec: "Fields of a `search/` result item: not shown". observed-facts.md
 * (Responses) shows `court`, `docket`, `title`, `link`, `date_filed`, sometimes `result_type` and
 * `date_cached`. The three the bot shows and links by (court, docket, title) are required; the
 * rest are optional.
 */
export const SearchResult = z.looseObject({
  court: z.string(),
  docket: textish,
  title: z.string(),
  link: optionalString,
  date_filed: optionalString,
  result_type: optionalString,
  date_cached: optionalString,
});
export type SearchResult = z.infer<typeof SearchResult>;

/**
 * The `search/` response. The spec says only that it "includes the results and a total count"; the
 * key names are not shown. So the results are read from `results` or `search_results` (the name
 * searchpacer/ uses) and the total from `total`, `total_count` or `count`, in that order of
 * preference (`count` last: it may mean the size of this page). Consumers always see `results`
 * and `total`; `total` is undefined when no count key came, and callers fall back to
 * `results.length`. Validation errors name the key the service actually sent
 * (`search_results.2.title`), because the renaming runs after validation.
 */
export const SearchResponse = z
  .looseObject({
    success: z.literal(true),
    results: optional(z.array(SearchResult)),
    search_results: optional(z.array(SearchResult)),
    total: optionalNumber,
    total_count: optionalNumber,
    count: optionalNumber,
  })
  .transform(
    ({ results, search_results, total, total_count, count, ...rest }): {
      [key: string]: unknown;
      success: true;
      results: SearchResult[];
      total: number | undefined;
    } => ({
      ...rest,
      success: true,
      results: results ?? search_results ?? [],
      total: total ?? total_count ?? count,
    }),
  );
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * An element of `searchpacer/`'s `search_results` (spec: Resources, Search PACER result). Title,
 * court and docket are required (the bot shows and tracks by them); the rest are optional by the
 * spec's own table or in practice (`nature_of_suit`: "bankruptcy cases have none").
 */
export const PacerResult = z.looseObject({
  title: z.string(),
  court: z.string(),
  docket: textish,
  date_filed: optionalString,
  link: optionalString,
  nature_of_suit: optionalString,
  date_terminated: optionalString,
  party_name: optionalString,
  party_role: optionalString,
});
export type PacerResult = z.infer<typeof PacerResult>;

/**
 * The `searchpacer/` response. `page_max` is "the number of pages ... when more than 50 cases
 * match", so it may be absent (one page); it may arrive as a numeric string.
 */
export const SearchPacerResponse = z.looseObject({
  success: z.literal(true),
  page_max: optionalNumber,
  search_results: list(PacerResult),
});
export type SearchPacerResponse = z.infer<typeof SearchPacerResponse>;

/**
 * One entry of an options list. The spec names the lists but not the shape of their elements, so
 * an element may be a string, a number (read as a string) or an object (e.g. a code with a label),
 * kept as sent.
 */
export const PacerOption = z.union([textish, z.looseObject({})]);
export type PacerOption = z.infer<typeof PacerOption>;

/**
 * Options discovery: `searchpacer/` called with only login_token and client_matter returns the
 * reference lists (spec: GET searchpacer/, "Options discovery"). Absent lists read as `[]`.
 */
export const PacerOptionsResponse = z.looseObject({
  success: z.literal(true),
  courts: list(PacerOption),
  court_regions: list(PacerOption),
  nature_of_suits: list(PacerOption),
  case_types: list(PacerOption),
});
export type PacerOptionsResponse = z.infer<typeof PacerOptionsResponse>;
