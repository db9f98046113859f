import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { courtByCode, courtByName, courtFromUrlSegment, courtKey, courtShortLabel, courtUrlSegment, resolveCourt } from "../../src/court/courts.ts";
import { COURTS } from "../../src/court/courts-table.ts";
import { COURT_KINDS, type Court } from "../../src/court/court.ts";

// The 94 district courts as PACER lists them (juriscraper's pacer/courts.json), written out
// independently of the table's generator so a slip in either shows up here.
const PACER_DISTRICTS = `almd alnd alsd akd azd ared arwd cacd caed cand casd cod ctd ded dcd flmd flnd flsd
  gamd gand gasd gud hid idd ilcd ilnd ilsd innd insd iand iasd ksd kyed kywd laed lamd lawd med mdd mad
  mied miwd mnd msnd mssd moed mowd mtd ned nvd nhd njd nmd nyed nynd nysd nywd nced ncmd ncwd ndd nmid
  ohnd ohsd oked oknd okwd ord paed pamd pawd prd rid scd sdd tned tnmd tnwd txed txnd txsd txwd utd vtd
  vid vaed vawd waed wawd wvnd wvsd wied wiwd wyd`.split(/\s+/);

const forms = (c: Court) => [c.code, c.citation, c.name, ...(c.aliases ?? [])];
const byKind = (kind: Court["kind"]) => COURTS.filter((c) => c.kind === kind);

describe("the court table", () => {
  it("has all 94 district courts, exactly PACER's", () => {
    expect(PACER_DISTRICTS).toHaveLength(94);
    expect(byKind("district").map((c) => c.code).sort()).toEqual([...PACER_DISTRICTS].sort());
  });

  it("has a bankruptcy court for every district (PACER's d -> b codes)", () => {
    const codes = byKind("bankruptcy").map((c) => c.code).sort();
    expect(codes).toEqual(PACER_DISTRICTS.map((d) => d.replace(/d$/, "b")).sort());
  });

  it("has the 13 courts of appeals, the 5 BAPs, and the national courts and agencies", () => {
    expect(byKind("appellate").map((c) => c.code).sort()).toEqual(
      ["ca1", "ca2", "ca3", "ca4", "ca5", "ca6", "ca7", "ca8", "ca9", "ca10", "ca11", "cadc", "cafc"].sort(),
    );
    expect(byKind("bap").map((c) => c.code).sort()).toEqual(["bap1", "bap10", "bap6", "bap8", "bap9"]);
    for (const code of ["scotus", "cit", "uscfc", "jpml", "tax", "ptab", "ttab", "itc", "nlrb", "ftc"]) {
      expect(courtByCode(code), code).toBeDefined();
    }
  });

  it("keeps codes, names, citations and URL keys unique", () => {
    for (const pick of [(c: Court) => c.code, (c: Court) => c.name, (c: Court) => c.citation]) {
      const values = COURTS.map(pick);
      expect(new Set(values).size).toBe(values.length);
    }
    const urlKeys = COURTS.map((c) => courtKey(c.name));
    expect(new Set(urlKeys).size).toBe(urlKeys.length);
  });

  it("uses only known kinds and the service's name patterns", () => {
    for (const c of COURTS) expect(COURT_KINDS).toContain(c.kind);
    const dir = "(?: (?:Northern|Southern|Eastern|Western|Middle|Central))?";
    for (const c of byKind("district")) expect(c.name).toMatch(new RegExp(`^[A-Z][A-Za-z ]+${dir} District Court$`));
    for (const c of byKind("bankruptcy")) expect(c.name).toMatch(new RegExp(`^[A-Z][A-Za-z ]+${dir} Bankruptcy Court$`));
  });

  it("contains every court name observed-facts.md lists", () => {
    for (const name of [
      "New York Southern District Court",
      "Delaware District Court",
      "Arkansas Eastern District Court",
      "Florida Middle District Court",
      "California Northern District Court",
      "Washington Western District Court",
      "Nevada Bankruptcy Court",
      "Supreme Court of the United States",
      "Patent Trial and Appeal Board",
      "Trademark Trial and Appeal Board",
      "United States International Trade Commission",
      "United States Tax Court",
      "National Labor Relations Board",
      "Federal Trade Commission",
    ]) {
      expect(courtByName(name)?.name, name).toBe(name);
    }
  });

  it("names DC and the territories in the same pattern", () => {
    expect(courtByCode("dcd")?.name).toBe("District Of Columbia District Court");
    expect(courtByCode("dcb")?.name).toBe("District Of Columbia Bankruptcy Court");
    expect(courtByCode("prd")?.name).toBe("Puerto Rico District Court");
    expect(courtByCode("gud")?.name).toBe("Guam District Court");
    expect(courtByCode("vid")?.name).toBe("Virgin Islands District Court");
    expect(courtByCode("nmid")?.name).toBe("Northern Mariana Islands District Court");
    expect(courtByCode("ca2")?.name).toBe("Court of Appeals for the Second Circuit");
    expect(courtByCode("cadc")?.name).toBe("Court of Appeals for the District of Columbia Circuit");
    expect(courtByCode("cafc")?.name).toBe("Court of Appeals for the Federal Circuit");
    expect(courtByCode("bap9")?.name).toBe("Bankruptcy Appellate Panel for the Ninth Circuit");
  });

  it("writes Bluebook citations", () => {
    const expected: Record<string, string> = {
      nysd: "S.D.N.Y.", nysb: "Bankr. S.D.N.Y.", ded: "D. Del.", deb: "Bankr. D. Del.", njd: "D.N.J.",
      dcd: "D.D.C.", txed: "E.D. Tex.", wvsd: "S.D. W. Va.", prd: "D.P.R.", vid: "D.V.I.", gud: "D. Guam",
      nmid: "D. N. Mar. I.", cacd: "C.D. Cal.", ca2: "2d Cir.", ca3: "3d Cir.", ca11: "11th Cir.",
      cadc: "D.C. Cir.", cafc: "Fed. Cir.", bap9: "B.A.P. 9th Cir.", ptab: "PTAB", itc: "ITC",
      cit: "Ct. Int'l Trade", uscfc: "Fed. Cl.", jpml: "J.P.M.L.",
    };
    for (const [code, citation] of Object.entries(expected)) expect(courtByCode(code)?.citation, code).toBe(citation);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(COURTS)).toBe(true);
    expect(COURTS.every((c) => Object.isFrozen(c))).toBe(true);
  });
});

