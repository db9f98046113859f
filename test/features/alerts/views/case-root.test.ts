import { describe, expect, it } from "vitest";
import { renderCaseRoot } from "../../../../src/features/alerts/views/case-root.ts";
import type { SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { ACTION, actionIdPattern, decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";

describe("case root message", () => {
  it("is the identity line, then `N new entries · latest M/D/YYYY`, with a View case button", () => {
    const msg = renderCaseRoot(
      { court, docket: "1:23-cv-01234", title: "Acme Corp v. Widget Inc", newEntries: 3, latestEntryDate: "2026-03-04", clientMatter: "ACME-001" },
      { siteUrl },
    );
    expectValidMessage(msg);
    const section = msg.blocks[0] as SectionBlock;
    expect(section.text!.text).toBe(
      "*<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234\n3 new entries · latest 3/4/2026",
    );
    expect(section.accessory?.action_id).toMatch(actionIdPattern(ACTION.viewCase));
    expect(decodeValue(section.accessory?.value)).toEqual({ court, docket: "1:23-cv-01234" });
    expect(JSON.stringify(msg.blocks[1])).toContain("matter ACME-001");
    expect(msg.text).toBe("Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: 3 new entries · latest 3/4/2026");
  });

  it("reads well with one entry, no date, a PACER code and no title", () => {
    const msg = renderCaseRoot({ court: "nysd", docket: "1:23-cv-01234", newEntries: 1 }, { siteUrl });
    expectValidMessage(msg);
    expect(msg.text).toBe("1:23-cv-01234 · S.D.N.Y. · 1:23-cv-01234: 1 new entry");
    expect(decodeValue((msg.blocks[0] as SectionBlock).accessory?.value)).toEqual({ court, docket: "1:23-cv-01234" });
  });

  it("neutralises a hostile title and matter", () => {
    const msg = renderCaseRoot(
      { court, docket: "1:23-cv-01234", title: "<!channel> @here v. <@U1> *x*", newEntries: 2, clientMatter: "<!here>" },
      { siteUrl },
    );
    expectValidMessage(msg);
    const json = JSON.stringify(msg.blocks);
    expect(json).not.toMatch(/<!channel>|<!here>|<@U1>/);
    expect(msg.text).not.toMatch(/<|@(here|channel)\b/);
  });
});

describe("case root goldens", () => {
  it("an ordinary root: titled case with a matter", async () => {
    const msg = renderCaseRoot(
      { court, docket: "1:23-cv-01234", title: "Acme Corp v. Widget Inc", newEntries: 3, latestEntryDate: "2026-03-04", clientMatter: "ACME-001" },
      { siteUrl },
    );
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/case-root-ordinary");
  });

  it("a bare root: PACER court code, one entry, no title, date or matter", async () => {
    const msg = renderCaseRoot({ court: "nysd", docket: "1:23-cv-01234", newEntries: 1 }, { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/case-root-bare");
  });
});
