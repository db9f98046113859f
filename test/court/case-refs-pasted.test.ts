/**
 * Issue 25 item 9: what a person pastes into `/docket case` reads as the same case everywhere. A
 * CM/ECF `DktRpt.pl?1:23-cv-01234` link is accepted by the command parser as it is by unfurls and
 * shortcuts (one caseRefOfLink), and dashes from Word (en, em, non-breaking hyphen, minus) in a
 * docket number read as hyphens, in commands and in free text alike.
 */
import { describe, expect, it } from "vitest";
import { caseRefOfLink, findCaseRefs, parseCaseRef, plainDashes } from "../../src/court/case-refs.ts";
import { caseLinks } from "../../src/features/cases/unfurl.ts";
import { caseRefsInText } from "../../src/slack/message-refs.ts";

const siteUrl = "https://site.example/";
const NYSD = "New York Southern District Court";
const ECF = "https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?1:23-cv-01234";

describe("one reading of a pasted case link", () => {
  it("/docket case accepts a CM/ECF link that carries its docket number, bare or as Slack wraps it", () => {
    for (const typed of [ECF, `<${ECF}>`, `<${ECF}|DktRpt.pl?1:23-cv-01234>`]) {
      expect(parseCaseRef(typed, { siteUrl })).toEqual({ ok: true, ref: { court: NYSD, docket: "1:23-cv-01234" }, rest: "" });
    }
    expect(parseCaseRef(`${ECF} daily`, { siteUrl })).toMatchObject({ ok: true, rest: "daily" });
  });

  it("the command, the unfurl and the message shortcut name the same case for the same link", () => {
    const ref = { court: NYSD, docket: "1:23-cv-01234" };
    expect(caseRefOfLink(ECF, siteUrl)).toEqual({ ref });
    expect(caseLinks([ECF], siteUrl)).toEqual([{ url: ECF, ref }]);
    expect(caseRefsInText(`see ${ECF}`, siteUrl)).toEqual([ref]);
    expect(findCaseRefs(`<${ECF}|the docket>`, siteUrl)).toEqual([{ ref }]);
  });

  it("a CM/ECF link with no docket number, or a stranger's link, is still refused with a sentence", () => {
    for (const typed of ["https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?601234", "https://evil.example/cases/x/1--23-cv-01234/"]) {
      const r = parseCaseRef(typed, { siteUrl });
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : r.message).toMatch(/^That link isn't a case/);
    }
  });
});

describe("dashes from Word", () => {
  const forms = ["1:23–cv–01234", "1:23—cv—01234", "1:23\u2011cv\u201101234", "1:23\u2212cv\u221201234", "1:23-cv–01234"];
  it.each(forms)("%s reads as 1:23-cv-01234 in a command", (typed) => {
    expect(parseCaseRef(`nysd ${typed}`, { siteUrl })).toEqual({ ok: true, ref: { court: NYSD, docket: "1:23-cv-01234" }, rest: "" });
  });
  it("and in free text, with a non-breaking space between court and number", () => {
    expect(findCaseRefs("the order in S.D.N.Y.\u00a01:23–cv–01234 came in", siteUrl)).toEqual([{ ref: { court: NYSD, docket: "1:23-cv-01234" } }]);
  });
  it("a question's own dashes are left as written", () => {
    expect(parseCaseRef("nysd 1:23–cv–01234 Was it granted — and when?", { siteUrl })).toMatchObject({ ok: true, rest: "Was it granted — and when?" });
  });
  it("a number with no court still says to put the court first", () => {
    const r = parseCaseRef("1:23–cv–01234", { siteUrl });
    expect(r.ok ? "" : r.message).toMatch(/^Put the court before the docket number/);
  });
  it("plainDashes touches only dashes", () => {
    expect(plainDashes("a–b—c\u2011d\u2212e x")).toBe("a-b-c-d-e x");
  });
});
