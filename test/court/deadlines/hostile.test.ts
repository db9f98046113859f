/**
 * Hostile entry text (DEVELOPERS.md: everything the service returns is untrusted): a 1 MB entry,
 * deep and broken HTML, scripts, impossible and zero dates, and text built to make the phrase
 * patterns backtrack. The extractor must answer, quickly and without throwing; speed is the
 * bench's to measure, so the bound here is only the test's own timeout.
 */
import { describe, expect, it } from "vitest";
import { extractCourtDates, extractMentions } from "../../../src/court/deadlines/extract.ts";

const e = (contents: unknown) => ({ contents, date: "1/2/2025", number: "1" });

describe("hostile entries", () => {
  it("reads a 1 MB entry (only its first part)", { timeout: 5_000 }, () => {
    const big = "Responses due by 1/13/2025. " + "x".repeat(1_000_000) + " Replies due by 1/27/2025.";
    expect(extractMentions(e(big), 0).map((m) => m.date)).toEqual(["2025-01-13"]);
  });

  it("reads 1 MB of dates without blowing up", { timeout: 5_000 }, () => {
    const many = "Status Conference set for 5/1/2025 10:00 AM. ".repeat(25_000);
    const ms = extractMentions(e(many), 0);
    expect(ms.length).toBeGreaterThan(0);
    expect(extractCourtDates([e(many)])).toHaveLength(1);
  });

  it("survives text built to make the patterns backtrack", { timeout: 5_000 }, () => {
    const inputs = [
      "set ".repeat(50_000) + "for 1/2/2025",
      "due ".repeat(50_000) + "1/2/2025",
      ", ".repeat(100_000) + "by 1/2/2025",
      "a".repeat(100_000) + " shall file " + "b ".repeat(50_000) + "by 1/2/2025",
      "deadline " + "x ".repeat(100_000) + "1/2/2025",
      "1/".repeat(100_000) + "2025",
      "December ".repeat(50_000) + "8, 2026",
      "at ".repeat(50_000) + "10:00 1/2/2025",
      "(".repeat(50_000) + "Hearing set for 1/2/2025" + ")".repeat(50_000),
    ];
    for (const text of inputs) expect(() => extractMentions(e(text), 0)).not.toThrow();
  });

  it("reads nested and broken HTML, and no script as text to obey", () => {
    const html =
      "<div>".repeat(2_000) + "<span class='description'>Motion Hearing set for <b>3/4/2025</b> 10:00 AM</span>" + "</div>".repeat(2_000) +
      "<script>alert('Hearing set for 9/9/2025')</script><a href='/cases/x'>Trial</a> <p unclosed";
    const ms = extractMentions(e(html), 0);
    expect(ms[0]).toMatchObject({ key: "hearing:motion", date: "2025-03-04", time: "10:00" });
    for (const m of ms) expect(m.title).not.toMatch(/[<>]/);
  });

  it("finds no date in impossible or zero dates", () => {
    const text = "Hearing set for 2/30/2024. Responses due by 0/0/0000. Trial set for 13/45/2025. Reply due by 99/99/9999.";
    expect(extractMentions(e(text), 0)).toEqual([]);
  });

  it("answers nothing for contents that are not text", () => {
    for (const contents of [null, undefined, 42, {}, [], "", "   "]) expect(extractMentions(e(contents), 0)).toEqual([]);
  });
});
