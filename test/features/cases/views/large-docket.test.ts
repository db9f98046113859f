/**
 * Real dockets reach several thousand entries (fixtures README). A synthetic 5,000-entry docket,
 * shuffled, with long HTML entries, pages completely: every entry exactly once, newest first,
 * every page valid.
 */
import { describe, expect, it } from "vitest";
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import { casePageCount, renderCaseView, type CaseViewModel } from "../../../../src/features/cases/views/case-view.ts";
import { BLOCK_TEXT_TARGET } from "../../../../src/slack/blockkit/limits.ts";
import { decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { blockTextLength } from "../../../../src/slack/blockkit/limits.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";

const N = 5_000;
const siteUrl = "https://site.example/";

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bigDocket(): CaseViewModel {
  const next = rng(7);
  const start = Date.UTC(2010, 0, 1);
  const entries = Array.from({ length: N }, (_, i) => {
    const n = i + 1;
    // Two or three entries a day on average, so dates tie and numbers break the ties.
    const day = new Date(start + Math.floor(i / 2.5) * 86_400_000);
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
    const html =
      `<p><b>ORDER</b> re <a href="/cases/X/1--10-cv-1/T/${n}/">entry ${n}</a> &amp; <a href="https://evil.example/${n}">x</a> ` +
      `@here <@U${n}> ` +
      "lorem ipsum dolor sit amet consectetur ".repeat(30 + Math.floor(next() * 30)) +
      "</p>";
    return { date, number: String(n), contents: html, link: `${siteUrl}cases/X/1--10-cv-1/docs/${n}.pdf`, analyze: n % 7 === 0 ? { type: "order", outcome: "denied" } : {} };
  });
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  const raw = {
    success: true,
    info: { title: "In re Very Large Multidistrict Litigation", date_filed: "1/1/2010", judges: ["A", "B"], status: "Open" },
    parties: Array.from({ length: 300 }, (_, i) => ({ name: `Party ${i}`, type: i % 2 ? "Defendant" : "Plaintiff", counsel: [{ name: `Lawyer ${i}`, firm: `Firm ${i}`, lead: true }] })),
    docket_report: entries,
  };
  return { ...DocketResponse.parse(raw), court: "New York Southern District Court", docket: "1:10-cv-00001" };
}

describe("a 5,000-entry docket", () => {
  const model = bigDocket();

  it("pages completely: every entry exactly once, newest first, every page valid", () => {
    const pages = casePageCount(model);
    expect(pages).toBeGreaterThan(N / 50);
    const numbers: number[] = [];
    for (let page = 0; page < pages; page++) {
      const view = renderCaseView(model, { siteUrl, page, ref: "7f3a", clientMatter: "ACME-001", cachedAt: "3/4/2026" });
      expectValidMessage(view);
      expect(blockTextLength(view.blocks)).toBeLessThanOrEqual(BLOCK_TEXT_TARGET);
      for (const b of view.blocks) {
        if (b.type !== "section" || !b.accessory || !b.accessory.action_id.startsWith("get_pdf")) continue;
        const v = decodeValue(b.accessory.value);
        expect(b.text!.text.startsWith(`*#${v!.entry}* · `)).toBe(true);
        numbers.push(Number(v!.entry));
      }
      const older = view.blocks.some((b) => b.type === "actions" && b.elements.some((e) => e.action_id === "case_page:older"));
      expect(older).toBe(page < pages - 1);
    }
    expect(numbers).toHaveLength(N);
    expect(new Set(numbers).size).toBe(N);
    // Entry numbers rise with their dates here, so newest first means strictly descending.
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
});
