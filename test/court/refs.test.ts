import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { courtByCode } from "../../src/court/courts.ts";
import { COURTS } from "../../src/court/courts-table.ts";
import {
  caseUrl,
  docketFromUrlSegment,
  docketToUrlSegment,
  documentUrl,
  normalizeDocket,
  withDefaultOffice,
  parseCaseUrl,
  type CaseRefResult,
} from "../../src/court/refs.ts";
import { findCaseRefs, parseCaseRef } from "../../src/court/case-refs.ts";

const SITE = "https://www.docketalarm.com/";
const NYSD = "New York Southern District Court";
const FLORIDA = "Florida State, Duval County, Fourth Circuit Court";
const NYT_URL =
  "https://www.docketalarm.com/cases/New_York_Southern_District_Court/1--23-cv-11195/The_New_York_Times_Company_v._Microsoft_Corporation_et_al/";

function ok(result: CaseRefResult) {
  if (!result.ok) throw new Error(`expected ok, got: ${result.message}`);
  return result;
}
function failure(result: CaseRefResult): string {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.ref)}`);
  return result.message;
}

describe("docket URL segments", () => {
  it.each([
    ["1:23-cv-11195", "1--23-cv-11195"],
    ["526241/2019", "526241---2019"],
    ["2014-CF-003894", "2014-CF-003894"],
    ["08-16-00334-CV", "08-16-00334-CV"],
    ["1:23/45", "1--23---45"],
  ])("%s <-> %s", (docket, segment) => {
    expect(docketToUrlSegment(docket)).toBe(segment);
    expect(docketFromUrlSegment(segment)).toBe(docket);
  });
});

describe("normalizeDocket", () => {
  it.each([
    ["1:23-cv-1234", "1:23-cv-01234"],
    ["  1:23-cv-01234 ", "1:23-cv-01234"],
    ["1:23-CV-01234", "1:23-cv-01234"],
    ["1:23-cv-001234", "1:23-cv-01234"],
    ["1:2023-cv-1234", "1:23-cv-01234"],
    ["1:23-cv-01234-ABC", "1:23-cv-01234"],
    ["1:23-cv-01234-ABC-DEF", "1:23-cv-01234"],
    ["1:20-cr-123-JMF-1", "1:20-cr-00123-1"],
    ["8:09-bk-18306", "8:09-bk-18306"],
    ["1:23-cv-123456", "1:23-cv-123456"],
    // The compact form lawyers paste (issue 15 item 10).
    ["1:23cv1234", "1:23-cv-01234"],
    ["1:23CV01234", "1:23-cv-01234"],
    ["1:23cv-1234", "1:23-cv-01234"],
    // Non-federal numbers are only trimmed.
    ["2002-CF-11026", "2002-CF-11026"],
    [" 22-1234 ", "22-1234"],
    ["21-1397", "21-1397"],
    ["08-16-00334-CV", "08-16-00334-CV"],
    ["8-09-78585", "8-09-78585"],
    ["MDL No. 2168", "MDL No. 2168"],
  ])("%j -> %j", (input, expected) => expect(normalizeDocket(input)).toBe(expected));
});

describe("case and document URLs", () => {
  const ref = { court: NYSD, docket: "1:23-cv-11195" };

  it("builds the observed case URL, with and without a title", () => {
    expect(caseUrl(SITE, ref, "The New York Times Company v. Microsoft Corporation et al")).toBe(NYT_URL);
    expect(caseUrl("https://www.docketalarm.com", ref)).toBe(
      "https://www.docketalarm.com/cases/New_York_Southern_District_Court/1--23-cv-11195/",
    );
    expect(caseUrl(SITE, ref, "A/B? #1 v. C")).toBe(
      "https://www.docketalarm.com/cases/New_York_Southern_District_Court/1--23-cv-11195/AB_1_v._C/",
    );
  });

  it("builds document URLs as the spec writes them", () => {
    expect(documentUrl(SITE, ref, 5)).toBe(
      "https://www.docketalarm.com/cases/New_York_Southern_District_Court/1--23-cv-11195/docs/5.pdf",
    );
    expect(documentUrl(SITE, { court: "Patent Trial and Appeal Board", docket: "IPR2014-00553" }, "12")).toBe(
      "https://www.docketalarm.com/cases/PTAB/IPR2014-00553/docs/12.pdf",
    );
    expect(caseUrl(SITE, { court: FLORIDA, docket: "526241/2019" })).toBe(
      "https://www.docketalarm.com/cases/Florida_State_Duval_County_Fourth_Circuit_Court/526241---2019/",
    );
  });
});

describe("parseCaseUrl", () => {
  it("reads the observed case URL", () => {
    expect(parseCaseUrl(NYT_URL, SITE)).toEqual({ ref: { court: NYSD, docket: "1:23-cv-11195" } });
  });

  it("reads entry pages, numbered documents and named state documents", () => {
    expect(
      parseCaseUrl("https://www.docketalarm.com/cases/Washington_Western_District_Court/2--19-cr-00159/USA_v._Thompson/1/", SITE),
    ).toEqual({ ref: { court: "Washington Western District Court", docket: "2:19-cr-00159" }, entryNumber: "1" });
    expect(parseCaseUrl(`${NYT_URL.replace(/[^/]+\/$/, "")}docs/42.pdf?x=1#p2`, SITE)).toEqual({
      ref: { court: NYSD, docket: "1:23-cv-11195" },
      documentNumber: "42",
    });
    expect(
      parseCaseUrl(
        "https://www.docketalarm.com/cases/Arkansas_State_Faulkner_County_Circuit_Court/23DR-98-821/OCSE_V_JOHN_TAYLOR/docs/28082014_OTHER_0.pdf",
        SITE,
      ),
    ).toEqual({
      ref: { court: "Arkansas State Faulkner County Circuit Court", docket: "23DR-98-821" },
      documentNumber: "28082014_OTHER_0",
      courtGuessed: true,
    });
  });

  it("decodes `---` to `/` and guesses courts outside the table", () => {
    const parsed = parseCaseUrl(
      "https://www.docketalarm.com/cases/New_York_State_Kings_County_Supreme_Court/526241---2019/Genius_Media_Group_Inc._v._Google_LLC_et_al/1/",
      SITE,
    );
    expect(parsed).toEqual({
      ref: { court: "New York State Kings County Supreme Court", docket: "526241/2019" },
      entryNumber: "1",
      courtGuessed: true,
    });
    expect(parseCaseUrl("https://www.docketalarm.com/cases/PTAB/IPR2014-00553/x/", SITE)?.ref.court).toBe(
      "Patent Trial and Appeal Board",
    );
  });

  it("trusts only the given site (and its www twin)", () => {
    expect(parseCaseUrl(NYT_URL.replace("www.docketalarm.com", "evil.example"), SITE)).toBeUndefined();
    expect(parseCaseUrl(NYT_URL.replace("www.docketalarm.com", "docketalarm.com.evil.example"), SITE)).toBeUndefined();
    expect(parseCaseUrl(NYT_URL.replace("www.docketalarm.com", "www.docketalarm.com:8443"), SITE)).toBeUndefined();
    expect(parseCaseUrl(NYT_URL.replace("www.", ""), SITE)?.ref.docket).toBe("1:23-cv-11195");
    expect(parseCaseUrl(NYT_URL.replace("www.docketalarm.com", "evil.example"))?.ref.court).toBe(NYSD);
  });

  it("honours a site with a path prefix", () => {
    const site = "http://127.0.0.1:4010/site/";
    expect(parseCaseUrl("http://127.0.0.1:4010/site/cases/Delaware_District_Court/1--22-cv-00001/", site)?.ref).toEqual({
      court: "Delaware District Court",
      docket: "1:22-cv-00001",
    });
    expect(parseCaseUrl("http://127.0.0.1:4010/cases/Delaware_District_Court/1--22-cv-00001/", site)).toBeUndefined();
  });

  it.each([
    "not a url",
    "ftp://www.docketalarm.com/cases/Delaware_District_Court/1--22-cv-00001/",
    "https://www.docketalarm.com/search/?q=acme",
    "https://www.docketalarm.com/cases/Delaware_District_Court/",
    "https://www.docketalarm.com/cases/Delaware_District_Court/%E0%A4%A/",
    "https://www.docketalarm.com/cases/Delaware_District_Court/%3Cscript%3E/",
    "javascript:alert(1)",
  ])("rejects %s", (url) => expect(parseCaseUrl(url, SITE)).toBeUndefined());

  it("round-trips every court in the table", () => {
    for (const c of COURTS) {
      const ref = { court: c.name, docket: "1:23-cv-01234" };
      expect(parseCaseUrl(caseUrl(SITE, ref, "Acme Corp. v. Widget, Inc."), SITE)?.ref, c.code).toEqual(ref);
      expect(parseCaseUrl(documentUrl(SITE, ref, 7), SITE)?.documentNumber).toBe("7");
    }
  });
});

