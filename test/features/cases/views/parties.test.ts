import { describe, expect, it } from "vitest";
import type { ButtonElement } from "../../../../src/slack/blockkit/blocks.ts";
import { decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { COUNSEL_SHOWN, PARTIES_PER_PAGE, counselLine, partyText, renderPartiesModal, renderPartiesNote } from "../../../../src/features/cases/views/parties.ts";
import { Counsel, Party } from "../../../../src/docket/schemas/index.ts";
import { expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { acmeDocket } from "./acme-docket.ts";
import { court, docket, hostileCase, siteUrl } from "./cases-fixtures.ts";

const navButtons = (blocks: unknown[]) =>
  (blocks as { type: string; elements?: ButtonElement[] }[]).filter((b) => b.type === "actions").flatMap((b) => b.elements ?? []);

describe("the parties modal", () => {
  it("lists every party with counsel, escaped", () => {
    const view = renderPartiesModal(hostileCase(), { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    expect(view.title.text).toBe("Parties");
    expect(view.callback_id).toBe("docket_parties_modal");
    const json = JSON.stringify(view.blocks);
    expect(json).toContain("*Plaintiff:* Acme Corp\\n• A. Smith (lead) — Jones Day · a@jd.example · (212) 555-0100");
    expect(json).toContain("*Defendant:* &lt;@U12345&gt; Holdings\\n• Pat Pro (pro se)");
    expect(json).toContain("*Defendant:* Widget &amp; Co\\n_No counsel listed_");
    expect(json).toContain("3 parties");
    expect(navButtons(view.blocks)).toEqual([]);
  });

  it("pages long lists with Previous / Next carrying the page", () => {
    const parties = Array.from({ length: 45 }, (_, i) => ({ name: `Party ${i + 1}`, type: "Defendant" }));
    const m = hostileCase({ parties });
    const first = renderPartiesModal(m, { siteUrl, page: 0 });
    expectValidView(first as unknown as Record<string, unknown>);
    expect(JSON.stringify(first.blocks)).toContain(`Parties 1–${PARTIES_PER_PAGE} of 45`);
    expect(navButtons(first.blocks).map((b) => [b.action_id, decodeValue(b.value)])).toEqual([["more_parties:next", { court, docket, page: 1 }]]);
    const last = renderPartiesModal(m, { siteUrl, page: 99 });
    expectValidView(last as unknown as Record<string, unknown>);
    expect(JSON.stringify(last.blocks)).toContain("Parties 41–45 of 45");
    expect(navButtons(last.blocks).map((b) => b.action_id)).toEqual(["more_parties:prev"]);
    const middle = renderPartiesModal(m, { siteUrl, page: 1 });
    expect(navButtons(middle.blocks).map((b) => b.action_id)).toEqual(["more_parties:prev", "more_parties:next"]);
  });

  it("counts counsel past the first twelve, and stays within Slack's limits for huge parties", () => {
    const counsel = Array.from({ length: 40 }, (_, i) => ({ name: `Lawyer ${i} ${"x".repeat(200)}`, firm: "F".repeat(300), email: "e@x.example", lead: i === 0 }));
    const p = Party.parse({ name: "N".repeat(500), type: "Defendant", counsel });
    const text = partyText(p);
    expect(text.split("\n").filter((l) => l.startsWith("•"))).toHaveLength(COUNSEL_SHOWN);
    expect(text).toContain(`_+${40 - COUNSEL_SHOWN} more counsel_`);
    const parties = Array.from({ length: 25 }, () => ({ name: "N".repeat(500), type: "Defendant", counsel }));
    expectValidView(renderPartiesModal(hostileCase({ parties }), { siteUrl }) as unknown as Record<string, unknown>);
  });

  it("writes counsel lines as the style guide shows", () => {
    expect(counselLine(Counsel.parse({ name: "B. Jones", firm: "Jones Day" }))).toBe("• B. Jones — Jones Day");
    expect(counselLine(Counsel.parse({ name: "Pat", prose: true, firm: "ignored" }))).toBe("• Pat (pro se)");
  });

  it("has a one-line note modal for working and errors", () => {
    expectValidView(renderPartiesNote(":hourglass_flowing_sand: Getting the parties…") as unknown as Record<string, unknown>);
  });
});

describe("parties goldens", () => {
  it("one page of parties with counsel", async () => {
    const view = renderPartiesModal(acmeDocket(), { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    await expectGoldens(view, "./__goldens__/parties-modal");
  });

  it("the middle page of a long list (Previous and Next)", async () => {
    const parties = Array.from({ length: 45 }, (_, i) => ({ name: `Party ${i + 1}`, type: "Defendant" }));
    const view = renderPartiesModal(acmeDocket({ parties }), { siteUrl, page: 1 });
    expectValidView(view as unknown as Record<string, unknown>);
    await expectGoldens(view, "./__goldens__/parties-modal-paged");
  });

  it("the note modal (working)", async () => {
    const view = renderPartiesNote(":hourglass_flowing_sand: Getting the parties…");
    expectValidView(view as unknown as Record<string, unknown>);
    await expectGoldens(view, "./__goldens__/parties-note");
  });
});
