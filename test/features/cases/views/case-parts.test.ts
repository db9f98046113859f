/**
 * The parts every page of a docket's case view shares (case-parts.ts) are derived once per docket
 * version and paged from: a page reads the same from them as it would from a docket seen for the
 * first time, whatever the page, the order pages are asked in, or the request's options.
 */
import { describe, expect, it } from "vitest";
import { casePageCount, renderCaseView, type CaseViewModel, type CaseViewOptions } from "../../../../src/features/cases/views/case-view.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { model, siteUrl } from "./cases-fixtures.ts";

/** 400 entries (20 pages) with links, markup, hostile text, analysis tags, ties and undated ones. */
function docket(): CaseViewModel {
  const entries = Array.from({ length: 400 }, (_, i) => ({
    date: i % 50 === 49 ? null : `${(i % 12) + 1}/${(i % 28) + 1}/${2015 + Math.floor(i / 40)}`,
    ...(i % 9 === 4 ? {} : { number: String(i + 1) }),
    contents: `<b>ORDER</b> re <a href="/cases/X/1--10-cv-1/T/${i}/">entry ${i}</a> &amp; <a href="https://evil.example/${i}">x</a> @here ` + "lorem ipsum ".repeat(i % 40),
    ...(i % 3 === 0 ? { link: `${siteUrl}cases/X/1--10-cv-1/docs/${i}.pdf` } : {}),
    ...(i % 7 === 0 ? { analyze: { type: "order", outcome: "denied" } } : {}),
  }));
  return model({
    success: true,
    info: { title: "In re <!channel> Widget & Co Litigation", date_filed: "1/1/2015", judges: ["A", "B"], status: "Open", date_cached: "3/4/2026" },
    parties: Array.from({ length: 9 }, (_, i) => ({ name: `Party ${i}`, type: i % 2 ? "Defendant" : "Plaintiff", counsel: [{ name: `Lawyer ${i}`, firm: `Firm ${i}`, lead: true }] })),
    docket_report: entries,
  });
}

/** Each differs from the one before in one option, so an option remembered wrongly shows. */
const VARIANTS: Omit<CaseViewOptions, "page">[] = [
  { siteUrl, ref: "7f3a", clientMatter: "ACME-001", cachedAt: "3/4/2026" },
  { siteUrl, ref: "7f3a", clientMatter: "M & <x>", cachedAt: "3/4/2026" },
  { siteUrl, ref: "7f3a", clientMatter: "M & <x>", cachedAt: new Date("2026-03-04T15:12:00Z") },
  { siteUrl, ref: "7f3a", clientMatter: "M & <x>", cachedAt: new Date("2026-03-05T09:00:00Z") },
  { siteUrl, ref: "r<&>", clientMatter: "M & <x>", cachedAt: new Date("2026-03-05T09:00:00Z") },
  { siteUrl, ref: "r<&>", clientMatter: "M & <x>", cachedAt: new Date("2026-03-05T09:00:00Z"), testMode: true },
  { siteUrl: "https://other.example/", ref: "r<&>", clientMatter: "M & <x>", cachedAt: new Date("2026-03-05T09:00:00Z"), testMode: true },
  { siteUrl: "https://other.example/", ref: "r<&>", clientMatter: "M & <x>", testMode: true, share: true, notice: "Refreshed: *2* new" },
  { siteUrl: "https://other.example/", ref: "r<&>", share: true, notice: "Refreshed: *2* new" },
  { siteUrl, ref: "b9c0", pageSize: 7 },
];

/** A page as a docket seen for the first time renders it: nothing of an earlier render to read. */
const uncached = (m: CaseViewModel, opts: CaseViewOptions) => JSON.stringify(renderCaseView(structuredClone(m), opts));

describe("case view pages from the parts of a docket version", () => {
  it("every page, rendered first, again, and with the options changing between pages, equals the page of a docket seen for the first time", () => {
    const m = docket();
    const pages = casePageCount(m);
    expect(pages).toBe(20);
    for (const round of [1, 2]) {
      for (let page = -1; page <= pages; page++) {
        // The options change from page to page, so no remembered option is read for another.
        for (const v of round === 1 ? VARIANTS : [...VARIANTS].reverse()) {
          const opts = { ...v, page };
          const view = renderCaseView(m, opts);
          expect(JSON.stringify(view)).toBe(uncached(m, opts));
          if (round === 1 && page === 0) expectValidMessage(view);
        }
      }
    }
  });

  it("pages in any order, and the same page twice, read the same", () => {
    const m = docket();
    const opts = VARIANTS[0]!;
    const forward = Array.from({ length: casePageCount(m) }, (_, page) => JSON.stringify(renderCaseView(m, { ...opts, page })));
    const other = docket();
    const backward = forward.map((_, page) => forward.length - 1 - page).map((page) => JSON.stringify(renderCaseView(other, { ...opts, page }))).reverse();
    expect(backward).toEqual(forward);
    expect(forward.map((_, page) => JSON.stringify(renderCaseView(m, { ...opts, page })))).toEqual(forward);
  });

  it("a docket whose case or entries were replaced is read anew, not from the parts of the old one", () => {
    const m = docket();
    const opts = { ...VARIANTS[0]!, page: 0 };
    renderCaseView(m, opts);
    m.info = { ...m.info, title: "Renamed v. Other", status: "Closed" };
    expect(JSON.stringify(renderCaseView(m, opts))).toBe(uncached(m, opts));
    expect(renderCaseView(m, opts).blocks[0]).toMatchObject({ type: "header", text: { text: "Renamed v. Other" } });
    m.docket_report.push({ date: "1/1/2030", number: "9999", contents: "NEWEST entry", exhibits: [] } as never);
    expect(JSON.stringify(renderCaseView(m, opts))).toBe(uncached(m, opts));
    m.court = "Delaware District Court";
    expect(JSON.stringify(renderCaseView(m, opts))).toBe(uncached(m, opts));
    const entry = m.docket_report.find((e) => e.number === "9999")!;
    entry.contents = "NEWEST entry, amended";
    expect(JSON.stringify(renderCaseView(m, opts))).toContain("NEWEST entry, amended");
  });

  it("reads the case's header and footer facts once per docket version, not once per page", () => {
    const m = docket();
    const reads: string[] = [];
    m.info = new Proxy(m.info, { get: (target, key, receiver) => (reads.push(String(key)), Reflect.get(target, key, receiver)) });
    const opts = { siteUrl, ref: "b9c0" };
    const pages = casePageCount(m);
    renderCaseView(m, { ...opts, page: 0 });
    const firstPage = reads.length;
    expect(firstPage).toBeGreaterThan(0);
    for (let page = 1; page < pages; page++) renderCaseView(m, { ...opts, page });
    // Title, court link, filed and status, the cache time: all read with the first page.
    expect(reads.slice(firstPage)).toEqual([]);
  });
});
