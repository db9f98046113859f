/** Every budget view: goldens, Block Kit validity and hostile input (DEVELOPERS.md, Testing). */
import { describe, expect, it } from "vitest";
import { renderBudgets, budgetSetText } from "../../../../src/features/budgets/views/budget-list.ts";
import { renderBudgetNotice } from "../../../../src/features/budgets/views/budget-notice.ts";
import { renderApprovalDecided, renderApprovalRequest, type ApprovalModel } from "../../../../src/features/budgets/views/fee-approval.ts";
import { feeActionGoneText, renderAlreadyRunning, renderAwaitingApproval, renderChooseMatter, renderConfirmFee, renderDeclined, renderHeldOutcome, renderNeedsMatter } from "../../../../src/features/budgets/views/fee-hold.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { homeBudgetBlocks } from "../../../../src/features/budgets/views/home-budgets.ts";
import { renderBudgetModal } from "../../../../src/features/budgets/views/budget-modal.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const HOSTILE = "<!channel> *bold* <https://evil.example|click> &amp; `x`\u200b" + "y".repeat(400);
const all = (p: { blocks: unknown[]; text?: string }) => `${p.text ?? ""}\n${JSON.stringify(p.blocks)}`;

const APPROVAL: ApprovalModel = {
  actionId: 7, clientMatter: "ACME-001", requestedBy: "U0MEMBER", channelId: "C0ACME", what: "This question",
  summary: "1:23-cv-01234 in S.D.N.Y.: When are expert reports due?", expected: 0.09, spent: 498.5, cap: 500,
};