describe("resolveCourt", () => {
  it("resolves every form in the table to its own court (no alias collides)", () => {
    for (const c of COURTS) for (const form of forms(c)) expect(resolveCourt(form)?.code, form).toBe(c.code);
  });

  it.each([
    ["nysd", "nysd"], ["NYSD", "nysd"], ["S.D.N.Y.", "nysd"], ["SDNY", "nysd"], ["sdny", "nysd"],
    ["S. D. N. Y.", "nysd"], ["  s.d.n.y  ", "nysd"], ["D. Del.", "ded"], ["D.Del.", "ded"], ["D Del", "ded"],
    ["Fed. Cir.", "cafc"], ["CAFC", "cafc"], ["Federal Circuit", "cafc"], ["2d Cir.", "ca2"], ["2nd Cir", "ca2"],
    ["Second Circuit", "ca2"], ["CA2", "ca2"], ["3rd Cir.", "ca3"], ["D.C. Cir.", "cadc"], ["DC Circuit", "cadc"],
    ["Southern District of New York", "nysd"], ["EDTX", "txed"], ["E.D. Tex.", "txed"], ["Bankr. D. Del.", "deb"],
    ["deb", "deb"], ["Bankr. SDNY", "nysb"], ["New York Southern District Court", "nysd"],
    ["new york southern district court", "nysd"], ["New_York_Southern_District_Court", "nysd"],
    ["District of Delaware", "ded"], ["DDC", "dcd"], ["9th Cir. BAP", "bap9"], ["SCOTUS", "scotus"],
    ["JPML", "jpml"], ["CIT", "cit"], ["PTAB", "ptab"], ["USITC", "itc"], ["Tax Court", "tax"],
  ])("%s -> %s", (input, code) => {
    expect(resolveCourt(input)?.code).toBe(code);
  });

  it.each(["NY", "New York", "Texas", "Delaware", "District Court", "Bankruptcy Court", "Circuit", "Supreme Court",
    "", "   ", "xyz", "District of Columbia", "Florida State, Duval County, Fourth Circuit Court", "x".repeat(10_000)])(
    "is undefined for ambiguous or unknown %j",
    (input) => expect(resolveCourt(input)).toBeUndefined(),
  );
});

