import { describe, expect, it } from "vitest";
import { isSealedEntry } from "../../src/court/sealed.ts";

describe("isSealedEntry (issue 15 item 12)", () => {
  it.each([
    "SEALED DOCUMENT placed in vault. (jgo)",
    "<span class='description'>***SEALED*** MOTION for Leave</span>",
    "Sealed Order granting motion",
    "[SEALED] LETTER",
  ])("%j is sealed", (text) => expect(isSealedEntry(text)).toBe(true));

  it.each([
    "LETTER MOTION for Leave to File Document under Seal",
    "ORDER granting Letter Motion to Seal.",
    "UNSEALED ORDER",
    "Order to unseal the SEALED DOCUMENT",
    "",
    undefined,
  ])("%j is not", (text) => expect(isSealedEntry(text)).toBe(false));
});
