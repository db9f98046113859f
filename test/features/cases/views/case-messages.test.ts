import { describe, expect, it } from "vitest";
import { DocketEntry } from "../../../../src/docket/schemas/index.ts";
import { caseRefLine, otherCasesNotice, refreshNotice, renderCaseWorking, renderLookupNotFound, renderNumberlessLink, renderRefreshing } from "../../../../src/features/cases/views/case-messages.ts";
import { renderCaseView } from "../../../../src/features/cases/views/case-view.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { court, docket, hostileCase, siteUrl } from "./cases-fixtures.ts";

const entry = (date: string, number?: string) => DocketEntry.parse({ date, number, contents: "ORDER" });

describe("working states", () => {
  it("name the case by docket and court label, as valid messages with a plain fallback", () => {
    const working = renderCaseWorking({ court, docket });
    expectValidMessage(working);
    expect(working.text).toBe("Getting 1:23-cv-01234 in S.D.N.Y.…");
    expect(JSON.stringify(working.blocks)).toContain(":hourglass_flowing_sand: Getting 1:23-cv-01234 in S.D.N.Y.…");
    const refreshing = renderRefreshing({ court, docket });
    expectValidMessage(refreshing);
    expect(refreshing.text).toBe("Refreshing 1:23-cv-01234 in S.D.N.Y. from the court…");
  });

  it("escape what the user typed or pasted (a court rebuilt from a URL)", () => {
    expect(caseRefLine({ court: "<!channel> Court", docket: "1:23-cv-1" })).toBe("1:23-cv-1 in &lt;!channel&gt; Court");
  });
});

describe("refreshNotice", () => {
  it("says nothing new, how many new and the latest date, or just that it refreshed", () => {
    expect(refreshNotice([])).toBe("*Refreshed from the court*: nothing new has been filed.");
    expect(refreshNotice([entry("3/1/2026", "60"), entry("3/4/2026", "61"), entry("12/30/2025")])).toBe(
      "*Refreshed from the court*: 3 new entries (latest 3/4/2026), shown below.",
    );
    expect(refreshNotice([entry("3/1/2026", "60")])).toContain("1 new entry (latest 3/1/2026)");
    expect(refreshNotice(undefined)).toBe("*Refreshed from the court*.");
  });

  it("shows in the case view under the context line, within the page's budget", () => {
    const v = renderCaseView(hostileCase(), { siteUrl, page: 0, ref: "r1", notice: refreshNotice([]) });
    expectValidMessage(v);
    expect(v.blocks[2]).toMatchObject({ type: "context", elements: [{ text: "*Refreshed from the court*: nothing new has been filed." }] });
  });
});

describe("the lookup shortcut's words", () => {
  it("names the other cases a message mentions, at most three", () => {
    expect(otherCasesNotice([])).toBeUndefined();
    const refs = ["1:24-cv-1", "1:24-cv-2", "1:24-cv-3", "1:24-cv-4", "1:24-cv-5"].map((d) => ({ court: "Delaware District Court", docket: d }));
    expect(otherCasesNotice(refs)).toBe(
      "The message also names 1:24-cv-1 in D. Del.; 1:24-cv-2 in D. Del.; 1:24-cv-3 in D. Del. and 2 more. Open one with `/docket case <court> <docket>`.",
    );
  });

  it("says what it looks for, with an example", () => {
    const m = renderLookupNotFound("https://dockets.example/");
    expectValidMessage(m);
    expect(m.text).toBe(
      "I didn't find a case in that message. I look for a link to a case on dockets.example, or a court and docket number such as nysd 1:23-cv-01234 or S.D.N.Y. No. 1:23-cv-01234.",
    );
  });
});

describe("the Refresh dialog in test mode", () => {
  it("says there are no charges", () => {
    const v = renderCaseView(hostileCase(), { siteUrl, page: 0, ref: "r", clientMatter: "ACME-001", testMode: true });
    const refresh = JSON.stringify(v.blocks);
    expect(refresh).toContain("Test mode: no charges. Outside test mode, pulling a live copy from the court may incur court fees (PACER: $0.10 a page, up to $3.00). Continue?");
    expectValidMessage(v);
  });
});

describe("case message goldens", () => {
  it("working", async () => {
    const m = renderCaseWorking({ court, docket });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/case-working");
  });

  it("refreshing", async () => {
    const m = renderRefreshing({ court, docket });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/refreshing");
  });

  it("lookup found no case", async () => {
    const m = renderLookupNotFound(siteUrl);
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/lookup-not-found");
  });

  it("a case link that names no docket number (CM/ECF, CourtListener)", async () => {
    const ecf = renderNumberlessLink({ source: "cmecf", court: "nysd" });
    expectValidMessage(ecf);
    await expectGoldens(ecf, "./__goldens__/numberless-link-cmecf");
    const cl = renderNumberlessLink({ source: "courtlistener", title: "acme widgets inc v globex corporation" });
    expectValidMessage(cl);
    await expectGoldens(cl, "./__goldens__/numberless-link-courtlistener");
    const hostile = renderNumberlessLink({ source: "courtlistener", title: "<!channel> *x* `y` <https://evil.example|z>", court: "<@U1>" });
    expectValidMessage(hostile);
    expect(JSON.stringify(hostile)).not.toMatch(/<!channel>|<@U1>|evil\.example\|/);
  });
});
