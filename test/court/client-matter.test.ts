/**
 * The one rule for a client_matter (src/court/client-matter.ts): a push's and a link's. What reads
 * like a matter it is not (invisible characters, other spaces, mixed scripts) is refused with a
 * sentence naming the problem; real matter names in any one script pass.
 */
import { describe, expect, it } from "vitest";
import { matterProblem } from "../../src/court/client-matter.ts";
import { parseCommand } from "../../src/slack/commands/grammar.ts";

describe("matterProblem", () => {
  it.each([
    ["ACME-001"], ["IP-PORTFOLIO"], ["acme-001"], ["Société Générale 2024/17"], ["株式会社東京-01"], ["ΑΒΓ-7"], ["ООО Ромашка"], ["A".repeat(50)],
  ])("accepts %s", (m) => expect(matterProblem(m)).toBeUndefined());

  it.each([
    ["ACME-001\u200b", "an invisible character (U+200B) at character 9"],
    ["AC\u200dME-001", "an invisible character (U+200D)"],
    ["\u202eACME-001", "an invisible character (U+202E)"],
    ["\ufeffACME-001", "an invisible character (U+FEFF)"],
    ["AC\u00adME-001", "an invisible character (U+00AD)"],
    ["ACME\u00a0001", "a space other than the plain one (U+00A0)"],
    ["ACME\u3000001", "a space other than the plain one (U+3000)"],
    ["ACME-001 ", "begins or ends with a space"],
    ["\u0410CME-001", "mixes Latin letters with Cyrillic or Greek ones"],
    ["ACME-\u039f01", "mixes Latin letters with Cyrillic or Greek ones"],
    ["ACME\u0000", "a NUL character (U+0000)"],
    ["A".repeat(51), "51 characters long"],
  ])("refuses %j: %s", (m, why) => expect(matterProblem(m)).toContain(why));

  it("is the link command's rule too: a look-alike is refused before anything is linked", () => {
    for (const m of ["ACME-001\u200b", "\u0410CME-001", "AC\u200dME-001"]) {
      const parsed = parseCommand(`matter link ${m}`, { siteUrl: "https://site.example/" });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toMatch(/^That can't be a client matter: it (has|mixes)/);
    }
    expect(parseCommand("matter link ACME-001", { siteUrl: "https://site.example/" })).toMatchObject({ ok: true, command: { kind: "matter_link", clientMatter: "ACME-001" } });
    // A command's spaces are read as plain ones (the grammar folds every space): no look-alike is made.
    expect(parseCommand("matter link ACME\u00a0001", { siteUrl: "https://site.example/" })).toMatchObject({ ok: true, command: { clientMatter: "ACME 001" } });
  });
});
