import { describe, expect, it } from "vitest";
import { DocketEntry } from "../../../src/docket/schemas/index.ts";
import { entrySection } from "../../../src/slack/blockkit/case-entries.ts";

describe("a sealed entry in a case view", () => {
  const ctx = { siteUrl: "https://site.example/", court: "New York Southern District Court", docket: "1:23-cv-01234" };
  const entry = (contents: string) => DocketEntry.parse({ date: "6/26/2025", number: "46", contents, link: "https://site.example/cases/x/46.pdf" });

  it("is marked sealed and offers no Get PDF, which could only fail", () => {
    const sealed = entrySection(entry("SEALED DOCUMENT placed in vault. (jgo)"), 0, ctx);
    expect(sealed.accessory).toBeUndefined();
    expect(JSON.stringify(sealed)).toContain(":lock: sealed");
    const open = entrySection(entry("ORDER granting Letter Motion to Seal."), 0, ctx);
    expect((open.accessory as { text: { text: string } } | undefined)?.text.text).toBe("Get PDF");
  });
});
