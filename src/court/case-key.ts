/**
 * The identity of a case, for "is this the same case?" (deduplicating the cases a message names,
 * caching titles and unfurls, matching a tracker to its case). Every such key is made here, so
 * two spellings of one case never count as two somewhere and one elsewhere.
 *
 * The court is resolved through the table when it can be (`nysd`, `S.D.N.Y.` and the long name
 * are one court) and otherwise compared by courtKey (case, spacing and punctuation ignored);
 * the docket takes PACER's canonical form (refs.ts normalizeDocket) and is case-folded, since
 * state dockets (`08-16-00334-CV`) are left as written by normalizeDocket.
 *
 * In memory only: nothing keyed by this is persisted, so its format may change.
 */
import { courtKey, resolveCourt } from "./courts.ts";
import { normalizeDocket } from "./refs.ts";

export function caseKey(ref: { court: string; docket: string }): string {
  const court = resolveCourt(ref.court)?.name ?? ref.court;
  return `${courtKey(court)}\u0000${normalizeDocket(ref.docket).toLowerCase()}`;
}
