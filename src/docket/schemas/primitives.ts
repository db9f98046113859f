/**
 * Lenient building blocks for the Docket Data Service's wire format.
 *
 * The spec gives field names and types but real responses are looser (observed-facts.md,
 * fixtures/real-dockets/README.md): absent values arrive as `null` or not at all, counts and
 * document numbers can be strings or numbers, flags can be "true"/"1"/1. Each helper here accepts
 * that variety at the edge and hands consumers one shape: `string | undefined` (never null),
 * `number`, `boolean`, and `[]` for absent lists. Anything that is neither the promised type nor a
 * known variant still fails, with the issue's path naming the field.
 */
import { z } from "zod";

/** Absent or null becomes undefined; a present value must match `schema`. */
export function optional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((v): z.output<T> | undefined => v ?? undefined)
    .optional();
}

/** An optional string: absent or null -> undefined. Empty strings are kept (client_matter may be blank). */
export const optionalString = optional(z.string());

/**
 * Text that the service may send as a string or a number (document numbers, exhibit labels):
 * always a string for consumers. Absent or null -> undefined.
 */
export const textish = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === "number" ? String(v) : v));
export const optionalText = optional(textish);

/**
 * Fields whose names the spec leaves "not shown" (e.g. inside `analyze`): a guessed name must never
 * reject a whole docket, so strings and numbers are kept as text and any other shape reads as
 * undefined. The raw value is still in the unparsed body for debugging.
 */
export const guessedText = z
  .unknown()
  .transform((v) =>
    typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined,
  )
  .optional();

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A number that may arrive as a numeric string ("3", "0.25"). Non-numeric strings fail. */
export const numeric = z.union([
  z.number().refine(Number.isFinite, "expected a finite number"),
  z
    .string()
    .regex(NUMERIC, "expected a number or a numeric string")
    .transform((s) => Number(s)),
]);
export const optionalNumber = optional(numeric);

const TRUE_WORDS = new Set(["true", "1", "yes", "y", "t"]);
const FALSE_WORDS = new Set(["false", "0", "no", "n", "f", ""]);

/** A boolean that may arrive as "true"/"false", "1"/"0", "yes"/"no" or 1/0. Other values fail. */
export const flag = z.union([z.boolean(), z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") {
    if (v === 1 || v === 0) return v === 1;
  } else {
    const w = v.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return true;
    if (FALSE_WORDS.has(w)) return false;
  }
  ctx.addIssue({ code: "custom", message: `expected a boolean, received ${JSON.stringify(v)}` });
  return z.NEVER;
});

/** A flag that reads as false when absent or null (e.g. a counsel's lead/prose flags). */
export const flagDefaultFalse = flag.nullish().transform((v) => v ?? false);

/** A list that may be absent or null: both read as `[]`. Elements are validated; errors name their index. */
export function list<T extends z.ZodType>(element: T) {
  return z
    .array(element)
    .nullish()
    .transform((v): z.output<T>[] => v ?? []);
}

/** A list of strings (judges, patents); absent or null -> []. */
export const stringList = list(z.string());
