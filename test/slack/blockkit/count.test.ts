/**
 * count() groups whole numbers itself (format.ts) and leaves everything else to Intl: it must read
 * exactly as Intl's en-US formatter does, for every number.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { count, plural } from "../../../src/slack/blockkit/format.ts";

const intl = new Intl.NumberFormat("en-US");

describe("count", () => {
  it("groups thousands as en-US does", () => {
    expect(count(5000)).toBe("5,000");
    expect(count(999)).toBe("999");
    expect(count(1000)).toBe("1,000");
    expect(count(123_456_789)).toBe("123,456,789");
    expect(count(Number.MAX_SAFE_INTEGER)).toBe("9,007,199,254,740,991");
    expect(plural(1234, "entry", "entries")).toBe("1,234 entries");
  });

  it("reads as Intl's en-US formatter for every number, whole or not", () => {
    for (const n of [0, -0, 1, -1, -1234, 0.5, 1234.5678, 1e21, 2 ** 53, NaN, Infinity, -Infinity]) expect(count(n)).toBe(intl.format(n));
    for (let n = 0; n <= 20_000; n++) expect(count(n)).toBe(intl.format(n));
    fc.assert(fc.property(fc.oneof(fc.maxSafeInteger(), fc.double()), (n) => count(n) === intl.format(n)), { numRuns: 5_000 });
  });
});
