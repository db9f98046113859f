/**
 * The emulator's OWN courts: the long names as the real service spells them (observed-facts.md,
 * Court names: `<State> [<Direction>] District Court`, `... Bankruptcy Court`, `Patent Trial and
 * Appeal Board` with URL form `PTAB`), each with the PACER id its real dockets carry
 * (../shared/fixtures/real-dockets `info.court`), its kind, and the short forms the service's own
 * search accepts in `court:(...)` and searchpacer's `court`.
 *
 * Written out by hand, never derived from src/court: end-to-end tests then CHECK docketbot's court
 * table against an independent list instead of agreeing with it. Only the courts the corpus
 * generator and the real dockets use are here (plus courts named in related cases), not every
 * federal court. Appellate names are unverified (observed-facts.md); this list uses one form.
 */

export type EmuCourtKind = "district" | "bankruptcy" | "appellate" | "bap" | "supreme" | "special" | "agency";

export interface EmuCourt {
  /** PACER id (`nysd`), ours for agencies (`ptab`). */
  readonly code: string;
  /** The service's long name. */
  readonly name: string;
  readonly kind: EmuCourtKind;
  /** Short forms the service's search accepts besides the id: the citation first. */
  readonly forms: readonly string[];
  /** The site's URL segment when the name's underscored form is not it. */
  readonly urlName?: string;
}

type Row = readonly [code: string, name: string, kind: EmuCourtKind, ...forms: string[]];

const ROWS: readonly Row[] = [
  // District courts.
  ["azd", "Arizona District Court", "district", "D. Ariz."],
  ["ared", "Arkansas Eastern District Court", "district", "E.D. Ark."],
  ["cacd", "California Central District Court", "district", "C.D. Cal."],
  ["caed", "California Eastern District Court", "district", "E.D. Cal."],
  ["cand", "California Northern District Court", "district", "N.D. Cal."],
  ["casd", "California Southern District Court", "district", "S.D. Cal."],
  ["cod", "Colorado District Court", "district", "D. Colo."],
  ["ded", "Delaware District Court", "district", "D. Del."],
  ["dcd", "District Of Columbia District Court", "district", "D.D.C."],
  ["flmd", "Florida Middle District Court", "district", "M.D. Fla."],
  ["flsd", "Florida Southern District Court", "district", "S.D. Fla."],
  ["gand", "Georgia Northern District Court", "district", "N.D. Ga."],
  ["hid", "Hawaii District Court", "district", "D. Haw."],
  ["ilnd", "Illinois Northern District Court", "district", "N.D. Ill."],
  ["lawd", "Louisiana Western District Court", "district", "W.D. La."],
  ["mad", "Massachusetts District Court", "district", "D. Mass."],
  ["mied", "Michigan Eastern District Court", "district", "E.D. Mich."],
  ["mnd", "Minnesota District Court", "district", "D. Minn."],
  ["nvd", "Nevada District Court", "district", "D. Nev."],
  ["nhd", "New Hampshire District Court", "district", "D.N.H."],
  ["njd", "New Jersey District Court", "district", "D.N.J."],
  ["nyed", "New York Eastern District Court", "district", "E.D.N.Y."],
  ["nysd", "New York Southern District Court", "district", "S.D.N.Y."],
  ["ncwd", "North Carolina Western District Court", "district", "W.D.N.C."],
  ["ohnd", "Ohio Northern District Court", "district", "N.D. Ohio"],
  ["paed", "Pennsylvania Eastern District Court", "district", "E.D. Pa."],
  ["txed", "Texas Eastern District Court", "district", "E.D. Tex."],
  ["txnd", "Texas Northern District Court", "district", "N.D. Tex."],
  ["txsd", "Texas Southern District Court", "district", "S.D. Tex."],
  ["txwd", "Texas Western District Court", "district", "W.D. Tex."],
  ["utd", "Utah District Court", "district", "D. Utah"],
  ["vaed", "Virginia Eastern District Court", "district", "E.D. Va."],
  ["wawd", "Washington Western District Court", "district", "W.D. Wash."],
  // Bankruptcy courts.
  ["azb", "Arizona Bankruptcy Court", "bankruptcy", "Bankr. D. Ariz."],
  ["cacb", "California Central Bankruptcy Court", "bankruptcy", "Bankr. C.D. Cal."],
  ["casb", "California Southern Bankruptcy Court", "bankruptcy", "Bankr. S.D. Cal."],
  ["deb", "Delaware Bankruptcy Court", "bankruptcy", "Bankr. D. Del."],
  ["flmb", "Florida Middle Bankruptcy Court", "bankruptcy", "Bankr. M.D. Fla."],
  ["gamb", "Georgia Middle Bankruptcy Court", "bankruptcy", "Bankr. M.D. Ga."],
  ["ilnb", "Illinois Northern Bankruptcy Court", "bankruptcy", "Bankr. N.D. Ill."],
  ["mieb", "Michigan Eastern Bankruptcy Court", "bankruptcy", "Bankr. E.D. Mich."],
  ["nvb", "Nevada Bankruptcy Court", "bankruptcy", "Bankr. D. Nev."],
  ["njb", "New Jersey Bankruptcy Court", "bankruptcy", "Bankr. D.N.J."],
  ["nyeb", "New York Eastern Bankruptcy Court", "bankruptcy", "Bankr. E.D.N.Y."],
  ["nysb", "New York Southern Bankruptcy Court", "bankruptcy", "Bankr. S.D.N.Y."],
  ["ncwb", "North Carolina Western Bankruptcy Court", "bankruptcy", "Bankr. W.D.N.C."],
  ["ohnb", "Ohio Northern Bankruptcy Court", "bankruptcy", "Bankr. N.D. Ohio"],
  ["txnb", "Texas Northern Bankruptcy Court", "bankruptcy", "Bankr. N.D. Tex."],
  ["txsb", "Texas Southern Bankruptcy Court", "bankruptcy", "Bankr. S.D. Tex."],
  ["vawb", "Virginia Western Bankruptcy Court", "bankruptcy", "Bankr. W.D. Va."],
  ["wawb", "Washington Western Bankruptcy Court", "bankruptcy", "Bankr. W.D. Wash."],
  // Courts of appeals and the one bankruptcy appellate panel the corpus uses.
  ["ca1", "Court of Appeals for the First Circuit", "appellate", "1st Cir."],
  ["ca2", "Court of Appeals for the Second Circuit", "appellate", "2d Cir."],
  ["ca3", "Court of Appeals for the Third Circuit", "appellate", "3d Cir."],
  ["ca4", "Court of Appeals for the Fourth Circuit", "appellate", "4th Cir."],
  ["ca5", "Court of Appeals for the Fifth Circuit", "appellate", "5th Cir."],
  ["ca6", "Court of Appeals for the Sixth Circuit", "appellate", "6th Cir."],
  ["ca7", "Court of Appeals for the Seventh Circuit", "appellate", "7th Cir."],
  ["ca8", "Court of Appeals for the Eighth Circuit", "appellate", "8th Cir."],
  ["ca9", "Court of Appeals for the Ninth Circuit", "appellate", "9th Cir."],
  ["ca10", "Court of Appeals for the Tenth Circuit", "appellate", "10th Cir."],
  ["ca11", "Court of Appeals for the Eleventh Circuit", "appellate", "11th Cir."],
  ["cadc", "Court of Appeals for the District of Columbia Circuit", "appellate", "D.C. Cir."],
  ["cafc", "Court of Appeals for the Federal Circuit", "appellate", "Fed. Cir."],
  ["bap9", "Bankruptcy Appellate Panel for the Ninth Circuit", "bap", "B.A.P. 9th Cir."],
  // National courts and agencies.
  ["scotus", "Supreme Court of the United States", "supreme", "SCOTUS"],
  ["cit", "Court of International Trade", "special", "Ct. Int'l Trade", "CIT"],
  ["jpml", "Judicial Panel on Multidistrict Litigation", "special", "J.P.M.L.", "MDL Panel"],
  ["ptab", "Patent Trial and Appeal Board", "agency", "P.T.A.B.", "PTAB"],
  ["itc", "United States International Trade Commission", "agency", "ITC", "USITC"],
];

