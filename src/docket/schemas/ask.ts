/**
 * `VIDA/ask_docket/` (spec: Endpoints, GET VIDA/ask_docket/). The answer text is untrusted model
 * output: render it through the one escaping function (DEVELOPERS.md, Style).
 */
import { z } from "zod";
import { optional, optionalNumber, optionalString } from "./primitives.ts";

/**
 * Keys that may hold the data an answer was based on (`show_relevant=true`). The spec says only
 * "plus supporting source data when show_relevant is true" and does not name the key, so these are
 * tried in this order, and the first that holds an array wins.
 */
export const RELEVANT_KEYS = [
  "relevant",
  "relevant_entries",
  "relevant_docket_entries",
  "docket_entries",
  "relevant_documents",
  "documents",
  "sources",
  "entries",
] as const;

/**
 * One supporting item: a string, or an object kept as sent (docket-entry-like or document-like; its
 * fields are not shown). Other shapes (numbers, nulls, nested arrays) are dropped from `relevant`.
 */
export type RelevantItem = string | Record<string, unknown>;

function isRelevantItem(v: unknown): v is RelevantItem {
  return typeof v === "string" || (typeof v === "object" && v !== null && !Array.isArray(v));
}

/**
 * Finds the supporting data: the first RELEVANT_KEYS entry holding an array; failing that, the
 * first other key (not an `*_answer`) holding an array of objects. Returns [] when there is none.
 */
export function findRelevant(answers: Record<string, unknown>): RelevantItem[] {
  for (const key of RELEVANT_KEYS) {
    const v = answers[key];
    if (Array.isArray(v)) return v.filter(isRelevantItem);
  }
  for (const [key, v] of Object.entries(answers)) {
    if (key.endsWith("_answer") || !Array.isArray(v) || v.length === 0) continue;
    if (v.every((x) => typeof x === "object" && x !== null && !Array.isArray(x))) return v.filter(isRelevantItem);
  }
  return [];
}

/**
 * `from_dockets` / `from_documents`: one answer per provider asked (observed-facts.md: answers
 * arrive as `from_dockets.<provider>_answer`). Every key passes through unchanged; `relevant` is
 * added (or replaced by its normalised form) from findRelevant.
 */
export const ProviderAnswers = z
  .looseObject({
    providerone_answer: optionalString,
    providertwo_answer: optionalString,
  })
  .transform((answers): typeof answers & { relevant: RelevantItem[] } => ({
    ...answers,
    relevant: findRelevant(answers),
  }));
export type ProviderAnswers = z.infer<typeof ProviderAnswers>;

/**
 * The response. `price` (the AI call's cost) may arrive as a numeric string. Neither answer
 * object is required: which appear depends on `target` (docket, documents or both).
 */
export const AskDocketResponse = z.looseObject({
  success: z.literal(true),
  question: optionalString,
  price: optionalNumber,
  date_cached: optionalString,
  from_dockets: optional(ProviderAnswers),
  from_documents: optional(ProviderAnswers),
});
export type AskDocketResponse = z.infer<typeof AskDocketResponse>;
