/**
 * Goldens of the search views, in their own file: pacer.test.ts imports search-results.test.ts (for
 * HOSTILE), which runs that file's tests a second time; goldens there would be checked twice.
 */
import { describe, it } from "vitest";
import { renderSearchModal, renderSearchNotice } from "../../../../src/features/search/views/search-modal.ts";
import { renderSearching, renderSearchProblem, renderSearchResults, type SearchHit, type SearchResultsModel } from "../../../../src/features/search/views/search-results.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://docket.example/";
const view = (v: unknown) => expectValidView(v as Record<string, unknown>);

const HITS: SearchHit[] = [
  { title: "Acme Corp v. Widget Inc", court: "New York Southern District Court", docket: "1:23-cv-01234", date_filed: "1/5/2023" },
  { title: "Acme Corp v. Globex Corporation", court: "Delaware District Court", docket: "1:24-cv-00042", date_filed: "2/14/2024" },
  { title: "In re Acme Widget Patent Litigation", court: "Texas Eastern District Court", docket: "2:25-md-03001" },
];

function model(extra: Partial<SearchResultsModel> = {}): SearchResultsModel {
  return { query: "acme widget", hits: HITS, offset: 0, total: 3, askEnabled: true, ref: "7f3a", ...extra };
}

describe("search results goldens", () => {
  it("one page of results, Ask offered", async () => {
    const m = renderSearchResults(model(), { siteUrl });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/search-results");
  });

  it("a middle page with Previous and Next, Ask not offered", async () => {
    const m = renderSearchResults(
      model({ offset: 20, total: 63, askEnabled: false, previousValue: '{"q":"acme widget","o":0}', nextValue: '{"q":"acme widget","o":40}' }),
      { siteUrl },
    );
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/search-results-paged");
  });

  it("no results", async () => {
    const m = renderSearchResults(model({ hits: [], total: 0 }), { siteUrl });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/search-results-empty");
  });

  it("searching, and a problem", async () => {
    const searching = renderSearching("acme widget");
    const problem = renderSearchProblem("The docket service didn't answer in time. Try again in a minute.");
    expectValidMessage(searching);
    expectValidMessage(problem);
    await expectGoldens(searching, "./__goldens__/searching");
    await expectGoldens(problem, "./__goldens__/search-problem");
  });
});

describe("search modal goldens", () => {
  it("the empty form", async () => {
    const v = renderSearchModal({ privateMetadata: "{}", status: { kind: "form" } }, { siteUrl });
    view(v);
    await expectGoldens(v, "./__goldens__/search-modal-form");
  });

  it("searching", async () => {
    const v = renderSearchModal({ query: "acme widget", court: "nysd", destination: "C0ACME", privateMetadata: "{}", status: { kind: "searching" } }, { siteUrl });
    view(v);
    await expectGoldens(v, "./__goldens__/search-modal-searching");
  });

  it("results with a Next button", async () => {
    const v = renderSearchModal(
      { query: "acme widget", privateMetadata: "{}", status: { kind: "results", hits: HITS, offset: 0, total: 23, nextValue: '{"q":"acme widget","o":20}' } },
      { siteUrl },
    );
    view(v);
    await expectGoldens(v, "./__goldens__/search-modal-results");
  });

  it("no results", async () => {
    const v = renderSearchModal({ query: "zzyzx", privateMetadata: "{}", status: { kind: "results", hits: [], offset: 0, total: 0 } }, { siteUrl });
    view(v);
    await expectGoldens(v, "./__goldens__/search-modal-no-results");
  });

  it("failed", async () => {
    const v = renderSearchModal({ query: "acme widget", privateMetadata: "{}", status: { kind: "failed", message: "The docket service didn't answer in time. Try again in a minute." } }, { siteUrl });
    view(v);
    await expectGoldens(v, "./__goldens__/search-modal-failed");
  });

  it("the notice modal", async () => {
    const v = renderSearchNotice("Search isn't available in this channel: it isn't linked to a client matter.");
    view(v);
    await expectGoldens(v, "./__goldens__/search-notice");
  });
});
