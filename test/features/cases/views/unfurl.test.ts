import { describe, expect, it } from "vitest";
import { renderCaseUnfurl } from "../../../../src/features/cases/views/unfurl.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { acmeDocket } from "./acme-docket.ts";
import { ZWJ, hostileCase, siteUrl } from "./cases-fixtures.ts";

describe("renderCaseUnfurl", () => {
  it("is a compact card: identity line, status and the latest entry", () => {
    const card = renderCaseUnfurl(hostileCase(), { siteUrl });
    expectValidMessage(card);
    expect(card.blocks).toHaveLength(3);
    const json = JSON.stringify(card.blocks);
    expect(json).toContain("S.D.N.Y. · 1:23-cv-01234");
    expect(json).toContain("Filed 1/5/2023 · Open · 2 docket entries");
    expect(json).toContain("*Latest:* *#42* · 3/3/2026");
    expect(card.text).toBe("Acme Corp v. ‹!channel> Widget & Co · S.D.N.Y. · 1:23-cv-01234 · Open");
  });

  it("defuses service text and keeps only the site's links", () => {
    const json = JSON.stringify(renderCaseUnfurl(hostileCase(), { siteUrl }).blocks);
    expect(json).not.toContain("<!channel>");
    expect(json).toContain(`@${ZWJ}here`);
    expect(json).not.toContain("evil.example");
  });

  it("handles a case without entries, and closed cases", () => {
    const card = renderCaseUnfurl(hostileCase({ entries: [], info: { date_terminated: "2/2/2025" } }), { siteUrl });
    expectValidMessage(card);
    expect(JSON.stringify(card.blocks)).toContain("Closed 2/2/2025 · No docket entries yet");
    expect(card.blocks).toHaveLength(2);
  });
});

describe("unfurl goldens", () => {
  it("an open case with entries", async () => {
    const card = renderCaseUnfurl(acmeDocket(), { siteUrl });
    expectValidMessage(card);
    await expectGoldens(card, "./__goldens__/case-unfurl");
  });

  it("a closed case without entries", async () => {
    const card = renderCaseUnfurl(acmeDocket({ entries: [], info: { date_terminated: "2/2/2025" } }), { siteUrl });
    expectValidMessage(card);
    await expectGoldens(card, "./__goldens__/case-unfurl-closed-empty");
  });
});
