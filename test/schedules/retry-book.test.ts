import { describe, expect, it } from "vitest";
import { createRetryBook } from "../../src/schedules/retry-book.ts";
import { FakeClock } from "../helpers/fake-clock.ts";

describe("the retry book of a schedule", () => {
  it("backs off exponentially to the maximum, and straight to it for a channel that refuses us", () => {
    const clock = new FakeClock();
    const book = createRetryBook({ clock, firstMs: 60_000, maxMs: 3_600_000 });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => book.failed(1, false).delayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]);
    expect(book.failed(2, true)).toEqual({ attempts: 1, delayMs: 3_600_000 });
    const now = clock.now();
    expect(book.waiting(1, now)).toBe(true);
    expect(book.waiting(3, now)).toBe(false);
    expect(book.earliest()).toBe(now + 3_600_000);
    book.cleared(1);
    book.cleared(2);
    expect(book.waiting(1, now)).toBe(false);
    expect(book.earliest()).toBeUndefined();
  });
});
