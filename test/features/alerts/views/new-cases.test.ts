import { describe, expect, it } from "vitest";
import { renderNewCases, type NewCase } from "../../../../src/features/alerts/views/new-cases.ts";
import type { ActionsBlock, MessagePayload, SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { ACTION, actionIdPattern, decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const cases: NewCase[] = [
  { title: "Acme Corp v. Widget Inc", court: "New York Southern District Court", docket: "1:26-cv-00101", date_filed: "3/1/2026", nature_of_suit: "830 Patent" },
  { title: "Beta LLC v. Widget Inc", court: "ded", docket: "1:26-cv-00202", date_filed: "2026-03-02", party_name: "Widget Inc", party_role: "Defendant" },
  { title: "Gamma v. Widget", court: "Texas Eastern District Court", docket: "2:26-cv-00303" },
];
const sections = (m: MessagePayload) => m.blocks.filter((b): b is SectionBlock => b.type === "section");
const actionBlocks = (m: MessagePayload) => m.blocks.filter((b): b is ActionsBlock => b.type === "actions");

describe("new cases alert", () => {
  it("search_results: `:new: 3 new cases match \"widget patent\"` then one line per case with View and Track", () => {
    const [msg, ...rest] = renderNewCases(
      { kind: "search_results", q: "widget patent", link: `${siteUrl}search/?q=widget+patent`, cases },
      { siteUrl },
    );
    expect(rest).toEqual([]);
    expectValidMessage(msg!);
    const [head, ...lines] = sections(msg!).map((s) => s.text!.text);
    expect(head).toBe(':new: 3 new cases match <https://site.example/search/?q=widget+patent|"widget patent">');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\*<https:\/\/site\.example\/cases\/.+\|Acme Corp v\. Widget Inc>\* · S\.D\.N\.Y\. · 1:26-cv-00101\nFiled 3\/1\/2026 · 830 Patent$/);
    expect(lines[1]).toMatch(/· D\. Del\. · 1:26-cv-00202\nFiled 3\/2\/2026 · Defendant: Widget Inc$/);
    const rows = actionBlocks(msg!);
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      expect(row.elements.map((b) => b.text.text)).toEqual(["View", "Track"]);
      expect(row.elements[0]!.action_id).toMatch(actionIdPattern(ACTION.viewCase));
      expect(row.elements[1]!.action_id).toMatch(actionIdPattern(ACTION.trackCase));
      expect(decodeValue(row.elements[1]!.value)).toMatchObject({ docket: cases[i]!.docket });
    });
    // A PACER code becomes the service's long name on the button.
    expect(decodeValue(rows[1]!.elements[0]!.value)).toEqual({ court: "Delaware District Court", docket: "1:26-cv-00202" });
    expect(msg!.text).toBe('3 new cases match "widget patent": Acme Corp v. Widget Inc · S.D.N.Y. · 1:26-cv-00101 and 2 more');
  });

  it("new_case: names the party and nature of suit; one case reads in the singular", () => {
    const [msg] = renderNewCases({ kind: "new_case", partyName: "Widget Inc", natureOfSuit: ["830"], cases: cases.slice(0, 1) }, { siteUrl });
    expectValidMessage(msg!);
    expect(sections(msg!)[0]!.text!.text).toBe(':new: 1 new case matches party "Widget Inc", nature of suit 830');
    expect(msg!.text).toBe('1 new case matches party "Widget Inc", nature of suit 830: Acme Corp v. Widget Inc · S.D.N.Y. · 1:26-cv-00101');
  });

  it("drops links off the service's site and defuses mentions", () => {
    const hostile: NewCase[] = [{ title: "<!channel> v. @here <@U99>", court: "nysd", docket: "1:26-cv-1", party_name: "<!everyone>" }];
    const [msg] = renderNewCases({ kind: "search_results", q: "<!here> `x`", link: "https://evil.example/s", cases: hostile }, { siteUrl });
    expectValidMessage(msg!);
    const json = JSON.stringify(msg!.blocks);
    for (const bad of ["<!channel>", "<!here>", "<!everyone>", "<@U99>", "evil.example"]) expect(json).not.toContain(bad);
    expect(msg!.text).not.toMatch(/<|@(here|channel|everyone)\b/);
  });

  it("splits many cases into valid messages and caps them, pointing at the search", () => {
    const many: NewCase[] = Array.from({ length: 130 }, (_, i) => ({
      title: `Plaintiff ${i} v. Widget Inc ${"and others ".repeat(8)}`, court: "nysd", docket: `1:26-cv-${String(i).padStart(5, "0")}`, date_filed: "3/1/2026",
    }));
    const all = renderNewCases({ kind: "search_results", q: "widget", link: `${siteUrl}search/?q=widget`, cases: many }, { siteUrl, maxMessages: 20 });
    expect(all.length).toBeGreaterThan(4);
    all.forEach((m, i) => {
      expectValidMessage(m);
      expect(m.text).toContain(`(part ${i + 1} of ${all.length})`);
    });
    expect(all.reduce((n, m) => n + actionBlocks(m).length, 0)).toBe(130);

    const capped = renderNewCases({ kind: "search_results", q: "widget", link: `${siteUrl}search/?q=widget`, cases: many }, { siteUrl, maxMessages: 2 });
    expect(capped).toHaveLength(2);
    capped.forEach((m) => expectValidMessage(m));
    expect(JSON.stringify(capped[1]!.blocks.at(-1))).toMatch(/…and \d+ more cases: see <https:\/\/site\.example\/search\/\?q=widget\|the search>/);
  });

  it("an alert listing no cases is still a valid message", () => {
    const [msg] = renderNewCases({ kind: "search_results", title: "Widget watch", cases: [] }, { siteUrl });
    expectValidMessage(msg!);
    expect(msg!.text).toBe('New cases match "Widget watch"');
  });
});

describe("new cases goldens", () => {
  it("an ordinary saved-search alert: three cases with View and Track", async () => {
    const messages = renderNewCases({ kind: "search_results", q: "widget patent", link: `${siteUrl}search/?q=widget+patent`, cases }, { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/new-cases-search-results");
  });

  it("a new_case alert for one case, in the singular", async () => {
    const messages = renderNewCases({ kind: "new_case", partyName: "Widget Inc", natureOfSuit: ["830"], cases: cases.slice(0, 1) }, { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/new-cases-new-case");
  });

  it("no cases listed", async () => {
    const messages = renderNewCases({ kind: "search_results", title: "Widget watch", cases: [] }, { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/new-cases-empty");
  });

  it("split and capped at maxMessages, pointing at the search", async () => {
    const many: NewCase[] = Array.from({ length: 40 }, (_, i) => ({
      title: `Plaintiff ${i} v. Widget Inc ${"and others ".repeat(8)}`, court: "nysd", docket: `1:26-cv-${String(i).padStart(5, "0")}`, date_filed: "3/1/2026",
    }));
    const messages = renderNewCases({ kind: "search_results", q: "widget", link: `${siteUrl}search/?q=widget`, cases: many }, { siteUrl, maxMessages: 2 });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/new-cases-capped");
  });
});
