/**
 * The state a district or bankruptcy court sits in, for FRCP 6(a)(6)(C): "any other day declared
 * a holiday by the State where the district court is located" (and Fed. R. Bankr. P.
 * 9006(a)(6)(C), "the state where the bankruptcy case is pending"). Courts of appeals have no
 * such clause (FRAP 26(a)(6)(C) speaks of "the state where either of the following is located:
 * the district court that rendered the challenged judgment or order, or the circuit clerk's
 * principal office"): for them this answers undefined and no state holiday counts, which may
 * make a computed appellate date earlier, never later, than the rule's.
 */
import { resolveCourt } from "../courts.ts";

/** Two-letter state (`NY`) of a court given as the user or the service names it (`nysd`, `S.D.N.Y.`). */
export function courtState(court: string): string | undefined {
  const found = resolveCourt(court);
  if (!found || (found.kind !== "district" && found.kind !== "bankruptcy")) return undefined;
  // `nysd`, `nyeb`, `ded`, `dcd`: the state's prefix, then a direction letter or none, then d/b.
  const code = found.code;
  const direction = /^[a-z]{2}[nsewcm]?[db]$/.test(code) && code.length === 4 ? code.slice(0, 2) : undefined;
  const plain = code.length === 3 ? code.slice(0, 2) : undefined;
  const state = direction ?? plain;
  return state ? state.toUpperCase() : undefined;
}
