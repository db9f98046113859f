import { describe, expect, it } from "vitest";
import { decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { renderSearchModal, renderSearchNotice } from "../../../../src/features/search/views/search-modal.ts";
import { renderSearching, renderSearchProblem, renderSearchResults, type SearchHit, type SearchResultsModel } from "../../../../src/features/search/views/search-results.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";

const siteUrl = "https://docket.example/";
const court = "New York Southern District Court";

/** Titles and names a hostile or broken service could send. */
export const HOSTILE = [
  "<!channel> Acme v. Globex",
  "@here urgent: Acme v. Globex",
  "<@U0ADMIN> and <#C0IP> v. <!subteam^S123>",
  "*bold* _it_ ~strike~ ```code``` Acme",
  '<a href="https://evil.example/x">click me</a> v. Globex',
  "<script>alert(1)</script>Acme &amp; Sons &lt;b&gt; v. Globex",
  "Acme\u202Egnp.exe v. Globex\u0000\u0007",
  `${"Very Long Caption Words ".repeat(400)}End`,
  "   ",
  "Acme | Globex <https://evil.example|safe>",
];

const hit = (title: string, i = 0): SearchHit => ({ title, court, docket: `1:23-cv-0${1000 + i}`, date_filed: "2/14/2023" });

function model(hits: SearchHit[], extra: Partial<SearchResultsModel> = {}): SearchResultsModel {
  return { query: "acme", hits, offset: 0, total: hits.length, askEnabled: true, ref: "7f3a", ...extra };
}

function all(m: { text: string; blocks: unknown[] }): string {
  return `${m.text}\n${JSON.stringify(m.blocks)}`;
}

/**
 * Nothing in `m` can notify, link off-site or break the formatting: no mention or link syntax
 * (`<!channel>`, `<@U…>`, `<https://evil…|…>`), no bare @here, no code fences or controls in blocks.
 * (The plain `text` fallback keeps backticks: Slack shows it as a notification, unformatted.)
 */
function expectDefused(m: { text: string; blocks: unknown[] }): void {
  const blocks = JSON.stringify(m.blocks);
  for (const s of [m.text, blocks]) {
    expect(s).not.toMatch(/<!(channel|here|everyone|subteam)/);
    expect(s).not.toMatch(/<[@#][UC]/);
    expect(s).not.toMatch(/<https?:\/\/evil|href=/);
    expect(s).not.toContain("<script");
    expect(s).not.toMatch(/[\u0000\u0007\u202E]/);
    expect(s).not.toMatch(/(?<!\u200D)@here/);
  }
  expect(blocks).not.toContain("```");
}

describe("renderSearchResults", () => {
  it("heads with the count and the query, then one identity line and View · Track · Ask per case", () => {
    const m = renderSearchResults(model([hit("Acme Widgets, Inc. v. Globex Corporation")], { total: 23, nextValue: "{}" }), { siteUrl });
    expectValidMessage(m);
    expect(m.text).toBe("23 cases match “acme”: Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01000");
    expect(all(m)).toContain("*<https://docket.example/cases/New_York_Southern_District_Court/1--23-cv-01000/");
    expect(all(m)).toContain("Filed 2/14/2023");
    expect(all(m)).toContain("Results 1–1 of 23");
    const actions = m.blocks.filter((b) => b.type === "actions").flatMap((b) => (b.type === "actions" ? b.elements : []));
    expect(actions.map((b) => b.action_id)).toEqual(["view_case:0", "track_case:0", "ask_case:0", "search_page:next"]);
    expect(decodeValue(actions[0]!.value)).toEqual({ court, docket: "1:23-cv-01000" });
  });

  it("leaves out Ask when no provider key is configured, and numbers buttons by absolute position", () => {
    const m = renderSearchResults(model([hit("A v. B", 0), hit("C v. D", 1)], { askEnabled: false, offset: 20, total: 22, previousValue: "{}" }), { siteUrl });
    expectValidMessage(m);
    const ids = m.blocks.flatMap((b) => (b.type === "actions" ? b.elements.map((e) => e.action_id) : []));
    expect(ids).toEqual(["view_case:20", "track_case:20", "view_case:21", "track_case:21", "search_page:prev"]);
    expect(all(m)).toContain("Results 21–22 of 22");
  });

  it.each(HOSTILE)("defuses a hostile title: %s", (title) => {
    const m = renderSearchResults(model([hit(title), hit("Fine v. Title", 1)], { query: "<!channel> @here ```x```" }), { siteUrl });
    expectValidMessage(m);
    expectDefused(m);
  });

  it("cuts long titles at a word with an ellipsis and keeps a full page within Slack's limits", () => {
    const long = `${"Plaintiffs Collectively Known As The Consolidated Group ".repeat(40)}v. Globex`;
    const m = renderSearchResults(model(Array.from({ length: 10 }, (_, i) => hit(long, i)), { total: 500, nextValue: "{}", previousValue: "{}" }), { siteUrl });
    expectValidMessage(m);
    // Cut after a whole word (…The…, never …Consoli…).
    const cuts = [...all(m).matchAll(/(\w+)…/g)].map((x) => x[1]);
    expect(cuts.length).toBeGreaterThan(0);
    for (const word of cuts) expect(["Plaintiffs", "Collectively", "Known", "As", "The", "Consolidated", "Group"]).toContain(word);
  });

  it("lists cases without links when non-Latin titles would make the links too long for one message", () => {
    const title = `${"Акционерное общество Глобэкс ".repeat(10)}v. Acme`;
    const m = renderSearchResults(model(Array.from({ length: 10 }, (_, i) => hit(title, i)), { total: 40, nextValue: "{}", previousValue: "{}" }), { siteUrl });
    expectValidMessage(m);
    expect(all(m)).not.toContain("%D0");
    expect(all(m)).toContain("*Акционерное общество Глобэкс");
    // Ordinary titles keep their links.
    expect(all(renderSearchResults(model([hit(title)]), { siteUrl }))).toContain("%D0");
  });

  it("drops buttons for a case whose reference cannot travel in a button, instead of posting a broken one", () => {
    const m = renderSearchResults(model([{ title: "Odd", court: "x".repeat(300), docket: "1" }]), { siteUrl });
    expectValidMessage(m);
    expect(m.blocks.some((b) => b.type === "actions")).toBe(false);
  });

  it("says what to try when nothing matches, and when paging past the end", () => {
    const none = renderSearchResults(model([], { query: "zzq", total: 0 }), { siteUrl });
    expectValidMessage(none);
    expect(none.text).toMatch(/^No cases match “zzq”/);
    expect(all(none)).toContain("/docket pacer");
    const past = renderSearchResults(model([], { query: "zzq", total: 10, offset: 10, previousValue: "{}" }), { siteUrl });
    expectValidMessage(past);
    expect(past.text).toBe("No more results for “zzq”.");
  });

  it("renders the working state and problems as valid messages", () => {
    const w = renderSearching("acme <!here>");
    expectValidMessage(w);
    expect(w.text).toMatch(/^Searching for “acme ‹!here>”…$/);
    expectDefused(w);
    expectValidMessage(renderSearchProblem("The docket service is busy. (ref 7f3a)"));
  });
});

describe("the search modal", () => {
  const hits = HOSTILE.map((t, i) => hit(t, i));

  it("is a valid modal in each state", () => {
    const views = [
      renderSearchModal({ privateMetadata: "{}", status: { kind: "form" } }, { siteUrl }),
      renderSearchModal({ query: "acme", court: "nysd", destination: "C0ACME", privateMetadata: "{}", status: { kind: "searching" } }, { siteUrl }),
      renderSearchModal({ query: "acme", privateMetadata: "{}", status: { kind: "results", hits, offset: 10, total: 200, previousValue: "{}", nextValue: "{}" } }, { siteUrl }),
      renderSearchModal({ query: "zzq", privateMetadata: "{}", status: { kind: "results", hits: [], offset: 0, total: 0 } }, { siteUrl }),
      renderSearchModal({ query: "acme", privateMetadata: "{}", status: { kind: "failed", message: "The docket service is busy. (ref 7f3a)" } }, { siteUrl }),
    ];
    for (const v of views) expectValidView(v as unknown as Record<string, unknown>);
    expectValidView(renderSearchNotice("Sent 1:23-cv-01234 in S.D.N.Y. to <#C0ACME>.") as unknown as Record<string, unknown>);
    const results = JSON.stringify(views[2]!.blocks);
    expectDefused({ text: "", blocks: views[2]!.blocks });
    expect(results).toContain("view_case:10");
    expect(results).toContain("Results 11–20 of 200");
  });

  it("keeps what was searched in the form, and only a channel id as the initial conversation", () => {
    const v = renderSearchModal({ query: "acme", court: "nysd", destination: "C0ACME", privateMetadata: "{}", status: { kind: "form" } }, { siteUrl });
    const s = JSON.stringify(v.blocks);
    expect(s).toContain('"initial_value":"acme"');
    expect(s).toContain('"initial_value":"nysd"');
    expect(s).toContain('"initial_conversation":"C0ACME"');
    const bad = renderSearchModal({ query: "acme", destination: "U0ADMIN", privateMetadata: "{}", status: { kind: "form" } }, { siteUrl });
    expect(JSON.stringify(bad.blocks)).not.toContain("initial_conversation");
  });
});