describe("budget views", () => {
  it("/docket budget: caps, spend, ask-first prices and what waits", async () => {
    const p = renderBudgets({
      month: "2026-11", isAdmin: true,
      lines: [
        { clientMatter: "ACME-001", cap: 500, askAbove: 0.25, spent: 412.37, awaiting: 2 },
        { clientMatter: "BETA-7", spent: 1.2, awaiting: 0 },
      ],
    });
    expectValidMessage(p);
    expect(all(p)).toContain("$412.37 (82%)");
    await expectGoldens(p, "./__goldens__/budgets");
    const none = renderBudgets({ month: "2026-11", isAdmin: false, lines: [] });
    expectValidMessage(none);
    await expectGoldens(none, "./__goldens__/budgets-none");
    expect(budgetSetText({ clientMatter: "ACME-001", cap: 1250.5, askAbove: 0.25, spent: 3 })).toBe(
      "*ACME-001*'s monthly budget is now $1,250.50 ($3.00 spent this month). Questions and searches expected to cost more than $0.25 ask first.",
    );
  });

  it("the 80% and 100% notices", async () => {
    const eighty = renderBudgetNotice({ clientMatter: "ACME-001", level: 80, spent: 401, cap: 500, month: "2026-11" });
    const full = renderBudgetNotice({ clientMatter: "ACME-001", level: 100, spent: 500.02, cap: 500, month: "2026-11" });
    for (const p of [eighty, full]) expectValidMessage(p);
    await expectGoldens(eighty, "./__goldens__/notice-80");
    await expectGoldens(full, "./__goldens__/notice-100");
  });

  it("the requester's holds: confirm, waiting for approval, pick a matter, no matter", async () => {
    const confirm = renderConfirmFee({ actionId: 3, clientMatter: "ACME-001", what: "This question", expected: 0.09, askAbove: 0.05, requestedBy: "U0MEMBER" });
    const waiting = renderAwaitingApproval({ actionId: 4, clientMatter: "ACME-001", what: "This question", expected: 0.09, spent: 500, cap: 500, admins: ["U0ADMIN", "U0B", "U0C", "U0D"] });
    const choose = renderChooseMatter({ actionId: 5, what: "This question", matters: ["ACME-001", "BETA-7"], requestedBy: "U0MEMBER", expected: 0.0261 });
    const none = renderNeedsMatter({ what: "A live PACER search" });
    for (const p of [confirm, waiting, choose, none]) expectValidMessage(p);
    expect(all(waiting)).toContain("and the other admins");
    // Which one: two questions held in one thread read alike without it; the summary stays text.
    const which = renderAwaitingApproval({ actionId: 6, clientMatter: "ACME-001", what: "This question", expected: 0.03, spent: 500, cap: 500, admins: [], summary: "1:23-cv-01234 in S.D.N.Y.: When are expert reports due?" });
    expect(all(which)).toContain("This question (1:23-cv-01234 in S.D.N.Y.: When are expert reports due?) is waiting for an admin's approval");
    const hostile = renderAwaitingApproval({ actionId: 7, clientMatter: "ACME-001", what: "This question", expected: 0.03, spent: 500, cap: 500, admins: [], summary: HOSTILE });
    expectValidMessage(hostile);
    expect(JSON.stringify(hostile.blocks)).not.toMatch(/<!channel>|<https:\/\/evil/);
    // The picker says the price on each button, as the PACER picker does (rounded up: an estimate).
    expect(all(choose)).toContain("Bill ACME-001 · Run (~$0.03)");
    expect(all(choose)).toContain("This question is expected to cost about $0.03");
    // An unknown price (0) is not shown as free.
    expect(all(renderChooseMatter({ actionId: 5, what: "Refresh from court", matters: ["ACME-001"], requestedBy: "U0MEMBER", expected: 0 }))).not.toContain("$0.00");
    await expectGoldens(confirm, "./__goldens__/hold-confirm");
    await expectGoldens(waiting, "./__goldens__/hold-approval");
    await expectGoldens(choose, "./__goldens__/hold-choose-matter");
    await expectGoldens(none, "./__goldens__/hold-no-matter");
    expect(feeActionGoneText("ran", "U0ADMIN")).toBe("That was already approved by <@U0ADMIN>; it ran once.");
    expect(feeActionGoneText("cancelled")).toBe("That was cancelled; nothing was charged.");
  });

  it("a court fee is said at its most, never \"about $0.00\"; a channel of several matters says none is assumed; a click already running says so", async () => {
    const court = { what: "Getting a document from the court", expected: 3, ceiling: true };
    const waiting = renderAwaitingApproval({ actionId: 8, clientMatter: "ACME-001", ...court, spent: 9, cap: 11, admins: ["U0ADMIN"] });
    const choose = renderChooseMatter({ actionId: 9, ...court, matters: ["ACME-001", "ACME-002"], requestedBy: "U0MEMBER", from: "channel" });
    const request = renderApprovalRequest({ ...APPROVAL, what: court.what, expected: 3, ceiling: true });
    const running = renderAlreadyRunning({ what: court.what, clientMatter: "ACME-001" });
    for (const p of [waiting, choose, request, running]) expectValidMessage(p);
    expect(all(waiting)).toContain("this would cost up to $3.00");
    expect(all(choose)).toContain("Getting a document from the court is expected to cost up to $3.00");
    expect(all(choose)).toContain("Bill ACME-002 · Run (≤ $3.00)");
    expect(all(choose)).toContain("This channel is linked to more than one; none is assumed.");
    expect(all(request)).toContain("getting a document from the court, up to $3.00, billed to");
    expect(all(request)).toContain("Approve (≤ $3.00)");
    for (const p of [waiting, choose, request]) expect(all(p)).not.toMatch(/about \$|~\$|\$0\.00/);
    expect(running.text).toBe("Getting a document from the court is already running; nothing more has been charged.");
    const hostile = renderAlreadyRunning({ what: court.what, clientMatter: HOSTILE });
    expectValidMessage(hostile);
    expect(JSON.stringify(hostile.blocks)).not.toMatch(/<!channel>|<https:\/\/evil/);
    await expectGoldens(waiting, "./__goldens__/hold-approval-court-fee");
    await expectGoldens(choose, "./__goldens__/hold-choose-channel-matter");
    await expectGoldens(running, "./__goldens__/hold-already-running");
  });

  it("the admin's DM, before and after", async () => {
    const request = renderApprovalRequest(APPROVAL);
    const approved = renderApprovalDecided({ ...APPROVAL, decision: "approved", by: "U0ADMIN", outcome: "it ran once" });
    const declined = renderDeclined({ what: "This question", clientMatter: "ACME-001", by: "U0ADMIN", summary: APPROVAL.summary });
    for (const p of [request, approved, declined]) expectValidMessage(p);
    await expectGoldens(request, "./__goldens__/approval-request");
    await expectGoldens(approved, "./__goldens__/approval-approved");
    await expectGoldens(declined, "./__goldens__/declined");
  });

  it("the requester's card once decided: approved and ran, approved and failed, declined, expired", async () => {
    const outcomes = [
      renderHeldOutcome({ what: "This question", kind: "ran", by: "U0ADMIN" }),
      renderHeldOutcome({ what: "This PACER search", kind: "failed", by: "U0ADMIN" }),
      renderHeldOutcome({ what: "Refresh from court", kind: "declined", by: "U0ADMIN" }),
      renderHeldOutcome({ what: "Getting a document from the court", kind: "expired" }),
    ];
    for (const p of outcomes) expectValidMessage(p);
    expect(outcomes.map((p) => p.text)).toEqual([
      ":white_check_mark: This question was approved by <@U0ADMIN> — it ran.",
      ":warning: This PACER search was approved by <@U0ADMIN>, but it failed when it ran.",
      ":no_entry_sign: Refresh from court was declined by <@U0ADMIN>; nothing was charged.",
      ":hourglass: Getting a document from the court expired before anyone cleared it; nothing was charged. Ask again if it's still needed.",
    ]);
    // None still says it waits, or offers a button.
    for (const p of outcomes) expect(all(p)).not.toMatch(/waiting|"type":"actions"/);
    await expectGoldens({ text: "held outcomes", blocks: outcomes.flatMap((p) => p.blocks) }, "./__goldens__/held-outcomes");
  });

  it("hostile matters and summaries are defused, bounded and valid everywhere", () => {
    const views = [
      renderBudgets({ month: "2026-11", isAdmin: true, lines: Array.from({ length: 30 }, () => ({ clientMatter: HOSTILE, cap: 1e6, spent: 2e6, awaiting: 9 })) }),
      renderBudgetNotice({ clientMatter: HOSTILE, level: 100, spent: 1, cap: 0, month: "2026-11" }),
      renderApprovalRequest({ ...APPROVAL, clientMatter: HOSTILE, summary: HOSTILE.repeat(10), channelId: "<!here>", requestedBy: "<!channel>" }),
      renderApprovalDecided({ ...APPROVAL, summary: HOSTILE, decision: "declined", by: "nobody" }),
      renderConfirmFee({ actionId: 1, clientMatter: HOSTILE, what: "This question", expected: 0.09, askAbove: 0.01, requestedBy: "U0X" }),
      renderChooseMatter({ actionId: 1, what: "This question", matters: Array.from({ length: 40 }, (_, i) => `${HOSTILE}${i}`), requestedBy: "U0X" }),
      renderDeclined({ what: "This question", clientMatter: HOSTILE, by: "U0ADMIN", summary: HOSTILE }),
      renderHeldOutcome({ what: HOSTILE, kind: "declined", by: "<!channel>" }),
      renderHeldOutcome({ what: HOSTILE, kind: "expired" }),
    ];
    for (const p of views) {
      expectValidMessage(p);
      // Button values carry data back to us and are never shown: only what is shown must be defused.
      const text = all(p).replace(/"value":"(?:[^"\\]|\\.)*"/g, "");
      expect(text).not.toContain("<!channel>");
      expect(text).not.toContain("<!here>");
      expect(text).not.toContain("<https://evil.example");
    }
  });
});

