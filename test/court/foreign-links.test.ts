import { describe, expect, it } from "vitest";
import { foreignCaseLinksIn, parseForeignCaseLink } from "../../src/court/foreign-links.ts";

describe("links lawyers paste that are not the service's own (issue 15 item 14)", () => {
  it("reads the court from a CM/ECF host, and the docket number only when the link carries it", () => {
    expect(parseForeignCaseLink("https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?601234")).toEqual({ source: "cmecf", court: "nysd", docket: undefined });
    expect(parseForeignCaseLink("https://ecf.deb.uscourts.gov/cgi-bin/iqquerymenu.pl?123")).toMatchObject({ court: "deb" });
    expect(parseForeignCaseLink("https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?1:23-cv-01234")).toMatchObject({ court: "nysd", docket: "1:23-cv-01234" });
    expect(parseForeignCaseLink("https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?case_num=1:23cv1234&x=1")).toMatchObject({ docket: "1:23-cv-01234" });
    expect(parseForeignCaseLink("https://ecf.zzzz.uscourts.gov/cgi-bin/DktRpt.pl?1")).toEqual({ source: "cmecf", court: undefined, docket: undefined });
  });

  it("reads a CourtListener docket's title words and a RECAP document's court", () => {
    expect(parseForeignCaseLink("https://www.courtlistener.com/docket/68093012/acme-widgets-inc-v-globex-corporation/")).toEqual({
      source: "courtlistener", title: "acme widgets inc v globex corporation",
    });
    expect(parseForeignCaseLink("https://www.courtlistener.com/docket/68093012/54/acme-v-globex/")).toMatchObject({ title: "acme v globex" });
    expect(parseForeignCaseLink("https://storage.courtlistener.com/recap/gov.uscourts.nysd.601234/gov.uscourts.nysd.601234.54.0.pdf")).toEqual({
      source: "courtlistener", court: "nysd",
    });
  });

  it("ignores everything else, hostile input included", () => {
    for (const url of ["https://evil.example/ecf.nysd.uscourts.gov", "ftp://ecf.nysd.uscourts.gov/x", "javascript:alert(1)", "https://ecf.nysd.uscourts.gov.evil.example/", "not a url", `https://ecf.nysd.uscourts.gov/${"a".repeat(3000)}`]) {
      expect(parseForeignCaseLink(url)).toBeUndefined();
    }
  });

  it("finds them in message text, bare or in Slack's link form", () => {
    const text = "See <https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?601234|the docket> and https://www.courtlistener.com/docket/1/acme-v-globex/.";
    expect(foreignCaseLinksIn(text).map((l) => l.source)).toEqual(["cmecf", "courtlistener"]);
  });
});
