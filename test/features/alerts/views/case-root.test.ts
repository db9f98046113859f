import { describe, expect, it } from "vitest";
import { renderCaseRoot } from "../../../../src/features/alerts/views/case-root.ts";
import type { SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { ACTION, actionIdPattern, decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { snoozeBlockCase } from "../../../../src/features/alerts/views/alert-controls.ts";
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
    expect(msg.text).toBe("1:23-cv-01234 · S.D.N.Y.: 1 new entry");
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

describe("case root snooze control", () => {
  const menu = (msg: { blocks: unknown[] }) => msg.blocks.find((b) => (b as { block_id?: string }).block_id?.startsWith("case_snooze:")) as
    | { block_id: string; elements: { type: string; action_id: string; options: { value: string }[] }[] }
    | undefined;

  it("offers Mute 7 days / until the next order / until unmuted, naming the case in its block_id", () => {
    const msg = renderCaseRoot({ court: "nysd", docket: "1:23-cv-01234", newEntries: 1 }, { siteUrl });
    const m = menu(msg)!;
    expect(snoozeBlockCase(m.block_id)).toEqual({ court, docket: "1:23-cv-01234" });
    expect(m.elements[0]).toMatchObject({ type: "static_select", action_id: "case_snooze" });
    expect(m.elements[0]!.options.map((o) => o.value)).toEqual(["7d", "next_order", "unmuted"]);
  });

  it("when muted, says until when (Slack date formatting) and offers Unmute first", () => {
    const msg = renderCaseRoot({ court, docket: "1:23-cv-01234", newEntries: 2, snooze: { mode: "until", until: 1_772_550_000_000 } }, { siteUrl });
    expectValidMessage(msg);
    expect(JSON.stringify(msg.blocks)).toContain("Muted until <!date^1772550000^{date_short_pretty} at {time}|2026-03-03T15:00:00Z>");
    expect(menu(msg)!.elements[0]!.options.map((o) => o.value)).toEqual(["off", "7d", "next_order", "unmuted"]);
    expect(msg.text).toContain("(muted until 2026-03-03T15:00:00Z)");
  });

  it("has no menu when the case cannot ride in a block_id", () => {
    const msg = renderCaseRoot({ court, docket: "9".repeat(200), newEntries: 1 }, { siteUrl });
    expectValidMessage(msg);
    expect(menu(msg)).toBeUndefined();
  });
});

describe("case root goldens", () => {
  it("a muted root: until the next order", async () => {
    const msg = renderCaseRoot(
      { court, docket: "1:23-cv-01234", title: "Acme Corp v. Widget Inc", newEntries: 3, latestEntryDate: "2026-03-04", clientMatter: "ACME-001", snooze: { mode: "next_order" } },
      { siteUrl },
    );
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/case-root-muted");
  });

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