describe("parseCaseRef", () => {
  it.each([
    ["nysd 1:23-cv-01234", NYSD, "1:23-cv-01234", ""],
    ["NYSD 1:23-cv-1234", NYSD, "1:23-cv-01234", ""],
    ["S.D.N.Y. 1:23-cv-1234", NYSD, "1:23-cv-01234", ""],
    ["SDNY No. 1:23-cv-01234 daily", NYSD, "1:23-cv-01234", "daily"],
    ["D. Del. 1:22-cv-00001", "Delaware District Court", "1:22-cv-00001", ""],
    ["D.Del. 1:22-cv-00001", "Delaware District Court", "1:22-cv-00001", ""],
    ["Bankr. D. Del. 22-10001 weekly", "Delaware Bankruptcy Court", "22-10001", "weekly"],
    ["Fed. Cir. 2022-1234 what was decided?", "Court of Appeals for the Federal Circuit", "2022-1234", "what was decided?"],
    ["2nd Cir 22-1234", "Court of Appeals for the Second Circuit", "22-1234", ""],
    ["E.D. Tex. 2:23-cv-00123", "Texas Eastern District Court", "2:23-cv-00123", ""],
    ["Southern District of New York 1:23-cv-01234", NYSD, "1:23-cv-01234", ""],
    ["New York Southern District Court 1:23-cv-01234", NYSD, "1:23-cv-01234", ""],
    ["scotus 21-1397", "Supreme Court of the United States", "21-1397", ""],
    ["jpml MDL No. 2168", "Judicial Panel on Multidistrict Litigation", "MDL No. 2168", ""],
    ["PTAB IPR2014-00553", "Patent Trial and Appeal Board", "IPR2014-00553", ""],
    ["  nysd   1:23-cv-01234   What did the court order\non 3/4?  ", NYSD, "1:23-cv-01234", "What did the court order\non 3/4?"],
  ])("%j", (input, court, docket, rest) => {
    expect(ok(parseCaseRef(input))).toEqual({ ok: true, ref: { court, docket }, rest });
  });

  it("takes a quoted long court name, straight or curly quotes", () => {
    for (const [open, close] of [['"', '"'], ["“", "”"], ["”", "”"], ["„", "“"]]) {
      const r = ok(parseCaseRef(`${open}${FLORIDA}${close} 2014-CF-003894 weekly`));
      expect(r.ref).toEqual({ court: FLORIDA, docket: "2014-CF-003894" });
      expect(r.rest).toBe("weekly");
    }
    expect(ok(parseCaseRef('"new york southern   district court" 1:23-cv-1234')).ref.court).toBe(NYSD);
  });

  it("takes pasted links: bare, Slack-wrapped with and without a label, and the rest", () => {
    for (const input of [NYT_URL, `<${NYT_URL}>`, `<${NYT_URL}|The New York Times v. Microsoft>`]) {
      const r = ok(parseCaseRef(`${input}  who is lead counsel?`, { siteUrl: SITE }));
      expect(r.ref).toEqual({ court: NYSD, docket: "1:23-cv-11195" });
      expect(r.rest).toBe("who is lead counsel?");
    }
    const state = ok(parseCaseRef("<https://www.docketalarm.com/cases/Florida_State_Duval_County_Fourth_Circuit_Court/2014-CF-003894/>"));
    expect(state).toMatchObject({ ref: { docket: "2014-CF-003894" }, courtGuessed: true });
  });

  it("refuses links to other hosts when the site is known", () => {
    const message = failure(parseCaseRef(`<${NYT_URL.replace("www.docketalarm.com", "evil.example")}>`, { siteUrl: SITE }));
    expect(message).toMatch(/^That link isn't a case on the docket service's site\./);
    expect(failure(parseCaseRef("<https://www.docketalarm.com/cases/", { siteUrl: SITE }))).toMatch(/That link/);
  });

  it("explains bad input in one clear sentence with an example", () => {
    expect(failure(parseCaseRef("xyz 1:23-cv-01234"))).toBe(
      'I don\'t know the court "xyz". Use a court code like nysd, a citation like S.D.N.Y., a full court name in quotes, or paste the case link.',
    );
    expect(failure(parseCaseRef("NY 1:23-cv-01234"))).toMatch(/^I don't know the court "NY"\./);
    expect(failure(parseCaseRef("Florida State, Duval County 2014-CF-003894"))).toMatch(
      /^I don't know the court "Florida State, Duval County"\..*in quotes/,
    );
    expect(failure(parseCaseRef("nysd hello"))).toBe("That doesn't look like a docket number. Example: nysd 1:23-cv-01234");
    expect(failure(parseCaseRef("nysd"))).toBe("Add the docket number after the court. Example: nysd 1:23-cv-01234");
    expect(failure(parseCaseRef("1:23-cv-01234"))).toBe("Put the court before the docket number. Example: nysd 1:23-cv-01234");
    expect(failure(parseCaseRef("   "))).toMatch(/^Tell me which case/);
    expect(failure(parseCaseRef(`"${FLORIDA} 2014-CF-003894`))).toMatch(/missing its closing quote/);
    expect(failure(parseCaseRef('"" 2014-CF-003894'))).toMatch(/^Tell me which case/);
    const long = failure(parseCaseRef(`${"z".repeat(500)} 1:23-cv-01234`));
    expect(long.length).toBeLessThan(200);
  });
});

describe("findCaseRefs", () => {
  it("finds links and court-docket pairs in order, without repeats", () => {
    const text = [
      "Per S.D.N.Y. No. 1:23-cv-01234 and again nysd 1:23-cv-1234,",
      `see <${NYT_URL}|NYT> and ${NYT_URL}`,
      "and Acme v. Widget, No. 2:23-cv-00123 (E.D. Tex. Mar. 4, 2024); cf. 2d Cir. 22-1234.",
    ].join("\n");
    expect(findCaseRefs(text, SITE)).toEqual([
      { ref: { court: NYSD, docket: "1:23-cv-01234" } },
      { ref: { court: NYSD, docket: "1:23-cv-11195" } },
      { ref: { court: "Texas Eastern District Court", docket: "2:23-cv-00123" } },
      { ref: { court: "Court of Appeals for the Second Circuit", docket: "22-1234" } },
    ]);
  });

  it("reads Slack-escaped links and flags guessed state courts", () => {
    const text = "<https://www.docketalarm.com/cases/New_York_State_Kings_County_Supreme_Court/526241---2019/x/?a=1&amp;b=2|Genius>";
    expect(findCaseRefs(text, SITE)).toEqual([
      { ref: { court: "New York State Kings County Supreme Court", docket: "526241/2019" }, courtGuessed: true },
    ]);
  });

  it("ignores other hosts, dates, everyday words and loose numbers", () => {
    const text = [
      `${NYT_URL.replace("www.docketalarm.com", "evil.example")}`,
      "Filed in S.D.N.Y. 3/4/2026; take med 10-20 mg; the 2d Cir. 2019 term; NY 1:23-cv-01234; D. Del. 12",
    ].join(" ");
    expect(findCaseRefs(text, SITE)).toEqual([]);
    expect(findCaseRefs("")).toEqual([]);
  });
});

describe("linear time on hostile input (100 KB)", () => {
  const big = (unit: string) => unit.repeat(Math.ceil(100_000 / unit.length));

  it.each([
    ["1:", big("1:")],
    ["dashes", big("-")],
    ["judge initials", `1:23-cv-1${big("-ab")}!`],
    ["unclosed Slack links", big("<https://www.docketalarm.com/cases/a|")],
    ["court words", big("S.D.N.Y. ")],
    ["quotes", `"${big("a ")}`],
    ["No. No.", big("nysd No. ")],
    ["one long token", big("a")],
  ])("%s", (_name, input) => {
    expect(input.length).toBeGreaterThanOrEqual(100_000);
    expect(normalizeDocket(input)).toBe(input.trim());
    expect(parseCaseRef(input).ok).toBe(false);
    expect(findCaseRefs(input, SITE)).toEqual([]);
    expect(parseCaseUrl(input, SITE)).toBeUndefined();
  });

  it("still finds a reference at the end of 100 KB of text", () => {
    expect(findCaseRefs(`${big("lorem ipsum ")} nysd 1:23-cv-01234`)).toEqual([{ ref: { court: NYSD, docket: "1:23-cv-01234" } }]);
  });
});

const FIXTURES = join(fileURLToPath(new URL("../../../shared/", import.meta.url)), "fixtures", "real-dockets");
const hasShared = existsSync(FIXTURES);
if (!hasShared) console.warn(`[refs.test] ${FIXTURES} is absent: skipping the real-docket fixture checks`);

describe.skipIf(!hasShared)("real-docket fixtures (../shared/fixtures/real-dockets)", () => {
  it("every federal fixture's court and docket round-trip through a typed ref and the site URL", () => {
    const files = readdirSync(FIXTURES, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"));
    let checked = 0;
    for (const file of files) {
      const info = (JSON.parse(readFileSync(join(FIXTURES, file), "utf8")) as { info?: { court?: string; docket?: string } }).info;
      const court = info?.court ? courtByCode(info.court) : undefined;
      if (!court || !info?.docket) continue;
      const docket = normalizeDocket(info.docket);
      const typed = ok(parseCaseRef(`${court.citation} ${info.docket} rest`));
      expect(typed, file).toEqual({ ok: true, ref: { court: court.name, docket }, rest: "rest" });
      expect(ok(parseCaseRef(`${info.court} ${info.docket}`)).ref, file).toEqual({ court: court.name, docket });
      expect(parseCaseUrl(caseUrl(SITE, { court: court.name, docket }, "T"), SITE)?.ref, file).toEqual({ court: court.name, docket });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe("withDefaultOffice", () => {
  it.each([
    ["23-cv-01234", "1:23-cv-01234"],
    ["23-cv-1234", "1:23-cv-01234"],
    ["23cv1234", "1:23-cv-01234"],
    ["23-cv-01234-JMF", "1:23-cv-01234"],
  ])("%j -> %j", (input, expected) => expect(withDefaultOffice(input)).toBe(expected));

  // A four-digit year is a state number (Florida's 2002-CF-11026), never a federal citation.
  it.each(["1:23-cv-01234", "22-1234", "2002-CF-11026", "08-16-00334-CV", "MDL No. 2168", ""])("leaves %j alone", (input) => {
    expect(withDefaultOffice(input)).toBeUndefined();
  });
});
