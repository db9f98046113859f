import { describe, it } from "vitest";
import { renderTrackModal, renderTrackModalStatus } from "../../../../src/features/tracking/views/track-modal.ts";
import { expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

// The modal's behaviour is tested in test/features/matters/views/matters-usage-home.test.ts; these are its goldens.
const SITE = "https://dockets.example.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const view = (v: unknown) => expectValidView(v as Record<string, unknown>);

describe("track modal goldens", () => {
  it("one case, one matter: only the frequency is asked", async () => {
    const v = renderTrackModal({ cases: [ACME], matters: ["ACME-001"], frequency: "realtime", privateMetadata: '{"c":"C0LIT1"}' }, { siteUrl: SITE });
    view(v);
    await expectGoldens(v, "./__goldens__/track-modal-one");
  });

  it("several cases and matters: case, frequency and matter", async () => {
    const v = renderTrackModal(
      { cases: [ACME, { court: "Delaware District Court", docket: "1:24-cv-00042" }], matters: ["ACME-001", "ACME-002"], frequency: "daily", privateMetadata: '{"c":"C0LIT1"}' },
      { siteUrl: SITE },
    );
    view(v);
    await expectGoldens(v, "./__goldens__/track-modal-choices");
  });

  it("one case already tracked: this channel's subscriptions are shown, and the frequency starts at the current one", async () => {
    const v = renderTrackModal(
      { cases: [ACME], matters: ["ACME-001", "ACME-002"], frequency: "daily", current: [{ matter: "ACME-001", frequency: "daily" }, { matter: "ACME-002", frequency: "40x" }], privateMetadata: '{"c":"C0LIT1"}' },
      { siteUrl: SITE },
    );
    view(v);
    await expectGoldens(v, "./__goldens__/track-modal-current");
  });

  it("the status modal", async () => {
    const v = renderTrackModalStatus(":white_check_mark: Tracking S.D.N.Y. · 1:23-cv-01234 for ACME-001, checked daily.", '{"c":"C0LIT1"}');
    view(v);
    await expectGoldens(v, "./__goldens__/track-modal-status");
  });
});

describe("the Track form names the case (issue 25 item 10)", () => {
  it("by its title, court and number, the number once", async () => {
    const { expect } = await import("vitest");
    const v = renderTrackModal({ cases: [{ ...ACME, title: "Acme Corp v. Widget Inc" }], matters: ["ACME-001"], frequency: "daily", privateMetadata: "{}" }, { siteUrl: SITE });
    expectValidView(v as never);
    const text = JSON.stringify(v.blocks);
    expect(text).toContain("|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234");
    const bare = JSON.stringify(renderTrackModal({ cases: [ACME], matters: ["ACME-001"], frequency: "daily", privateMetadata: "{}" }, { siteUrl: SITE }).blocks);
    expect(bare.match(/1:23-cv-01234/g)?.length).toBeLessThanOrEqual(2); // once shown, once in the link's URL form
    expect(bare).not.toContain("S.D.N.Y. · 1:23-cv-01234");
  });
});