describe("App Home's budgets section", () => {
  it("admins get Export usage; members read the lines; nothing without matters", async () => {
    const lines = [
      { clientMatter: "ACME-001", cap: 500, askAbove: 0.25, spent: 412.37, awaiting: 2 },
      { clientMatter: "BETA-7", spent: 1.2, awaiting: 0 },
    ];
    const admin = { type: "home", blocks: homeBudgetBlocks({ lines, isAdmin: true }) };
    const member = { type: "home", blocks: homeBudgetBlocks({ lines, isAdmin: false }) };
    expectValidView(admin);
    expectValidView(member);
    expect(JSON.stringify(member)).not.toContain("home_usage_export");
    expect(homeBudgetBlocks({ lines: [], isAdmin: true })).toEqual([]);
    await expectGoldens({ text: "home budgets", blocks: admin.blocks }, "./__goldens__/home-budgets-admin");
    const hostile = { type: "home", blocks: homeBudgetBlocks({ isAdmin: true, lines: Array.from({ length: 30 }, (_, i) => ({ clientMatter: `${HOSTILE}${i}`, spent: 1, awaiting: 1 })) }) };
    expectValidView(hostile);
    expect(JSON.stringify(hostile).replace(/"value":"(?:[^"\\]|\\.)*"/g, "")).not.toContain("<!channel>");
  });

  it("a matter past its cap says so, in cents (issue 25 item 5)", async () => {
    const lines = [{ clientMatter: "ACME-001", cap: 0.29, spent: 0.3082, awaiting: 1 }, { clientMatter: "BETA-7", cap: 5, spent: 0.2796, awaiting: 0 }];
    const blocks = homeBudgetBlocks({ lines, isAdmin: false });
    expectValidView({ type: "home", blocks });
    const text = JSON.stringify(blocks);
    expect(text).toContain("$0.31 of $0.29 this month · :warning: *over budget* by $0.02");
    expect(text).toContain("$0.28 of $5.00 this month");
    expect(text).not.toMatch(/\$\d+\.\d{3}/);
    expect(text.match(/over budget/g)).toHaveLength(1);
    await expectGoldens({ text: "home budgets", blocks }, "./__goldens__/home-budgets-over");
    const list = renderBudgets({ lines, month: "March 2026", isAdmin: false });
    expect(JSON.stringify(list.blocks)).toContain("$0.31 (106%)\\n:warning: *over budget* by $0.02");
  });
});

describe("the Home budget form", () => {
  it("offers the admin's matters, a cap and an optional ask-first price", async () => {
    const modal = renderBudgetModal({ matters: ["ACME-001", "BETA-7"] });
    expectValidView(modal as unknown as Record<string, unknown>);
    await expectGoldens({ text: "budget form", blocks: modal.blocks as never }, "./__goldens__/budget-modal");
    const hostile = renderBudgetModal({ matters: Array.from({ length: 150 }, (_, i) => `${HOSTILE}${i}`) });
    expectValidView(hostile as unknown as Record<string, unknown>);
  });
});
