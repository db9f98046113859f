import { describe, expect, it } from "vitest";
import { renderApprovalRequest } from "../../../../src/features/budgets/views/fee-approval.ts";
import { whatInSentence } from "../../../../src/features/budgets/views/what-in-sentence.ts";

describe("a held action's name inside a sentence", () => {
  it.each([
    ["This PACER search", "this PACER search"],
    ["A live PACER search", "a live PACER search"],
    ["Refresh from court", "refresh from court"],
    ["PACER search", "PACER search"],
    ["", ""],
  ])("%s → %s", (what, said) => expect(whatInSentence(what)).toBe(said));
});

describe("the admin's approval request", () => {
  it("keeps PACER in capitals", () => {
    const m = renderApprovalRequest({ actionId: 1, clientMatter: "ACME-001", requestedBy: "U0MEMBER", channelId: "C0ACME", what: "This PACER search", summary: "acme widget", expected: 0.2, spent: 0.54, cap: 0.6 });
    expect(m.text).toBe("Approval needed: this PACER search billed to ACME-001, past its monthly budget.");
  });
});