/** The site writes PTAB's pages under its acronym (observed-facts.md, Court names). */
const URL_NAMES: Readonly<Record<string, string>> = { ptab: "PTAB" };

export const EMU_COURTS: readonly EmuCourt[] = ROWS.map(([code, name, kind, ...forms]) => ({
  code, name, kind, forms, ...(URL_NAMES[code] ? { urlName: URL_NAMES[code] } : {}),
}));

/** Letters and digits only: `S.D.N.Y.`, `sdny` and `S. D. N. Y.` share a key. */
export function emuCourtKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

const BY_CODE = new Map(EMU_COURTS.map((c) => [c.code, c]));
const BY_NAME = new Map(EMU_COURTS.map((c) => [c.name.toLowerCase(), c]));
const BY_FORM = new Map(EMU_COURTS.flatMap((c) => [c.code, c.name, ...c.forms].map((f) => [emuCourtKey(f), c] as const)));
const BY_SEGMENT = new Map(EMU_COURTS.flatMap((c) => [[emuCourtKey(c.name), c], ...(c.urlName ? [[emuCourtKey(c.urlName), c] as const] : [])] as const));

export function emuCourtByCode(code: string): EmuCourt | undefined {
  return BY_CODE.get(code.trim().toLowerCase());
}

/** By the service's long name, ignoring case and runs of whitespace. */
export function emuCourtByName(name: string): EmuCourt | undefined {
  return BY_NAME.get(name.trim().replace(/\s+/g, " ").toLowerCase());
}

/** A court the service's search resolves from its id, a short form or its long name. */
export function emuCourtByForm(input: string): EmuCourt | undefined {
  if (input.length > 120) return undefined;
  return BY_FORM.get(emuCourtKey(input));
}

/** The site's URL segment for a long name: `PTAB`, else the name with punctuation dropped. */
export function emuCourtSegment(name: string): string {
  const court = emuCourtByName(name);
  if (court?.urlName) return court.urlName;
  return (court?.name ?? name).replace(/[^\p{L}\p{N}\s]/gu, "").trim().replace(/\s+/g, "_");
}

/** The long name a URL segment stands for, among these courts (punctuation is lost in segments). */
export function emuCourtFromSegment(segment: string): EmuCourt | undefined {
  return BY_SEGMENT.get(emuCourtKey(segment));
}

/** Kinds whose cases searchpacer (the federal records system) holds. */
export const PACER_KINDS: ReadonlySet<EmuCourtKind> = new Set(["district", "bankruptcy", "appellate", "bap", "special"]);
