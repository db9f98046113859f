/** What a court is to docketbot: its codes, names and kind (observed-facts.md, Court names). */

export const COURT_KINDS = [
  "district",
  "bankruptcy",
  "appellate",
  "bap",
  "supreme",
  "special",
  "agency",
] as const;

export type CourtKind = (typeof COURT_KINDS)[number];

export interface Court {
  /** PACER-style id: `nysd`, `nysb`, `ca2`, `cafc`, `bap9`, `scotus`; ours for agencies (`ptab`). */
  readonly code: string;
  /** The service's long name: `New York Southern District Court`. */
  readonly name: string;
  /** Bluebook short form, also our display label: `S.D.N.Y.`, `Bankr. D. Del.`, `2d Cir.`. */
  readonly citation: string;
  readonly kind: CourtKind;
  /** The site's URL segment when it is not derived from the name (`PTAB`). */
  readonly urlName?: string;
  /** Other forms users type; matched like citations, ignoring case, spaces and punctuation. */
  readonly aliases?: readonly string[];
}
