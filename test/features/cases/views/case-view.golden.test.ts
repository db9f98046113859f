import { describe, expect, it } from "vitest";
import { refreshNotice } from "../../../../src/features/cases/views/case-messages.ts";
import { casePageCount, renderCaseView as renderOnce, type CaseViewModel, type CaseViewOptions } from "../../../../src/features/cases/views/case-view.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { acmeDocket } from "./acme-docket.ts";
import { siteUrl } from "./cases-fixtures.ts";

/**
 * Each golden rendered twice from the same docket, and the second is the one compared: it reads
 * what the first derived (case-parts.ts), and must read the same.
 */
function renderCaseView(m: CaseViewModel, opts: CaseViewOptions) {
  const first = renderOnce(m, opts);
  const second = renderOnce(m, opts);
  expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  return second;
}

describe("case view goldens", () => {
  it("the first page of an open case, with a matter", async () => {
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", clientMatter: "ACME-001" });
    expectValidMessage(v);
    await expectGoldens(v, "./__goldens__/case-view-first-page");
  });

  it("the last (older) page", async () => {
    const m = acmeDocket();
    const v = renderCaseView(m, { siteUrl, page: casePageCount(m) - 1, ref: "7f3a", clientMatter: "ACME-001" });
    expectValidMessage(v);
    await expectGoldens(v, "./__goldens__/case-view-last-page");
  });

  it("a closed case with no entries yet, cached at a Date (Slack date formatting)", async () => {
    const v = renderCaseView(acmeDocket({ entries: [], info: { date_terminated: "2/2/2025", status: "Closed" } }), {
      siteUrl, page: 0, ref: "b9c0", cachedAt: new Date("2026-03-04T15:12:00Z"),
    });
    expectValidMessage(v);
    await expectGoldens(v, "./__goldens__/case-view-empty-closed");
  });

  it("the private view a lookup shows: Share button, refresh notice, test mode", async () => {
    const v = renderCaseView(acmeDocket(), { siteUrl, page: 0, ref: "7f3a", clientMatter: "ACME-001", share: true, testMode: true, notice: refreshNotice([]) });
    expectValidMessage(v);
    await expectGoldens(v, "./__goldens__/case-view-shared-refreshed");
  });
});
