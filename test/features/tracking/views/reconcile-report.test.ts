import { describe, expect, it } from "vitest";
import { renderReconcileReport } from "../../../../src/features/tracking/views/reconcile-report.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234" };

describe("the reconciliation report (admins' DM)", () => {
  it("says what was restored, corrected and stopped, and what could not be done", async () => {
    const m = renderReconcileReport({
      complete: false,
      failed: 1,
      fixes: [
        { target: CASE, title: "Acme Widgets, Inc. v. Globex Corporation", kind: "restored", matters: ["ACME-001", "IP-007"], frequency: "daily", tag: "ACME-001" },
        { target: { q: "widget patent" }, kind: "updated", matters: ["IP-007"], frequency: "40x", tag: "IP-007" },
        { target: { court: "Delaware District Court", docket: "1:24-cv-00042" }, kind: "stopped", matters: ["ACME-002"] },
      ],
    });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/reconcile-report");
  });

  it("stays valid and inert with hostile text and many fixes", () => {
    type Fix = Parameters<typeof renderReconcileReport>[0]["fixes"][number];
    const fixes: Fix[] = [
      // A hostile caption names the case as text only.
      { target: CASE, title: `<!channel> *x* <https://evil.example|y>${"z".repeat(300)}`, kind: "stopped", matters: ["ACME-001"] },
      ...Array.from({ length: 60 }, (_, i): Fix => ({ target: { q: `<!channel> ${i} <https://evil.example|x>` }, kind: "stopped", matters: ["<@U1>"] })),
    ];
    const m = renderReconcileReport({ complete: true, failed: 0, fixes });
    expectValidMessage(m);
    expect(JSON.stringify(m)).not.toMatch(/<!channel>|<@U1>|evil\.example\|/);
    expect(JSON.stringify(m)).toContain("and 41 more");
  });
});
