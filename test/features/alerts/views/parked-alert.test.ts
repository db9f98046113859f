import { describe, expect, it } from "vitest";
import { parkedAdminText, parkedFilingText, reasonWords, renderParkedAlert } from "../../../../src/features/alerts/views/parked-alert.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const SITE = "https://site.example/";
const filing = {
  kind: "docket" as const, court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme Corp v. <!channel> Widget Inc",
  entries: [{ number: "42", date: "3/4/2026" }, { date: "3/3/2026" }], more: 3,
};

describe("a parked alert, in words", () => {
  it("names the case, its entries and dates, and the reason; untrusted text is made safe", () => {
    expect(parkedFilingText(filing, "plain", { siteUrl: SITE })).toBe(
      "Acme Corp v. ‹!channel> Widget Inc · S.D.N.Y. · 1:23-cv-01234, entries No. 42 filed 3/4/2026, an unnumbered entry filed 3/3/2026 and 3 more",
    );
    const msg = renderParkedAlert({ filing, reason: "store_failed" }, { siteUrl: SITE });
    expectValidMessage(msg);
    expect(JSON.stringify(msg.blocks)).not.toContain("<!channel>");
    expect(reasonWords("weird-code!")).toBe("Slack answered `weirdcode`");
    expect(parkedAdminText({ filing: { kind: "other", label: "a new-case alert" }, reason: "internal_error", channelId: "C1", clientMatter: "ACME-001" }, { siteUrl: SITE }))
      .toMatch(/could not be posted in <#C1> and is parked: a new-case alert\. Reason: docketbot hit an error of its own while posting it\./);
  });

  it("golden: a filing the database refused", async () => {
    const msg = renderParkedAlert({ filing: { ...filing, title: "Acme Corp v. Widget Inc", entries: [{ number: "42", date: "3/4/2026" }], more: 0 }, reason: "store_failed" }, { siteUrl: SITE });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/parked-alert");
  });
});
