/**
 * The case types searchpacer/ filters on (docket-data-service.md, GET searchpacer/) and how a case
 * of the corpus maps to one. Real dockets carry free-form types ("civil, private, bankruptcy"), so
 * the court's kind decides first.
 */
import { emuCourtByName } from "../courts.ts";
import type { EmuCase } from "../corpus/types.ts";

export const PACER_CASE_TYPES = ["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"] as const;
export type PacerCaseType = (typeof PACER_CASE_TYPES)[number];

export function pacerCaseType(kase: EmuCase): PacerCaseType {
  const kind = emuCourtByName(kase.court)?.kind;
  if (/multi-?district/i.test(kase.type) || /-md-/i.test(kase.docket) || /^MDL\b/i.test(kase.docket)) return "Multi-District Litigation";
  if (kind === "appellate" || kind === "bap") return "Appellate";
  if (kind === "bankruptcy") return "Bankruptcy";
  if (/criminal/i.test(kase.type) || /-cr-/i.test(kase.docket)) return "Criminal";
  return "Civil";
}
