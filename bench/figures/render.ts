/**
 * Rendering (issue 7): a 5,000-entry docket into paged Block Kit messages (src/render/case-view.ts),
 * and every real docket in ../shared/fixtures/real-dockets, every page checked by both Block Kit
 * checkers. Baseline in the same run: JSON.parse of the same docket's getdocket response, the least
 * any client must do with it. Warmed up, then the median of repeats.
 *
 * Two timings, because the case view renders one page per request: "all pages" (the docket into
 * every one of its messages: the figure the target names) and "first page" (what `/docket case`
 * renders, and what each Older/Newer click renders).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DocketResponse } from "../../src/docket/schemas/index.ts";
import { casePageCount, renderCaseView, type CaseViewModel, type CaseViewOptions } from "../../src/features/cases/views/case-view.ts";
import { courtLongName } from "../../src/court/labels.ts";
import { messageProblems, sharedDir, sharedValidator } from "../lib/blockkit.ts";
import { median, timeRepeated } from "../lib/stats.ts";
import { bigDocketJson } from "./big-docket.ts";

const WARMUP = 3;
const REPEATS = 9;
/** Rendering all 250 pages takes the better part of a second: fewer rounds of it. */
const SLOW = { warmup: 2, repeats: 5 };

export interface RenderFigure {
  entries: number;
  pages: number;
  /** JSON.parse of the docket's getdocket text (the baseline). */
  parseMs: number;
  /** Every page again, of a docket whose entries are converted (what paging reads: each entry converted once). */
  allPagesMs: number;
  /** Every page of a freshly parsed docket: each entry's HTML converted on its first page. */
  allPagesColdMs: number;
  firstPageMs: number;
  /** allPagesMs ÷ parseMs, firstPageMs ÷ parseMs. */
  allPagesRatio: number;
  firstPageRatio: number;
  invalidPages: number;
  /** Both checkers, or only ours (../shared absent). */
  validator: "shared+ours" | "ours only";
  realDockets: {
    present: boolean;
    dockets: number;
    pages: number;
    invalidPages: number;
    /** Every page of every real docket, rendered once (median of repeats). */
    allMs: number;
    slowest: { file: string; entries: number; pages: number; ms: number } | undefined;
    problems: string[];
  };
}

const options = (page: number): CaseViewOptions => ({
  siteUrl: "https://www.docketservice.example/", page, ref: "7f3a9c21", clientMatter: "ACME-001", cachedAt: "3/4/2026",
});

function renderAll(model: CaseViewModel) {
  const pages = casePageCount(model);
  const out = [];
  for (let page = 0; page < pages; page++) out.push(renderCaseView(model, options(page)));
  return out;
}

function timed(fn: () => void, rounds = { warmup: WARMUP, repeats: REPEATS }): number {
  timeRepeated(rounds.warmup, fn);
  return median(timeRepeated(rounds.repeats, fn));
}

export function runRender(log: (line: string) => void): RenderFigure {
  const text = bigDocketJson(5000);
  const model: CaseViewModel = { ...DocketResponse.parse(JSON.parse(text)), court: "New York Southern District Court", docket: "1:10-cv-00001" };
  const pages = renderAll(model);
  const invalidPages = pages.filter((p) => messageProblems(p).length > 0).length;

  const parseMs = timed(() => JSON.parse(text));
  const allPagesMs = timed(() => renderAll(model), SLOW);
  const fresh = () => ({ ...model, docket_report: model.docket_report.map((e) => ({ ...e })) });
  const allPagesColdMs = median(Array.from({ length: SLOW.repeats }, () => {
    const cold = fresh();
    const t = performance.now();
    renderAll(cold);
    return performance.now() - t;
  }));
  const firstPageMs = timed(() => renderCaseView(model, options(0)));
  log(`  render 5,000 entries: ${pages.length} pages in ${allPagesMs.toFixed(1)} ms (first time, converting every entry: ${allPagesColdMs.toFixed(1)} ms), first page ${firstPageMs.toFixed(2)} ms, JSON.parse ${parseMs.toFixed(1)} ms; ${invalidPages} invalid pages`);

  return {
    entries: model.docket_report.length,
    pages: pages.length,
    parseMs,
    allPagesMs,
    allPagesColdMs,
    firstPageMs,
    allPagesRatio: allPagesMs / parseMs,
    firstPageRatio: firstPageMs / parseMs,
    invalidPages,
    validator: sharedValidator ? "shared+ours" : "ours only",
    realDockets: realDockets(log),
  };
}

function realDockets(log: (line: string) => void): RenderFigure["realDockets"] {
  const root = fileURLToPath(new URL("fixtures/real-dockets/", sharedDir));
  if (!existsSync(root)) {
    log("  render: ../shared/fixtures/real-dockets is absent; the real dockets are SKIPPED");
    return { present: false, dockets: 0, pages: 0, invalidPages: 0, allMs: 0, slowest: undefined, problems: [] };
  }
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json")).sort();
  const models: { file: string; model: CaseViewModel }[] = [];
  for (const file of files) {
    const raw = JSON.parse(readFileSync(join(root, file), "utf8")) as { success?: unknown };
    if (raw.success !== true) continue; // an error body, not a docket
    const d = DocketResponse.parse(raw);
    // Fixtures name courts by PACER code (`nysd`); the case view takes the service's long name.
    models.push({ file, model: { ...d, court: courtLongName(d.info.court ?? "unknown court"), docket: d.info.docket ?? "unknown" } });
  }
  let pageCount = 0;
  let invalidPages = 0;
  const problems: string[] = [];
  let slowest: RenderFigure["realDockets"]["slowest"];
  for (const { file, model } of models) {
    const pages = renderAll(model);
    pageCount += pages.length;
    pages.forEach((p, i) => {
      const found = messageProblems(p);
      if (found.length === 0) return;
      invalidPages++;
      problems.push(`${file} page ${i + 1}: ${found.slice(0, 3).join("; ")}`);
    });
    const ms = timed(() => renderAll(model));
    if (!slowest || ms > slowest.ms) slowest = { file, entries: model.docket_report.length, pages: pages.length, ms };
  }
  const allMs = timed(() => {
    for (const { model } of models) renderAll(model);
  });
  log(`  render ${models.length} real dockets: ${pageCount} pages in ${allMs.toFixed(1)} ms; ${invalidPages} invalid pages`);
  return { present: true, dockets: models.length, pages: pageCount, invalidPages, allMs, slowest, problems: problems.slice(0, 20) };
}
