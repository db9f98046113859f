/**
 * The court table: every federal court a user might name, with the service's long name, the
 * PACER-style code and the Bluebook citation. Data only; lookups live in courts.ts.
 *
 * Long names follow observed-facts.md, Court names: `<State> [<Direction>] District Court` and
 * `... Bankruptcy Court`. The state part is PACER's own court-list spelling (it says
 * `District Of Columbia`, as does the service's `District Of Columbia, Court of Appeals`), so DC,
 * Puerto Rico and the territories take the same pattern: `District Of Columbia District Court`,
 * `Guam District Court`, `Northern Mariana Islands Bankruptcy Court`. Appellate names are
 * unverified (observed-facts.md); we use one form throughout: `Court of Appeals for the Second
 * Circuit`, `Bankruptcy Appellate Panel for the Ninth Circuit`.
 *
 * Citations follow the Bluebook (T1 state abbreviations, T7 court names, rule 6.1(a): adjacent
 * single capitals close up, so `S.D.N.Y.` and `D.N.J.`, but `D. Del.` and `S.D. W. Va.`).
 */
import type { Court } from "./court.ts";

/** [state as PACER spells it, Bluebook abbreviation, PACER prefix, districts ("" = one district)]. */
type StateRow = readonly [state: string, abbr: string, prefix: string, districts: string];

const STATES: readonly StateRow[] = [
  ["Alabama", "Ala.", "al", "mns"],
  ["Alaska", "Alaska", "ak", ""],
  ["Arizona", "Ariz.", "az", ""],
  ["Arkansas", "Ark.", "ar", "ew"],
  ["California", "Cal.", "ca", "cens"],
  ["Colorado", "Colo.", "co", ""],
  ["Connecticut", "Conn.", "ct", ""],
  ["Delaware", "Del.", "de", ""],
  ["District Of Columbia", "D.C.", "dc", ""],
  ["Florida", "Fla.", "fl", "mns"],
  ["Georgia", "Ga.", "ga", "mns"],
  ["Guam", "Guam", "gu", ""],
  ["Hawaii", "Haw.", "hi", ""],
  ["Idaho", "Idaho", "id", ""],
  ["Illinois", "Ill.", "il", "cns"],
  ["Indiana", "Ind.", "in", "ns"],
  ["Iowa", "Iowa", "ia", "ns"],
  ["Kansas", "Kan.", "ks", ""],
  ["Kentucky", "Ky.", "ky", "ew"],
  ["Louisiana", "La.", "la", "emw"],
  ["Maine", "Me.", "me", ""],
  ["Maryland", "Md.", "md", ""],
  ["Massachusetts", "Mass.", "ma", ""],
  ["Michigan", "Mich.", "mi", "ew"],
  ["Minnesota", "Minn.", "mn", ""],
  ["Mississippi", "Miss.", "ms", "ns"],
  ["Missouri", "Mo.", "mo", "ew"],
  ["Montana", "Mont.", "mt", ""],
  ["Nebraska", "Neb.", "ne", ""],
  ["Nevada", "Nev.", "nv", ""],
  ["New Hampshire", "N.H.", "nh", ""],
  ["New Jersey", "N.J.", "nj", ""],
  ["New Mexico", "N.M.", "nm", ""],
  ["New York", "N.Y.", "ny", "ensw"],
  ["North Carolina", "N.C.", "nc", "emw"],
  ["North Dakota", "N.D.", "nd", ""],
  ["Northern Mariana Islands", "N. Mar. I.", "nmi", ""],
  ["Ohio", "Ohio", "oh", "ns"],
  ["Oklahoma", "Okla.", "ok", "enw"],
  ["Oregon", "Or.", "or", ""],
  ["Pennsylvania", "Pa.", "pa", "emw"],
  ["Puerto Rico", "P.R.", "pr", ""],
  ["Rhode Island", "R.I.", "ri", ""],
  ["South Carolina", "S.C.", "sc", ""],
  ["South Dakota", "S.D.", "sd", ""],
  ["Tennessee", "Tenn.", "tn", "emw"],
  ["Texas", "Tex.", "tx", "ensw"],
  ["Utah", "Utah", "ut", ""],
  ["Vermont", "Vt.", "vt", ""],
  ["Virgin Islands", "V.I.", "vi", ""],
  ["Virginia", "Va.", "va", "ew"],
  ["Washington", "Wash.", "wa", "ew"],
  ["West Virginia", "W. Va.", "wv", "ns"],
  ["Wisconsin", "Wis.", "wi", "ew"],
  ["Wyoming", "Wyo.", "wy", ""],
];

