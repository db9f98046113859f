/** Issue 25 item 7: a live document's receipt states its amount as `/docket usage` counts it, and the matter billed. */
import { describe, expect, it } from "vitest";
import { renderDocumentDelivered } from "../../../../src/features/cases/views/document-messages.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

describe("the document receipt", () => {
  it("an estimate at the tariff from the PDF's pages, in cents", async () => {
    const m = renderDocumentDelivered("document #56", "thread", "IP-PORTFOLIO", { amount: 2.9, basis: "estimate", pages: 29 });
    expectValidMessage(m);
    expect(m.text).toBe("Document #56 is in the case's thread. Court fee: about $2.90 (29 pages at PACER's $0.10 a page, up to $3.00), billed to IP-PORTFOLIO.");
    await expectGoldens(m, "./__goldens__/document-receipt");
  });
  it("says when the service reports no amount, and bills nobody in test mode", () => {
    expect(renderDocumentDelivered("document #3", "dm", "ACME-001", { amount: 0, basis: "unpriced" }).text).toContain("billed to ACME-001; the service reports no amount, so `/docket usage` counts it as not priced.");
    expect(renderDocumentDelivered("document #3", "dm").text).toBe("I sent document #3 to you in a direct message.");
  });
  it("defuses a hostile matter", () => {
    const m = renderDocumentDelivered("document #3", "thread", "<!channel> *x*", { amount: 3, basis: "estimate", pages: 45 });
    expectValidMessage(m);
    expect(JSON.stringify(m)).not.toContain("<!channel>");
  });
});
