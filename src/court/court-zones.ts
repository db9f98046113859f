/**
 * The time zone a court keeps its wall clock in (issue 16: "a hearing at 10:00 AM in the Southern
 * District of New York is 10:00 in New York for every reader"): an IANA zone per court, for the
 * calendar feed's TZID. Pure data; the court table (courts-table.ts) has no zone, so this is its
 * one home.
 *
 * A district whose territory spans two zones takes the zone of the court's principal seat, where
 * its clerk's office sits: N.D. Fla. (Tallahassee) is Eastern though Pensacola is Central; W.D. Ky.
 * (Louisville) Eastern; W.D. Mich. (Grand Rapids) Eastern; D. Idaho (Boise) Mountain; W.D. Tex.
 * (San Antonio) Central; E.D. Tenn. (Knoxville) Eastern, M.D. and W.D. Tenn. Central. Appellate
 * courts and panels take their seat's zone; the national courts and agencies sit in Washington
 * (the Court of International Trade in New York). A court not in the table has no zone: the feed
 * then says the time as written, in the reader's zone (a "floating" time), and says so.
 */
import { resolveCourt } from "./courts.ts";

const EASTERN = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";

/** By the PACER prefix of a state's district and bankruptcy courts (courts-table.ts STATES). */
const STATE_ZONES: Readonly<Record<string, string>> = {
  al: CENTRAL, ak: "America/Anchorage", az: "America/Phoenix", ar: CENTRAL, ca: PACIFIC, co: MOUNTAIN,
  ct: EASTERN, de: EASTERN, dc: EASTERN, fl: EASTERN, ga: EASTERN, gu: "Pacific/Guam", hi: "Pacific/Honolulu",
  id: "America/Boise", il: CENTRAL, in: "America/Indiana/Indianapolis", ia: CENTRAL, ks: CENTRAL, ky: EASTERN,
  la: CENTRAL, me: EASTERN, md: EASTERN, ma: EASTERN, mi: "America/Detroit", mn: CENTRAL, ms: CENTRAL, mo: CENTRAL,
  mt: MOUNTAIN, ne: CENTRAL, nv: PACIFIC, nh: EASTERN, nj: EASTERN, nm: MOUNTAIN, ny: EASTERN, nc: EASTERN,
  nd: CENTRAL, nmi: "Pacific/Saipan", oh: EASTERN, ok: CENTRAL, or: PACIFIC, pa: EASTERN, pr: "America/Puerto_Rico",
  ri: EASTERN, sc: EASTERN, sd: CENTRAL, tn: CENTRAL, tx: CENTRAL, ut: MOUNTAIN, vt: EASTERN,
  vi: "America/St_Thomas", va: EASTERN, wa: PACIFIC, wv: EASTERN, wi: CENTRAL, wy: MOUNTAIN,
};

/** Courts whose zone is not their state's, and every court that is not a state's. */
const COURT_ZONES: Readonly<Record<string, string>> = {
  tned: EASTERN, tneb: EASTERN,
  ca1: EASTERN, ca2: EASTERN, ca3: EASTERN, ca4: EASTERN, ca5: CENTRAL, ca6: EASTERN, ca7: CENTRAL,
  ca8: CENTRAL, ca9: PACIFIC, ca10: MOUNTAIN, ca11: EASTERN, cadc: EASTERN, cafc: EASTERN,
  bap1: EASTERN, bap6: EASTERN, bap8: CENTRAL, bap9: PACIFIC, bap10: MOUNTAIN,
  scotus: EASTERN, cit: EASTERN, uscfc: EASTERN, jpml: EASTERN, tax: EASTERN,
  ptab: EASTERN, ttab: EASTERN, itc: EASTERN, nlrb: EASTERN, ftc: EASTERN,
};

/** The IANA zone of a court given as the user or the service names it (code, citation, long name). */
export function courtTimeZone(court: string): string | undefined {
  const found = resolveCourt(court);
  if (!found) return undefined;
  const own = COURT_ZONES[found.code];
  if (own) return own;
  if (found.kind !== "district" && found.kind !== "bankruptcy") return undefined;
  // District `nysd`, `ded` / bankruptcy `nysb`, `deb`: the state's prefix, then a direction or none, then d/b.
  return STATE_ZONES[found.code.slice(0, -1)] ?? STATE_ZONES[found.code.slice(0, -2)];
}

/** How a US lawyer names each zone's clock after a time ("10:00 AM ET"); Arizona keeps standard time. */
const ZONE_LABELS: Readonly<Record<string, string>> = {
  [EASTERN]: "ET", "America/Detroit": "ET", "America/Indiana/Indianapolis": "ET", [CENTRAL]: "CT", [MOUNTAIN]: "MT",
  "America/Boise": "MT", "America/Phoenix": "MST", [PACIFIC]: "PT", "America/Anchorage": "AKT", "Pacific/Honolulu": "HST",
  "America/Puerto_Rico": "AST", "America/St_Thomas": "AST", "Pacific/Guam": "ChST", "Pacific/Saipan": "ChST",
};

/**
 * The court's clock after a time it sets: `ET`, `CT`, `PT`…, so a reader in another zone never
 * calendars a New York hearing at 10:00 in Chicago; "court time" when the court's zone is not known.
 */
export function courtClockLabel(court: string): string {
  const zone = courtTimeZone(court);
  return (zone && ZONE_LABELS[zone]) ?? "court time";
}