const DIRECTIONS: Readonly<Record<string, string>> = {
  e: "Eastern",
  n: "Northern",
  s: "Southern",
  w: "Western",
  m: "Middle",
  c: "Central",
};

/** Rule 6.1(a): `D.` + `N.Y.` closes up to `D.N.Y.`; `D.` + `Del.` keeps its space. */
function joinCitation(left: string, right: string): string {
  return /^(?:[A-Z]\.)+$/.test(right) ? `${left}${right}` : `${left} ${right}`;
}

function trialCourts([state, abbr, prefix, districts]: StateRow): Court[] {
  const dirs = districts === "" ? [""] : [...districts];
  return dirs.flatMap((d) => {
    const dir = d === "" ? "" : DIRECTIONS[d]!;
    const district = dir ? `${dir} District of ${state}` : `District of ${state}`;
    const citation = joinCitation(d ? `${d.toUpperCase()}.D.` : "D.", abbr);
    // What litigators type: SDNY, EDTX, DNJ, DDE (direction + D + postal code).
    const postal = `${d.toUpperCase()}D${prefix.toUpperCase()}`;
    const place = `${state}${dir ? ` ${dir}` : ""}`;
    const trial: Court = {
      code: `${prefix}${d}d`,
      name: `${place} District Court`,
      citation,
      kind: "district",
      aliases: [
        postal,
        `District Court for the ${district}`,
        `U.S. District Court for the ${district}`,
        `United States District Court for the ${district}`,
        // "District of Columbia" alone also names the local courts: only the longer forms.
        ...(state === "District Of Columbia" ? [] : [district]),
      ],
    };
    const bankruptcy: Court = {
      code: `${prefix}${d}b`,
      name: `${place} Bankruptcy Court`,
      citation: `Bankr. ${citation}`,
      kind: "bankruptcy",
      aliases: [
        `Bankr. ${postal}`,
        `${citation} Bankr.`,
        `${postal} Bankr.`,
        `Bankruptcy Court for the ${district}`,
        `U.S. Bankruptcy Court for the ${district}`,
        `United States Bankruptcy Court for the ${district}`,
      ],
    };
    return [trial, bankruptcy];
  });
}

/** [number, word, Bluebook ordinal, everyday ordinal]. */
const CIRCUITS: readonly (readonly [number, string, string, string])[] = [
  [1, "First", "1st", "1st"],
  [2, "Second", "2d", "2nd"],
  [3, "Third", "3d", "3rd"],
  [4, "Fourth", "4th", "4th"],
  [5, "Fifth", "5th", "5th"],
  [6, "Sixth", "6th", "6th"],
  [7, "Seventh", "7th", "7th"],
  [8, "Eighth", "8th", "8th"],
  [9, "Ninth", "9th", "9th"],
  [10, "Tenth", "10th", "10th"],
  [11, "Eleventh", "11th", "11th"],
];
const BAP_CIRCUITS: ReadonlySet<number> = new Set([1, 6, 8, 9, 10]);

