/**
 * Every page of a case view converts its entries' HTML through the one sanitizer; a docket's
 * entries are converted once, and every later page or re-render reads the converted text.
 */
import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock("../../../src/slack/blockkit/sanitize.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/slack/blockkit/sanitize.ts")>();
  return { ...real, toMrkdwn: (...args: Parameters<typeof real.toMrkdwn>) => (calls.n++, real.toMrkdwn(...args)) };
});

const { entrySection } = await import("../../../src/slack/blockkit/case-entries.ts");

const entry = (n: number, contents: string) => ({ number: String(n), date: "3/3/2026", contents, exhibits: [], link: `https://site.example/doc/${n}` });
const ctx = { siteUrl: "https://site.example/", court: "S.D.N.Y.", docket: "1:23-cv-01234" };

describe("entry conversion", () => {
  it("converts an entry once per docket, whatever the page or how often it is shown", () => {
    const entries = Array.from({ length: 50 }, (_, i) => entry(i, `<b>ORDER</b> granting motion ${i} <a href="https://site.example/x">here</a>`));
    const first = entries.map((e, i) => entrySection(e as never, i, ctx));
    const converted = calls.n;
    expect(converted).toBe(50);
    const again = entries.map((e, i) => entrySection(e as never, i, ctx));
    expect(calls.n).toBe(converted);
    expect(again).toEqual(first);
  });

  it("converts anew for another site or case, or an entry whose text changed", () => {
    const e = entry(1, "<i>Minute entry</i>");
    const before = calls.n;
    const a = entrySection(e as never, 0, ctx);
    const b = entrySection(e as never, 0, { ...ctx, siteUrl: "https://other.example/" });
    expect(calls.n).toBe(before + 2);
    e.contents = "<i>Amended minute entry</i>";
    expect(entrySection(e as never, 0, ctx).text!.text).toContain("Amended");
    expect(a.text!.text).toBe(b.text!.text);
    // The action id carries the position, which is not part of the conversion.
    expect(entrySection(e as never, 7, ctx).accessory).toMatchObject({ action_id: expect.stringContaining("7") });
  });
});
