/**
 * The questions asked before alerts are taken away (issue 13, item 2), and the stop messages with
 * Undo and for the matter's other channels: goldens, Block Kit validity, hostile input.
 */
import { describe, expect, it } from "vitest";
import { renderConfirmLower, renderConfirmUntrack, undoButtons } from "../../../../src/features/tracking/views/tracking-confirm.ts";
import { renderStopped } from "../../../../src/features/tracking/views/tracking.ts";
import { decodePickMatter, decodeUntrack } from "../../../../src/features/tracking/views/tracking-values.ts";
import { frequencyExplained } from "../../../../src/features/tracking/views/track-frequency.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const SITE = "https://dockets.example.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const TITLE = "Acme Corp v. Widget Inc";
const valueOf = (m: { blocks: unknown[] }, i = 0) => (JSON.stringify(m.blocks).match(/"value":"((?:[^"\\]|\\.)*)"/g) ?? [])[i]!.slice(9, -1).replace(/\\"/g, '"');

describe("confirmations", () => {
  it("untrack names the matters and every channel that stops getting the case", async () => {
    const m = renderConfirmUntrack({ target: ACME, title: TITLE, matters: ["ACME-001"], channels: ["C0ACME", "C0ACME2"] }, { siteUrl: SITE });
    expectValidMessage(m);
    expect(m.text).toBe("Stop tracking Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234 for ACME-001?");
    expect(decodeUntrack(valueOf(m))).toEqual({ target: ACME, page: 0 });
    await expectGoldens(m, "./__goldens__/confirm-untrack");
    const one = renderConfirmUntrack({ target: ACME, title: TITLE, matters: ["ACME-001"], channels: ["C0ACME"] }, { siteUrl: SITE });
    expect(JSON.stringify(one.blocks)).toContain("no longer be posted to <#C0ACME>. That channel is told, and you can undo it.");
  });

  it("lowering names both frequencies in plain words and carries a confirmed value", async () => {
    const m = renderConfirmLower({ target: ACME, title: TITLE, matter: "ACME-001", from: "40x", to: "weekly", channels: ["C0ACME"] }, { siteUrl: SITE });
    expectValidMessage(m);
    expect(m.text).toBe("Check Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234 less often for ACME-001: weekly instead of 40 times a day?");
    expect(JSON.stringify(m.blocks)).toContain("once a week instead of about every 36 minutes");
    expect(decodePickMatter(valueOf(m))).toEqual({ target: ACME, frequency: "weekly", matter: "ACME-001", confirmed: true });
    await expectGoldens(m, "./__goldens__/confirm-lower");
  });

  it("the stop message offers Undo; the matter's other channels are told where it happened", async () => {
    const here = renderStopped({ target: ACME, title: TITLE, matter: "ACME-001", userId: "U0ADMIN", undo: undoButtons(ACME, [{ matter: "ACME-001", frequency: "daily" }]) }, { siteUrl: SITE });
    expectValidMessage(here);
    expect(decodePickMatter(valueOf(here))).toEqual({ target: ACME, frequency: "daily", matter: "ACME-001", confirmed: true });
    await expectGoldens(here, "./__goldens__/stopped-undo");
    const there = renderStopped({ target: ACME, title: TITLE, matter: "ACME-001", userId: "U0ADMIN", fromChannel: "C0ACME" }, { siteUrl: SITE });
    expectValidMessage(there);
    expect(JSON.stringify(there.blocks)).toContain("in <#C0ACME>. No more filings from it will be posted to this channel.");
    await expectGoldens(there, "./__goldens__/stopped-elsewhere");
  });

  it("explains every frequency in plain words", () => {
    expect(frequencyExplained("realtime")).toBe("Real time: within minutes of a filing");
    expect(frequencyExplained("40x")).toBe("40 times a day: about every 36 minutes");
  });

  it("hostile text stays text: a saved search and a title with mentions and markup, 60 channels", () => {
    const q = "<!channel> *bold* <https://evil.example|click> @here";
    const m = renderConfirmUntrack({ target: { q }, matters: ["ACME-001"], channels: Array.from({ length: 60 }, (_, i) => `C${i}`) }, { siteUrl: SITE });
    expectValidMessage(m);
    // What Slack shows (a button's value is never rendered: it comes back to us, decoded and checked).
    const all = JSON.stringify(m, (k, v: unknown) => (k === "value" ? undefined : v));
    expect(all).not.toContain("<!channel>");
    expect(all).not.toContain("evil.example|");
    expect(all).toContain("and 50 more");
    const l = renderConfirmLower({ target: ACME, title: "<@U123> <!here> v. Foo", matter: "ACME-001", from: "bogus<!channel>", to: "monthly", channels: [] }, { siteUrl: SITE });
    expectValidMessage(l);
    expect(JSON.stringify(l, (k, v: unknown) => (k === "value" ? undefined : v))).not.toMatch(/<!here>|<!channel>|<@U123>/);
  });
});