function appellateCourts([n, word, bluebook, everyday]: (typeof CIRCUITS)[number]): Court[] {
  const ordinals = [...new Set([word, bluebook, everyday])];
  const circuit = `${word} Circuit`;
  const courts: Court[] = [
    {
      code: `ca${n}`,
      name: `Court of Appeals for the ${circuit}`,
      citation: `${bluebook} Cir.`,
      kind: "appellate",
      aliases: [
        ...ordinals.flatMap((o) => [`${o} Cir.`, `${o} Circuit`]),
        `U.S. Court of Appeals for the ${circuit}`,
        `United States Court of Appeals for the ${circuit}`,
      ],
    },
  ];
  if (BAP_CIRCUITS.has(n)) {
    courts.push({
      code: `bap${n}`,
      name: `Bankruptcy Appellate Panel for the ${circuit}`,
      citation: `B.A.P. ${bluebook} Cir.`,
      kind: "bap",
      aliases: [
        ...ordinals.flatMap((o) => [`${o} Cir. BAP`, `BAP ${o} Cir.`, `${o} Circuit BAP`]),
        `Bankruptcy Appellate Panel of the ${circuit}`,
      ],
    });
  }
  return courts;
}

const NATIONAL_COURTS: readonly Court[] = [
  {
    code: "cadc",
    name: "Court of Appeals for the District of Columbia Circuit",
    citation: "D.C. Cir.",
    kind: "appellate",
    aliases: [
      "D.C. Circuit",
      "U.S. Court of Appeals for the District of Columbia Circuit",
      "United States Court of Appeals for the District of Columbia Circuit",
    ],
  },
  {
    code: "cafc",
    name: "Court of Appeals for the Federal Circuit",
    citation: "Fed. Cir.",
    kind: "appellate",
    aliases: [
      "Federal Circuit",
      "U.S. Court of Appeals for the Federal Circuit",
      "United States Court of Appeals for the Federal Circuit",
    ],
  },
  {
    code: "scotus",
    name: "Supreme Court of the United States",
    citation: "U.S.",
    kind: "supreme",
    aliases: ["SCOTUS", "U.S. Supreme Court", "United States Supreme Court"],
  },
  {
    code: "cit",
    name: "Court of International Trade",
    citation: "Ct. Int'l Trade",
    kind: "special",
    aliases: ["CIT", "U.S. Court of International Trade", "United States Court of International Trade"],
  },
  {
    code: "uscfc",
    name: "Court of Federal Claims",
    citation: "Fed. Cl.",
    kind: "special",
    aliases: ["CFC", "COFC", "U.S. Court of Federal Claims", "United States Court of Federal Claims"],
  },
  {
    code: "jpml",
    name: "Judicial Panel on Multidistrict Litigation",
    citation: "J.P.M.L.",
    kind: "special",
    aliases: ["MDL Panel", "United States Judicial Panel on Multidistrict Litigation"],
  },
  // The Tax Court is an Article I court, not an agency, though it sits in observed-facts' list.
  {
    code: "tax",
    name: "United States Tax Court",
    citation: "T.C.",
    kind: "special",
    aliases: ["Tax Court", "U.S. Tax Court", "USTC"],
  },
  {
    code: "ptab",
    name: "Patent Trial and Appeal Board",
    citation: "PTAB",
    kind: "agency",
    urlName: "PTAB", // observed-facts.md: its case URLs say /cases/PTAB/...
  },
  { code: "ttab", name: "Trademark Trial and Appeal Board", citation: "TTAB", kind: "agency" },
  {
    code: "itc",
    name: "United States International Trade Commission",
    citation: "ITC",
    kind: "agency",
    aliases: ["USITC", "International Trade Commission", "U.S. International Trade Commission"],
  },
  { code: "nlrb", name: "National Labor Relations Board", citation: "NLRB", kind: "agency" },
  { code: "ftc", name: "Federal Trade Commission", citation: "FTC", kind: "agency" },
];

function freeze(court: Court): Court {
  if (court.aliases) Object.freeze(court.aliases);
  return Object.freeze(court);
}

export const COURTS: readonly Court[] = Object.freeze(
  [...STATES.flatMap(trialCourts), ...CIRCUITS.flatMap(appellateCourts), ...NATIONAL_COURTS].map(
    freeze,
  ),
);
