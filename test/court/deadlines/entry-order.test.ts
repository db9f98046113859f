import { expect, it } from "vitest";
import { chronological } from "../../../src/court/deadlines/entry-order.ts";

const entries = [
  { date: "3/4/2026", number: "12" },
  { date: "3/4/2026" }, // docket-only; newest first, so docketed just before #12
  { date: "3/1/2026", number: "11" },
  { date: "" },
  { date: "2/27/2026", number: "10" },
];

it("orders oldest first, the same whether it reads the dates or is given them (push planning)", () => {
  const read = chronological(entries);
  const given = chronological(entries, [20260304, 20260304, 20260301, -1, 20260227]);
  expect(given).toEqual(read);
  expect(read.map((i) => entries[i]!.number ?? "-")).toEqual(["-", "10", "11", "-", "12"]);
  // Already in order: the same indices, no sort needed.
  const oldestFirst = [...entries].reverse();
  expect(chronological(oldestFirst).map((i) => oldestFirst[i]!.number ?? "-")).toEqual(["-", "10", "11", "-", "12"]);
});