describe("lookups by code, name and URL segment", () => {
  it("courtByCode ignores case and surrounding space; unknown codes are undefined", () => {
    expect(courtByCode(" NYSD ")?.name).toBe("New York Southern District Court");
    expect(courtByCode("S.D.N.Y.")).toBeUndefined();
    expect(courtByCode("texas_coa08")).toBeUndefined();
  });

  it("courtByName takes long names only, any case and spacing", () => {
    expect(courtByName("  new york   SOUTHERN district court ")?.code).toBe("nysd");
    expect(courtByName("District of Columbia District Court")?.code).toBe("dcd");
    expect(courtByName("Southern District of New York")).toBeUndefined();
    expect(courtByName("nysd")).toBeUndefined();
    expect(courtByName("Florida State, Duval County, Fourth Circuit Court")).toBeUndefined();
  });

  it("courtFromUrlSegment matches the site's punctuation-free form through the table", () => {
    expect(courtFromUrlSegment("New_York_Southern_District_Court")?.code).toBe("nysd");
    expect(courtFromUrlSegment("PTAB")?.code).toBe("ptab");
    expect(courtFromUrlSegment("Court_of_Appeals_for_the_Federal_Circuit")?.code).toBe("cafc");
    expect(courtFromUrlSegment("Florida_State_Duval_County_Fourth_Circuit_Court")).toBeUndefined();
    expect(courtFromUrlSegment("nysd")).toBeUndefined(); // a code is not a URL form
  });

  it("courtUrlSegment drops punctuation and uses the URL name where the site has one", () => {
    expect(courtUrlSegment("New York Southern District Court")).toBe("New_York_Southern_District_Court");
    expect(courtUrlSegment("Florida State, Duval County, Fourth Circuit Court")).toBe(
      "Florida_State_Duval_County_Fourth_Circuit_Court",
    );
    expect(courtUrlSegment("District Of Columbia, Court of Appeals")).toBe("District_Of_Columbia_Court_of_Appeals");
    expect(courtUrlSegment("Patent Trial and Appeal Board")).toBe("PTAB");
    expect(courtUrlSegment("new york southern district court")).toBe("New_York_Southern_District_Court");
  });

  it("round-trips every court through its URL segment", () => {
    for (const c of COURTS) {
      const seg = courtUrlSegment(c.name);
      expect(seg).toMatch(/^[A-Za-z0-9_]+$/);
      expect(courtFromUrlSegment(seg), c.code).toBe(c);
    }
  });

  it("courtShortLabel shows the citation, or the name unchanged for courts not in the table", () => {
    expect(courtShortLabel("New York Southern District Court")).toBe("S.D.N.Y.");
    expect(courtShortLabel("Delaware Bankruptcy Court")).toBe("Bankr. D. Del.");
    const state = "Texas State, Grayson County, Justice of the Peace 2";
    expect(courtShortLabel(state)).toBe(state);
  });
});

const SHARED = new URL("../../../shared/", import.meta.url);
const FIXTURES = join(fileURLToPath(SHARED), "fixtures", "real-dockets");
const hasShared = existsSync(FIXTURES);
if (!hasShared) console.warn(`[courts.test] ${FIXTURES} is absent: skipping the real-docket fixture checks`);

function fixtureCourts(): Map<string, string[]> {
  const courts = new Map<string, string[]>();
  const files = readdirSync(FIXTURES, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"));
  for (const file of files) {
    const json = JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as { info?: { court?: string } };
    const code = json.info?.court;
    if (code) courts.set(code, [...(courts.get(code) ?? []), file]);
  }
  return courts;
}

describe.skipIf(!hasShared)("real-docket fixtures (../shared/fixtures/real-dockets)", () => {
  // State courts are outside the table by design (observed-facts.md: comma-hierarchy names);
  // a new fixture from an unmapped federal court must fail here, not slip through.
  const STATE_CODES = ["texas_coa08"];

  it("every federal fixture court code resolves to a Court", () => {
    const courts = fixtureCourts();
    expect(courts.size).toBeGreaterThan(20);
    const unresolved = [...courts.keys()].filter((code) => !courtByCode(code) || !resolveCourt(code));
    expect(unresolved.sort()).toEqual(STATE_CODES);
    for (const code of ["nysd", "cadc", "bap9", "jpml", "cit", "txnb", "scotus", "ca9", "azd"]) {
      expect(courts.has(code), `fixture court ${code}`).toBe(true);
    }
  });
});
