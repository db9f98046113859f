import { describe, expect, it } from "vitest";
import { caseIdentity, caseIdentityText } from "../../../src/slack/blockkit/case-identity.ts";

const siteUrl = "https://site.example/";
const acme = { title: "Acme Corp v. Widget Inc", court: "New York Southern District Court", docket: "1:23-cv-01234" };

describe("caseIdentity", () => {
  it("is the bold linked title, the court's short form and the docket", () => {
    expect(caseIdentity(acme, { siteUrl })).toBe(
      "*<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234",
    );
    expect(caseIdentityText(acme)).toBe("Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234");
  });

  it("cuts a long title at a word boundary with …", () => {
    const title = "In re Application of the Very Long Caption Holdings Corporation for an Order Pursuant to 28 U.S.C. 1782";
    const line = caseIdentity({ ...acme, title }, { siteUrl, maxTitle: 40 });
    const label = /\|([^>]*)>/.exec(line)![1]!;
    expect(label).toBe("In re Application of the Very Long…");
    expect(title.startsWith(label.slice(0, -1))).toBe(true);
    expect(title[label.length - 1]).toBe(" ");
    expect(caseIdentityText({ ...acme, title }, 40)).toMatch(/^In re Application of the Very Long… · S\.D\.N\.Y\./);
  });

  it("maps PACER codes and passes state courts through", () => {
    expect(caseIdentity({ ...acme, court: "nysd" }, { siteUrl })).toContain("/cases/New_York_Southern_District_Court/");
    expect(caseIdentityText({ ...acme, court: "Delaware District Court" })).toContain("· D. Del. ·");
    const state = { title: "State v. Doe", court: "Florida State, Duval County, Fourth Circuit Court", docket: "2014-CF-003894" };
    expect(caseIdentityText(state)).toBe("State v. Doe · Florida State, Duval County, Fourth Circuit Court · 2014-CF-003894");
    expect(caseIdentity(state, { siteUrl })).toContain("/cases/Florida_State_Duval_County_Fourth_Circuit_Court/2014-CF-003894/");
  });

  it("escapes a hostile title and keeps the link intact", () => {
    const line = caseIdentity({ ...acme, title: "<!channel> & Co | <b>x</b> *y* @here" }, { siteUrl });
    expect(line).toMatch(/^\*<https:\/\/site\.example\/[^|<>\s]+\|&lt;!channel&gt; &amp; Co ｜ x ∗y∗ @\u200Dhere>\* · /);
    expect(caseIdentityText({ ...acme, title: "<!channel> Holdings" })).toBe("‹!channel> Holdings · S.D.N.Y. · 1:23-cv-01234");
  });

  it("falls back to the docket number without a title, and drops the link without a site", () => {
    // Never the number twice (message-style.md; issue 25 item 10): with no title it stands in once.
    expect(caseIdentityText({ ...acme, title: " " })).toBe("1:23-cv-01234 · S.D.N.Y.");
    expect(caseIdentity({ ...acme, title: undefined }, { siteUrl: "not a url" })).toBe("*1:23-cv-01234* · S.D.N.Y.");
  });
});
