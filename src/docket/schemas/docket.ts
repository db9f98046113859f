/**
 * `getdocket/` (spec: Endpoints, GET getdocket/; Resources: Case info, Docket entry, Party,
 * Related cases and claims). Also used inside `docket` push payloads (./push.ts).
 *
 * Leniency follows what real dockets show (fixtures/real-dockets, observed-facts.md):
 * - every optional field may be null or absent; consumers see `undefined`;
 * - every list (docket_report, parties, related, claims, counsel, exhibits, judges, patents) may be
 *   null or absent; consumers see `[]`;
 * - unknown keys pass through (`_extra`, `_pacer_doc_id`, `entry_date`, `division`, top-level
 *   `analyze`, ...): minor versions may add fields (spec: Versioning 2);
 * - dates stay the strings the service sent (unpadded `M/D/YYYY` in practice; parse with ../dates.ts).
 * What the client relies on stays strict: `success` is the literal `true` here (a `false` body is
 * an ErrorBody), `info.title` is a string, and each entry is an object with string `contents`.
 */
import { z } from "zod";
import {
  flagDefaultFalse,
  guessedText,
  list,
  optional,
  optionalString,
  optionalText,
  stringList,
  textish,
} from "./primitives.ts";

/**
 * Case info. `title` is required: every real fixture has one (one, mieb_2, carries the placeholder
 * "Unknown Case Title", so a title is present but not always meaningful). `court`/`docket` appear
 * in response samples; in the fixtures `court` is a short PACER id (`nysd`), in the live service a
 * long name: never assume one form. Bankruptcy adds chapter/date_341_meeting/date_discharged; live
 * responses may add link/division/judge.
 */
export const DocketInfo = z.looseObject({
  title: z.string(),
  court: optionalString,
  docket: optionalText,
  date_filed: optionalString,
  judges: stringList,
  judges_normalized: optional(z.array(z.string())),
  nature_of_suit: optionalString,
  type: optionalString,
  status: optionalString,
  cause: optionalString,
  date_terminated: optionalString,
  patents: stringList,
  date_cached: optionalString,
  datetime_cached: optionalString,
  // Bankruptcy (spec: "Bankruptcy cases add fields such as ..."); a chapter may come as 7 or "7".
  chapter: optionalText,
  date_341_meeting: optionalString,
  date_discharged: optionalString,
  // Observed in live samples (fixtures README), not in the spec table.
  link: optionalString,
  division: optionalString,
  judge: optionalString,
});
export type DocketInfo = z.infer<typeof DocketInfo>;

/**
 * An exhibit of an entry. Spec: "each with its own document links"; inner fields not shown. The
 * fixtures carry `exhibit` (a label, number or string or null) and `description`.
 */
export const Exhibit = z.looseObject({
  exhibit: optionalText,
  description: optionalString,
  link: optionalString,
  link_viewer: optionalString,
});
export type Exhibit = z.infer<typeof Exhibit>;

/**
 * Motion/order analysis. The spec describes its content (document type, outcome, timing) but not
 * its keys, so these names are guesses: a guess must never reject a docket (primitives.guessedText).
 * Every fixture sends `analyze: {}`: an object with nothing in it reads as `undefined`, so
 * `if (entry.analyze)` means "there is an analysis".
 */
export const EntryAnalysis = z.looseObject({
  type: guessedText,
  outcome: guessedText,
  timing: guessedText,
});
export type EntryAnalysis = z.infer<typeof EntryAnalysis>;

const analysisOrNothing = EntryAnalysis.nullish()
  .transform((a) => (a && Object.values(a).some((v) => v !== undefined) ? a : undefined))
  .optional();

/**
 * A document number. Spec: string; real data may send a number. A blank number means "no number"
 * (the spec: "when the entry has one"), so "" reads as undefined.
 */
const entryNumber = optional(textish.transform((n) => (n.trim() === "" ? undefined : n)));

/**
 * One docket entry. `contents` is required (it is the entry) but may be "" (fixture azd_318008 has
 * 16 placeholder entries with no date and no text). `date` may be null (those same entries).
 */
export const DocketEntry = z.looseObject({
  date: optionalString,
  entry_date: optionalString,
  number: entryNumber,
  contents: z.string(),
  link: optionalString,
  link_viewer: optionalString,
  exhibits: list(Exhibit),
  analyze: analysisOrNothing,
});
export type DocketEntry = z.infer<typeof DocketEntry>;

/**
 * An attorney. Spec: "a lead-counsel flag and a prose (self-represented) flag". Every fixture names
 * them `lead` and `prose` (887 of 887 counsel, always booleans), so only those names are read; no
 * aliases are guessed. Values may be "true"/"1"/1; absent reads as false.
 */
export const Counsel = z.looseObject({
  name: z.string(),
  name_normalized: optionalString,
  firm: optionalString,
  firm_normalized: optionalString,
  email: optionalString,
  phone: optionalText,
  lead: flagDefaultFalse,
  prose: flagDefaultFalse,
});
export type Counsel = z.infer<typeof Counsel>;

/** A party. `type` is the role (Plaintiff, Defendant, Debtor, ...); `counsel` may be absent. */
export const Party = z.looseObject({
  name: z.string(),
  name_normalized: optionalString,
  type: optionalString,
  counsel: list(Counsel),
});
export type Party = z.infer<typeof Party>;

/**
 * A related case. Spec: "each has court, docket, title, link"; field types not shown. Real ones may
 * lack all four: the Texas fixture has only `relation`, `court_id`, `date`, `origin_docket`.
 */
export const RelatedCase = z.looseObject({
  court: optionalString,
  docket: optionalText,
  title: optionalString,
  link: optionalString,
});
export type RelatedCase = z.infer<typeof RelatedCase>;

/**
 * A claim. Spec names type, description, code, disposition, date, with types "not shown"; the one
 * real claims register (txnb) uses a different vocabulary (claim_number, amount_claimed, history,
 * ...), which passes through. Hence guessed-text fields: no claim shape can reject a docket.
 */
export const Claim = z.looseObject({
  type: guessedText,
  description: guessedText,
  code: guessedText,
  disposition: guessedText,
  date: guessedText,
});
export type Claim = z.infer<typeof Claim>;

/** The `getdocket/` response with `success: true`. Entries keep the service's order. */
export const DocketResponse = z.looseObject({
  success: z.literal(true),
  info: DocketInfo,
  docket_report: list(DocketEntry),
  parties: list(Party),
  related: list(RelatedCase),
  claims: list(Claim),
});
export type DocketResponse = z.infer<typeof DocketResponse>;
