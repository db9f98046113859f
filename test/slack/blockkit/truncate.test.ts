import { describe, expect, it } from "vitest";
import { ELLIPSIS, toMrkdwn, truncateAtWord, truncateMrkdwn } from "../../../src/slack/blockkit/sanitize.ts";
import { safeHardCut } from "../../../src/slack/blockkit/truncate.ts";

/** A small deterministic PRNG (mulberry32), so the property tests are reproducible. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["ORDER", "granting", "motion", "to", "dismiss", "&amp;", "AT&amp;T", "&lt;sealed&gt;", "§", "Smith", "😀x", "<https://site.example/d/1.pdf|Doc 1 of 3>", "(Entered:", "01/08/2007)", "v.", "Widget-Inc"];

describe("truncateAtWord", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateAtWord("ORDER granting motion", 21)).toBe("ORDER granting motion");
    expect(truncateAtWord("", 5)).toBe("");
  });

  it("cuts at a word boundary and ends with …, within max", () => {
    expect(truncateAtWord("The quick brown fox jumps", 12)).toBe("The quick…");
    expect(truncateAtWord("The quick brown fox jumps", 16)).toBe("The quick brown…");
    expect(truncateAtWord("Filed by Acme, Widget and others", 16)).toBe("Filed by Acme…"); // no dangling comma
  });

  it("never breaks an escape, a link or a surrogate pair", () => {
    expect(truncateAtWord("abc &amp; def", 7)).toBe("abc…");
    expect(truncateAtWord("x <https://a.example/c|label here> tail", 30)).toBe("x…");
    expect(truncateAtWord("x <https://a.example/c|label here> tail more", 41)).toBe("x <https://a.example/c|label here> tail…");
    // One long word: cut inside it (there is no boundary), but never inside an escape or emoji.
    expect(truncateAtWord("aaaa&amp;bbbb", 8)).toBe("aaaa…");
    expect(truncateAtWord("aaaaaa😀bbbb", 8)).toBe("aaaaaa…");
    expect(truncateAtWord("<https://a.example/long|label>", 10)).toBe(ELLIPSIS);
  });

  it("never splits a link that starts the text (index 0)", () => {
    const link = "<https://a.example/orders/12345|Order>";
    expect(truncateAtWord(`${link} granting the motion`, 20)).toBe(ELLIPSIS);
    expect(truncateAtWord(`${link}, granting`, 20)).toBe(ELLIPSIS);
    // The hard cut itself: a link open at the cut and opening at 0 leaves nothing to keep.
    expect(safeHardCut(`${link} tail`, 10)).toBe(0);
    expect(safeHardCut(`${link} tail`, link.length)).toBe(link.length);
    expect(safeHardCut(`x ${link}`, 10)).toBe(2);
  });

  it("handles tiny and invalid budgets", () => {
    expect(truncateAtWord("hello world", 1)).toBe("…");
    expect(truncateAtWord("hello world", 0)).toBe("");
    expect(() => truncateAtWord("x", -1)).toThrow(RangeError);
    expect(() => truncateAtWord("x", Number.NaN)).toThrow(RangeError);
  });

  it("never cuts mid-word, never exceeds max, and is idempotent (random texts)", () => {
    const next = rng(42);
    for (let round = 0; round < 2_000; round++) {
      const words = Array.from({ length: 1 + Math.floor(next() * 40) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
      const s = words.join(next() < 0.2 ? "\n" : " ");
      const max = 45 + Math.floor(next() * 200);
      const out = truncateAtWord(s, max);
      expect(out.length).toBeLessThanOrEqual(max);
      expect(truncateAtWord(out, max)).toBe(out);
      if (out === s) continue;
      expect(out.endsWith(ELLIPSIS)).toBe(true);
      const kept = out.slice(0, -ELLIPSIS.length);
      expect(s.startsWith(kept)).toBe(true);
      // The next character of the original ends a word (space or a trimmed trailing mark).
      expect(s.slice(kept.length)).toMatch(/^[\s,:·—]/);
      // Nothing open at the cut: every `<` closed, no partial escape.
      expect(kept.lastIndexOf("<")).toBeLessThanOrEqual(kept.lastIndexOf(">"));
      expect(kept).not.toMatch(/&(a|am|amp|l|lt|g|gt)?$/);
    }
  });
});

describe("truncateMrkdwn", () => {
  it("closes a bold or italic marker cut open, inside the budget", () => {
    expect(truncateMrkdwn("*bold text here and more*", 15)).toBe("*bold text*…");
    expect(truncateMrkdwn("_italic words go on and on_", 16)).toBe("_italic words_…");
    expect(truncateMrkdwn("*a _b c d e f g h_*", 12)).toBe("*a _b c d_*…");
    const md = toMrkdwn("<b>Resources</b> and <i>the case opening information for attorneys</i>", { siteUrl: "https://s.example/" });
    const out = truncateMrkdwn(md, 40);
    expect(out.length).toBeLessThanOrEqual(40);
    expect(out).toBe("*Resources* and _the case opening_…");
  });

  it("leaves balanced text and mid-word underscores alone", () => {
    expect(truncateMrkdwn("*done* snake_case words and more words", 24)).toBe("*done* snake_case words…");
  });
});
