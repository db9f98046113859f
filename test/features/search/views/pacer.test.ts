import { describe, expect, it } from "vitest";
import { chargeNote, pacerPageConfirm } from "../../../../src/features/search/views/fee-confirm.ts";
import { money as dollars } from "../../../../src/slack/blockkit/format.ts";
import { decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { describePacerSearch, renderPacerCancelled, renderPacerConfirm, renderPacerWorking } from "../../../../src/features/search/views/pacer-confirm.ts";
import { pacerPageCost, renderPacerResults, type PacerHit, type PacerResultsModel } from "../../../../src/features/search/views/pacer.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { HOSTILE } from "./search-results.test.ts";

const siteUrl = "https://docket.example/";
const fees = { searchBase: 0.1, searchPerPage: 0.1 };
const acme = { clientMatter: "ACME-001", testMode: false };
const search = { partyName: "Acme", court: "deb", caseType: "Civil" as const, natureOfSuit: ["830"], dateFiledStart: "2026-01-01", dateFiledEnd: "2026-03-31" };

const hit = (i: number, title = `Acme Widgets, Inc. v. Globex Corporation ${i}`): PacerHit => ({
  title, court: "Delaware District Court", docket: `1:26-cv-${String(10000 + i)}`, date_filed: "2026-02-03",
  nature_of_suit: "830", party_name: "Acme Widgets, Inc.", party_role: "Plaintiff",
});

function results(hits: PacerHit[], extra: Partial<PacerResultsModel> = {}): PacerResultsModel {
  return { search, page: 1, pageMax: undefined, hits, fees, charge: acme, ref: "7f3a", ...extra };
}

const all = (ms: { text: string; blocks: unknown[] }[]) => ms.map((m) => `${m.text}\n${JSON.stringify(m.blocks)}`).join("\n");
const buttonsOf = (ms: { blocks: { type: string; elements?: unknown }[] }[]) =>
  ms.flatMap((m) => m.blocks.flatMap((b) => (b.type === "actions" ? (b.elements as { action_id: string; value?: string; text: { text: string }; confirm?: { text: { text: string } } }[]) : [])));

describe("money and consent", () => {
  it("names the charge and the matter in the Next page dialog, and says when nothing is billed", () => {
    expect(pacerPageConfirm(3, fees, acme).text.text).toMatch(/^Page 3 of the PACER results costs \$0\.10 .* charged to matter ACME-001/);
    expect(pacerPageConfirm(3, fees, { clientMatter: "", testMode: true }).text.text).toContain("test mode: no charges");
    const d = pacerPageConfirm(10_000, fees, { clientMatter: "M".repeat(50), testMode: false });
    expect(d.text.text.length).toBeLessThanOrEqual(300);
    expect(d.title.text.length).toBeLessThanOrEqual(100);
  });

  it("formats money and page costs", () => {
    expect(dollars(0.2)).toBe("$0.20");
    expect(dollars(0.005)).toBe("$0.01");
    expect(pacerPageCost(1, 50, fees)).toBe(0.2);
    expect(pacerPageCost(1, 0, fees)).toBe(0.1);
    expect(pacerPageCost(2, 50, fees)).toBe(0.1);
    expect(chargeNote({ clientMatter: "<!channel>", testMode: false })).toBe("charged to matter ‹!channel>");
  });
});

describe("renderPacerConfirm / working / cancelled", () => {
  it("summarises the search, the time and the fee, with Run (its price on it: one confirmation, no second dialog) and Cancel", () => {
    const m = renderPacerConfirm({ search, runValue: '{"v":1}', fees, charge: acme });
    expectValidMessage(m);
    expect(describePacerSearch(search).plain).toBe("“Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31");
    expect(m.text).toBe("Confirm a live PACER search for “Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31 (costs up to $0.20)");
    expect(all([m])).toContain("30–60 seconds");
    const [run, cancel] = buttonsOf([m]);
    expect(run!.action_id).toBe("pacer_run");
    expect(run!.value).toBe('{"v":1}');
    expect(run!.text.text).toBe("Run PACER search ($0.20)");
    expect(run!.confirm).toBeUndefined(); // the card is the confirmation (issue 14 item 7)
    expect(all([m])).toContain("charged to matter ACME-001");
    expect(cancel!.action_id).toBe("pacer_cancel");
    const test = renderPacerConfirm({ search, runValue: "{}", fees, charge: { clientMatter: "", testMode: true } });
    expectValidMessage(test);
    expect(test.text).toContain("test mode: no charges");
  });

  it("a matter past its budget is said before the click, and the button asks for approval (issue 25 item 6)", async () => {
    const m = renderPacerConfirm({ search, runValue: '{"v":1}', fees, charge: acme, overBudget: { spent: 0.3082, cap: 0.29 } });
    expectValidMessage(m);
    expect(all([m])).toContain(":warning: *ACME-001 is past its $0.29 monthly budget* ($0.31 spent this month). The search runs only once an admin approves it; nothing is charged before then.");
    const [run] = buttonsOf([m]);
    expect(run!.text.text).toBe("Ask an admin to approve ($0.20)");
    expect(run!.action_id).toBe("pacer_run");
    const near = renderPacerConfirm({ search, runValue: '{"v":1}', fees, charge: acme, overBudget: { spent: 0.2, cap: 0.29 } });
    expect(all([near])).toContain("*ACME-001 is near its $0.29 monthly budget* ($0.20 spent this month; this search would pass it)");
    const hostile = renderPacerConfirm({ search, runValue: "{}", fees, charge: { clientMatter: "<!channel>", testMode: false }, overBudget: { spent: 1, cap: 0 } });
    expectValidMessage(hostile);
    expect(all([hostile])).not.toContain("<!channel>");
    await expectGoldens(m, "./__goldens__/pacer-confirm-over-budget");
  });

  it("defuses a hostile party name everywhere it is shown", () => {
    for (const partyName of HOSTILE) {
      const ms = [renderPacerConfirm({ search: { partyName }, runValue: "{}", fees, charge: acme }), renderPacerWorking({ partyName }, 2)];
      for (const m of ms) expectValidMessage(m);
      const blocks = JSON.stringify(ms.map((m) => m.blocks));
      expect(blocks).not.toMatch(/<!(channel|here)|<[@#][UC]|<https?:\/\/evil|```/);
    }
  });

  it("shows the working state and the cancellation", () => {
    const w = renderPacerWorking(search);
    expectValidMessage(w);
    expect(w.text).toBe("Searching PACER… this takes about 30–60 seconds");
    expect(JSON.stringify(w.blocks)).toContain(":hourglass_flowing_sand: Searching PACER… this takes about 30–60 seconds");
    expectValidMessage(renderPacerCancelled());
  });
});

describe("renderPacerResults", () => {
  it("shows each case's identity, filed date, NOS and party role, with View and Track", () => {
    const ms = renderPacerResults(results([hit(1)]), { siteUrl });
    expect(ms).toHaveLength(1);
    expectValidMessage(ms[0]!);
    expect(ms[0]!.text).toBe("PACER: 1 case for “Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31 (page 1): Acme Widgets, Inc. v. Globex Corporation 1 · D. Del. · 1:26-cv-10001");
    expect(all(ms)).toContain("Filed 2/3/2026 · NOS 830 · Plaintiff: Acme Widgets, Inc.");
    expect(all(ms)).toContain("PACER fee $0.20, charged to matter ACME-001 · ref 7f3a");
    const b = buttonsOf(ms);
    expect(b.map((x) => x.action_id)).toEqual(["view_case:0", "track_case:0"]);
    expect(decodeValue(b[0]!.value)).toEqual({ court: "Delaware District Court", docket: "1:26-cv-10001" });
  });

  it("packs a full page of 50 worst-case results into at most three valid messages plus a pager", () => {
    const worst = (i: number): PacerHit => ({
      ...hit(i, `${"Extraordinarily Lengthy Consolidated Party Name ".repeat(20)}${i}`),
      party_name: "P".repeat(500), party_role: "R".repeat(200), date_terminated: "2026-03-01",
    });
    const ms = renderPacerResults(results(Array.from({ length: 50 }, (_, i) => worst(i)), { pageMax: 7, nextValue: '{"v":1,"pg":2}' }), { siteUrl });
    for (const m of ms) expectValidMessage(m);
    expect(ms.length).toBeLessThanOrEqual(4);
    const views = buttonsOf(ms).filter((b) => b.action_id.startsWith("view_case:"));
    expect(new Set(views.map((b) => b.action_id)).size).toBe(50);
    // Non-Latin titles percent-encode into very long case links: the cases are listed without links.
    const cyrillic = (i: number): PacerHit => ({ ...worst(i), title: `${"Акционерное общество Глобэкс ".repeat(10)}${i}` });
    const long = renderPacerResults(results(Array.from({ length: 50 }, (_, i) => cyrillic(i)), { pageMax: 7, nextValue: "{}" }), { siteUrl });
    for (const m of long) expectValidMessage(m);
    expect(long.length).toBeLessThanOrEqual(4);
    expect(buttonsOf(long).filter((b) => b.action_id.startsWith("view_case:"))).toHaveLength(50);
    expect(all(long)).toContain("*Акционерное общество Глобэкс");
    const pager = ms.at(-1)!;
    expect(pager.text).toBe("More PACER results for “Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31: page 2 of 7 ($0.10)");
    const next = buttonsOf([pager]);
    expect(next.map((b) => [b.action_id, b.text.text])).toEqual([["pacer_page", "Next page ($0.10)"]]);
    expect(next[0]!.confirm?.text.text).toMatch(/Page 2 .*\$0\.10/);
    expect(ms[1]!.text).toContain("continued (page 1 of 7)");
  });

  it("numbers later pages' buttons after the earlier pages' and says when a page is empty", () => {
    const ms = renderPacerResults(results([hit(1)], { page: 3, pageMax: 3 }), { siteUrl });
    expect(buttonsOf(ms)[0]!.action_id).toBe("view_case:100");
    expect(all(ms)).toContain("PACER fee $0.10");
    const none = renderPacerResults(results([]), { siteUrl });
    expect(none).toHaveLength(1);
    expectValidMessage(none[0]!);
    expect(none[0]!.text).toBe("PACER found no federal cases for “Acme” · court deb · civil · NOS 830 · filed 2026-01-01 to 2026-03-31");
    expect(all(none)).toContain("PACER fee $0.10");
  });

  it.each(HOSTILE)("defuses a hostile title and party: %s", (title) => {
    const ms = renderPacerResults(results([{ ...hit(1, title), party_name: title, party_role: title }, hit(2)]), { siteUrl });
    for (const m of ms) expectValidMessage(m);
    const blocks = JSON.stringify(ms.map((m) => m.blocks));
    expect(blocks).not.toMatch(/<!(channel|here|everyone|subteam)|<[@#][UC]|<https?:\/\/evil|```|<script/);
    expect(all(ms)).not.toMatch(/(?<!\u200D)@here/);
  });

  it("says test mode instead of a fee", () => {
    const ms = renderPacerResults(results([hit(1)], { charge: { clientMatter: "", testMode: true }, pageMax: 2, nextValue: "{}" }), { siteUrl });
    expect(all(ms)).toContain("test mode: no charges");
    expect(buttonsOf(ms).find((b) => b.action_id === "pacer_page")!.text.text).toBe("Next page (test)");
  });
});

describe("PACER goldens", () => {
  it("confirm: Run with its price (the one confirmation), charged to the matter", async () => {
    const m = renderPacerConfirm({ search, runValue: '{"v":1,"s":"p1"}', fees, charge: acme });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/pacer-confirm");
  });

  it("confirm in test mode, without a matter", async () => {
    const m = renderPacerConfirm({ search, runValue: '{"v":1,"s":"p1"}', fees, charge: { clientMatter: "", testMode: true } });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/pacer-confirm-test-mode");
  });

  it("working, and cancelled", async () => {
    const working = renderPacerWorking(search);
    const cancelled = renderPacerCancelled();
    expectValidMessage(working);
    expectValidMessage(cancelled);
    await expectGoldens(working, "./__goldens__/pacer-working");
    await expectGoldens(renderPacerWorking(search, 2), "./__goldens__/pacer-working-page-2");
    await expectGoldens(cancelled, "./__goldens__/pacer-cancelled");
  });

  it("results: a first page of three cases with a Next page button", async () => {
    const terminated = { ...hit(3, "Acme Widgets, Inc. v. Initech LLC"), date_terminated: "2026-03-01", party_role: "Defendant" };
    const ms = renderPacerResults(results([hit(1), hit(2), terminated], { pageMax: 2, nextValue: '{"v":1,"pg":2}' }), { siteUrl });
    ms.forEach((m) => expectValidMessage(m));
    await expectGoldens(ms, "./__goldens__/pacer-results-paged");
  });

  it("results: no cases found", async () => {
    const ms = renderPacerResults(results([]), { siteUrl });
    ms.forEach((m) => expectValidMessage(m));
    await expectGoldens(ms, "./__goldens__/pacer-results-empty");
  });

  it("results: test mode", async () => {
    const ms = renderPacerResults(results([hit(1)], { charge: { clientMatter: "", testMode: true }, pageMax: 2, nextValue: '{"v":1,"pg":2}' }), { siteUrl });
    ms.forEach((m) => expectValidMessage(m));
    await expectGoldens(ms, "./__goldens__/pacer-results-test-mode");
  });
});
