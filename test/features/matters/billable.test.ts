/** Usage a firm can bill (issue 14 item 4): each call's fee, reported or estimated; month picking; the CSV. Pure. */
import { describe, expect, it } from "vitest";
import { feeOf, pickMonth, summarize } from "../../../src/features/usage/billable.ts";
import { usageCsv } from "../../../src/features/usage/usage-csv.ts";
import type { UsageEntry } from "../../../src/store/store.ts";

const NOW = Date.UTC(2026, 10, 23, 9);
const row = (over: Partial<UsageEntry>): UsageEntry => ({
  id: 1, at: NOW, teamId: "T1", userId: "U1", channelId: "C1", clientMatter: "ACME-001", endpoint: "getdocket",
  feeKind: "none", mayHaveIncurredFees: false, outcome: "ok", correlationId: "7f3a", ...over,
});

describe("feeOf", () => {
  it("reported when the service priced it, the tariff's estimate for a PACER search, unpriced for live pulls, none otherwise", () => {
    expect(feeOf(row({ endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.0109 }))).toEqual({ kind: "ai", amount: 0.0109, basis: "reported" });
    expect(feeOf(row({ endpoint: "searchpacer", feeKind: "pacer_search", mayHaveIncurredFees: true }))).toEqual({ kind: "court", amount: 0.2, basis: "estimate" });
    expect(feeOf(row({ feeKind: "live_docket", mayHaveIncurredFees: true }))).toEqual({ kind: "court", amount: 0, basis: "unpriced" });
    expect(feeOf(row({ feeKind: "pacer_search", mayHaveIncurredFees: true, outcome: "timeout" })).basis).toBe("none");
    expect(feeOf(row({ feeKind: "pacer_search", mayHaveIncurredFees: false })).basis).toBe("none"); // test mode
    expect(feeOf(row({})).basis).toBe("none");
  });

  it("summarises per matter asked for, zeros included, other matters ignored", () => {
    const entries = [
      row({ endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.01 }),
      row({ endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.02 }),
      row({ endpoint: "searchpacer", feeKind: "pacer_search", mayHaveIncurredFees: true }),
      row({ feeKind: "live_document", mayHaveIncurredFees: true }),
      row({ clientMatter: "IP-007", price: 9 }),
    ];
    expect(summarize(entries, ["ACME-001", "BETA-2"], 0)).toEqual([
      { clientMatter: "ACME-001", calls: 4, aiReported: 0.03, courtReported: 0, courtEstimate: 0.2, unpricedFeeCalls: 1, since: 0 },
      { clientMatter: "BETA-2", calls: 0, aiReported: 0, courtReported: 0, courtEstimate: 0, unpricedFeeCalls: 0, since: 0 },
    ]);
  });
});

describe("pickMonth", () => {
  it("this month by default, a past month, never a future one or a malformed one", () => {
    expect(pickMonth(undefined, NOW)).toEqual({ ok: true, start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1), label: "2026-11" });
    expect(pickMonth("2025-12", NOW)).toEqual({ ok: true, start: Date.UTC(2025, 11, 1), end: Date.UTC(2026, 0, 1), label: "2025-12" });
    expect(pickMonth("2026-12", NOW)).toEqual({ ok: false, message: "2026-12 hasn't started yet, so it has no usage. Export this month or an earlier one." });
    for (const bad of ["2026-13", "26-03", "march", "2026-3"]) expect(pickMonth(bad, NOW).ok).toBe(false);
  });
});

describe("usageCsv", () => {
  it("one quoted row per call, amounts reported or estimated, formulas defused", () => {
    const csv = usageCsv([
      row({ endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.0109 }),
      row({ endpoint: "searchpacer", feeKind: "pacer_search", mayHaveIncurredFees: true, clientMatter: "=HYPERLINK(\"x\")" }),
      row({ feeKind: "live_docket", mayHaveIncurredFees: true }),
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe('"date_utc","user","channel","matter","endpoint","fee_kind","amount_usd","estimate_or_reported","reference_id"');
    expect(lines[1]).toBe('"2026-11-23T09:00:00.000Z","U1","C1","ACME-001","ask_docket","ai","0.0109","reported","7f3a"');
    expect(lines[2]).toBe('"2026-11-23T09:00:00.000Z","U1","C1","\'=HYPERLINK(""x"")","searchpacer","pacer_search","0.20","estimate","7f3a"');
    expect(lines[3]).toBe('"2026-11-23T09:00:00.000Z","U1","C1","ACME-001","getdocket","live_docket","","unpriced","7f3a"');
    expect(csv.endsWith("\r\n")).toBe(true);
  });
});
