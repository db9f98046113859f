import { describe, expect, it } from "vitest";
import { pdfPageCount } from "../../../src/features/cases/pdf-pages.ts";
import { feeOf } from "../../../src/features/usage/billable.ts";

const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.7\n${body}\n%%EOF`);

describe("pdfPageCount (issue 14 item 4: documents per page)", () => {
  it("counts page objects, not the page tree", () => {
    expect(pdfPageCount(pdf("1 0 obj << /Type /Pages /Count 3 >> endobj 2 0 obj <</Type/Page>> 3 0 obj << /Type /Page /Parent 1 0 R >> 4 0 obj << /Type /Page >>"))).toBe(3);
  });
  it("is undefined for what is not a PDF, or names no page", () => {
    expect(pdfPageCount(new TextEncoder().encode("<html>/Type /Page</html>"))).toBeUndefined();
    expect(pdfPageCount(pdf("1 0 obj << /Type /Pages /Count 0 >>"))).toBeUndefined();
    expect(pdfPageCount(new Uint8Array())).toBeUndefined();
  });
  it("prices a counted federal document at the tariff, capped per document; an uncounted one stays unpriced", () => {
    const row = { feeKind: "live_document", mayHaveIncurredFees: true, outcome: "ok", price: undefined };
    expect(feeOf({ ...row, pages: 25 })).toEqual({ kind: "court", amount: 2.5, basis: "estimate" });
    expect(feeOf({ ...row, pages: 300 })).toEqual({ kind: "court", amount: 3, basis: "estimate" });
    expect(feeOf({ ...row, pages: undefined })).toEqual({ kind: "court", amount: 0, basis: "unpriced" });
  });
});
