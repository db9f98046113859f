import { describe, expect, it } from "vitest";
import { HOME_LIMITS, renderHome, type HomeModel } from "../../../../src/features/home/views/home.ts";
import { homeTrackerBlocks } from "../../../../src/features/tracking/views/home-trackers.ts";
import { adminOnlyText, renderLinked, renderMatters, renderUnlinked } from "../../../../src/features/matters/views/matters.ts";
import { TRACK_BLOCK, renderTrackModal, renderTrackModalStatus } from "../../../../src/features/tracking/views/track-modal.ts";
import { renderUsage } from "../../../../src/features/usage/views/usage.ts";
import { money } from "../../../../src/slack/blockkit/format.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const SITE = "https://dockets.example.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const all = (p: { blocks: unknown[]; text?: string }) => `${p.text ?? ""}\n${JSON.stringify(p.blocks)}`;
const MARCH = Date.UTC(2026, 2, 1);

describe("matters", () => {
  it("lists a channel's matters, or says how to link one", () => {
    const p = renderMatters({ links: [{ clientMatter: "ACME-001", linkedBy: "U0ADMIN", linkedAt: MARCH }], isAdmin: false });
    expectValidMessage(p);
    expect(p.text).toBe("This channel's client matter: ACME-001.");
    expect(all(p)).toContain("<!date^1772323200^{date_short}|2026-03-01> by <@U0ADMIN>");
    const none = renderMatters({ links: [], isAdmin: false });
    expectValidMessage(none);
    expect(none.text).toBe("This channel isn't linked to a client matter.");
    expect(all(none)).toContain("A docketbot admin can link one");
  });

  it("tells non-admins who can link", () => {
    expect(adminOnlyText(["U0ADMIN"])).toBe("Only docketbot admins can link or unlink client matters. Ask <@U0ADMIN>.");
    expect(adminOnlyText([])).toContain("DOCKETBOT_ADMINS");
  });

  it("says how many held alerts were waiting when a matter is linked", () => {
    const p = renderLinked({ matter: "ACME-001", userId: "U0ADMIN", linked: true, releasedPushes: 3 });
    expectValidMessage(p);
    expect(p.text).toBe("This channel is now linked to client matter ACME-001. 3 alerts were waiting and are being posted here now.");
    expect(all(p)).toContain("*3 alerts were waiting*");
    expect(renderLinked({ matter: "ACME-001", userId: "U0ADMIN", linked: true, releasedPushes: 0 }).text).toBe("This channel is now linked to client matter ACME-001.");
  });

  it("a matter linked beside others is not said to be billed for calls here: paid actions ask which matter pays", () => {
    const alone = renderLinked({ matter: "ACME-001", userId: "U0ADMIN", linked: true, releasedPushes: 0 });
    const beside = renderLinked({ matter: "ACME-002", userId: "U0ADMIN", linked: true, releasedPushes: 0, others: 1 });
    expect(all(alone)).toContain("calls from here are billed to it");
    expect(all(beside)).not.toContain("calls from here are billed to it");
    expect(all(beside)).toContain("a question, search or court fee here asks which of the channel's matters pays");
    expectValidMessage(beside);
  });

  it("says what stops when a matter is unlinked", () => {
    const last = renderUnlinked({ matter: "ACME-001", userId: "U0ADMIN", unlinked: true, cancelledDeliveries: 2, otherChannels: 0 });
    expectValidMessage(last);
    expect(last.text).toBe("This channel is no longer linked to ACME-001: its alerts stop here.");
    expect(all(last)).toContain("2 queued alerts for this channel won't be posted");
    expect(all(last)).toContain("held until a channel is linked");
    const other = renderUnlinked({ matter: "ACME-001", userId: "U0ADMIN", unlinked: true, cancelledDeliveries: 0, otherChannels: 1 });
    expect(all(other)).toContain("1 other channel of *ACME-001* still gets their alerts");
  });
});

describe("usage", () => {
  it("shows calls, AI spend (reported) and court fees (estimate, and those not priced) per matter", () => {
    const p = renderUsage({
      usage: [
        { clientMatter: "ACME-001", calls: 12, aiReported: 0.035, courtReported: 0, courtEstimate: 0.4, unpricedFeeCalls: 1, since: MARCH },
        { clientMatter: "ACME-002", calls: 0, aiReported: 0, courtReported: 0, courtEstimate: 0, unpricedFeeCalls: 0, since: MARCH },
      ],
      testMode: false,
    });
    expectValidMessage(p);
    expect(p.text).toBe("Usage in March 2026 so far: ACME-001: 12 calls, AI $0.04 reported, court fees $0.40 estimate; ACME-002: 0 calls, AI $0.00 reported, court fees $0.00 estimate.");
    expect(all(p)).toContain("*AI spend*\\n$0.04 reported");
    expect(all(p)).toContain("*Court fees*\\n$0.40 estimate");
    expect(all(p)).toContain("*Court fees not priced*\\n1 live pull or document");
  });

  it("formats money", () => {
    expect(money(0.02)).toBe("$0.02");
    expect(money(12.5)).toBe("$12.50");
    // Cents only (issue 25 item 5); the CSV keeps every digit.
    expect(money(0.015)).toBe("$0.02");
    expect(money(0.0109)).toBe("$0.01");
    expect(money(0.1 + 0.2)).toBe("$0.30");
  });
});

describe("the Track modal", () => {
  it("asks for frequency, and for the matter only when the channel has several", () => {
    const one = renderTrackModal({ cases: [ACME], matters: ["ACME-001"], frequency: "realtime", privateMetadata: "{}" }, { siteUrl: SITE });
    expectValidView(one as unknown as Record<string, unknown>);
    expect(one.blocks.filter((b) => b.type === "input").map((b) => (b as { block_id: string }).block_id)).toEqual([TRACK_BLOCK.frequency]);
    const many = renderTrackModal({ cases: [ACME, { ...ACME, docket: "1:24-cv-00001" }], matters: ["A", "B"], frequency: "daily", privateMetadata: "{}" }, { siteUrl: SITE });
    expectValidView(many as unknown as Record<string, unknown>);
    expect(many.blocks.filter((b) => b.type === "input").map((b) => (b as { block_id: string }).block_id)).toEqual([TRACK_BLOCK.case, TRACK_BLOCK.frequency, TRACK_BLOCK.matter]);
    expectValidView(renderTrackModalStatus("Done.", "{}") as unknown as Record<string, unknown>);
  });
});

describe("App Home", () => {
  const base: HomeModel = { recent: [], matters: [], trackers: [], channelsKnown: true, qaEnabled: true };

  it("is valid when empty, loading or unavailable", () => {
    for (const rows of [[], "loading", "unavailable"] as const) {
      for (const hasMatters of [false, true]) {
        const trackers = homeTrackerBlocks(rows, { siteUrl: SITE, hasMatters });
        expectValidView(renderHome({ ...base, trackers }, { siteUrl: SITE }) as unknown as Record<string, unknown>);
      }
    }
    expect(JSON.stringify(renderHome({ ...base, channelsKnown: false }, { siteUrl: SITE }).blocks)).toContain("couldn't read which channels");
  });

  it("stays within 100 blocks with everything at its maximum, hostile text made safe", () => {
    const many = <T,>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
    const home = renderHome(
      {
        recent: many(50, (i) => ({ ...ACME, docket: `1:23-cv-${10000 + i}`, title: `<!channel> Case ${i}`, clientMatter: "ACME-001", viewedAt: MARCH })),
        matters: many(60, (i) => ({ clientMatter: `M-${i}`, channelIds: many(9, (j) => `C${i}X${j}`) })),
        trackers: homeTrackerBlocks(
          many(300, (i) => ({ target: { ...ACME, docket: `1:23-cv-${20000 + i}` }, title: `Title ${i} @here`, frequency: "daily", matter: `M-${i % 60}` })),
          { siteUrl: SITE, hasMatters: true },
        ),
        channelsKnown: true,
        qaEnabled: true,
      },
      { siteUrl: SITE },
    );
    expectValidView(home as unknown as Record<string, unknown>);
    expect(home.blocks.length).toBeLessThanOrEqual(100);
    const s = JSON.stringify(home.blocks);
    expect(s).not.toContain("<!channel>");
    expect(s).toContain("…and 280 more trackers");
    expect(s).toContain("…and 35 more matters");
    expect(s.match(/Viewed /g)).toHaveLength(HOME_LIMITS.recent);
  });
});

describe("goldens", () => {
  const view = (v: unknown) => expectValidView(v as Record<string, unknown>);

  it("matters: linked, and not linked", async () => {
    const linked = renderMatters({ links: [{ clientMatter: "ACME-001", linkedBy: "U0ADMIN", linkedAt: MARCH }], isAdmin: false });
    const none = renderMatters({ links: [], isAdmin: true });
    expectValidMessage(linked);
    expectValidMessage(none);
    await expectGoldens(linked, "./__goldens__/matters-linked");
    await expectGoldens(none, "./__goldens__/matters-none-admin");
  });

  it("linked: with held alerts released", async () => {
    const p = renderLinked({ matter: "ACME-001", userId: "U0ADMIN", linked: true, releasedPushes: 3 });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/linked-released");
  });

  it("linked: already linked", async () => {
    const p = renderLinked({ matter: "ACME-001", userId: "U0ADMIN", linked: false, releasedPushes: 0 });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/linked-already");
  });

  it("unlinked: the last channel, with queued alerts cancelled", async () => {
    const p = renderUnlinked({ matter: "ACME-001", userId: "U0ADMIN", unlinked: true, cancelledDeliveries: 2, otherChannels: 0 });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/unlinked-last-channel");
  });

  it("unlinked: another channel still linked", async () => {
    const p = renderUnlinked({ matter: "ACME-001", userId: "U0ADMIN", unlinked: true, cancelledDeliveries: 0, otherChannels: 1 });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/unlinked-other-channel");
  });

  it("unlinked: was not linked", async () => {
    const p = renderUnlinked({ matter: "ACME-001", userId: "U0ADMIN", unlinked: false, cancelledDeliveries: 0, otherChannels: 0 });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/unlinked-not-linked");
  });

  it("usage: two matters", async () => {
    const p = renderUsage({
      usage: [
        { clientMatter: "ACME-001", calls: 12, aiReported: 0.035, courtReported: 0, courtEstimate: 0.4, unpricedFeeCalls: 1, since: MARCH },
        { clientMatter: "ACME-002", calls: 0, aiReported: 0, courtReported: 0, courtEstimate: 0, unpricedFeeCalls: 0, since: MARCH },
      ],
      testMode: false,
    });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/usage-two-matters");
  });

  it("usage: test mode", async () => {
    const p = renderUsage({ usage: [{ clientMatter: "ACME-001", calls: 4, aiReported: 0, courtReported: 0, courtEstimate: 0, unpricedFeeCalls: 1, since: MARCH }], testMode: true });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/usage-test-mode");
  });

  it("usage: no matters", async () => {
    const p = renderUsage({ usage: [], testMode: false });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/usage-empty");
  });

  const home: HomeModel = {
    recent: [
      { ...ACME, title: "Acme Corp v. Widget Inc", clientMatter: "ACME-001", viewedAt: MARCH + 3_600_000 },
      { court: "Delaware District Court", docket: "1:24-cv-00042", viewedAt: MARCH },
    ],
    matters: [
      { clientMatter: "ACME-001", channelIds: ["C0LIT1", "C0LIT2"] },
      { clientMatter: "BETA-002", channelIds: ["C0BETA"] },
    ],
    trackers: homeTrackerBlocks(
      [
        { target: ACME, title: "Acme Corp v. Widget Inc", frequency: "daily", matter: "ACME-001" },
        { target: { q: "widget patent" }, frequency: "weekly", matter: "BETA-002" },
      ],
      { siteUrl: SITE, hasMatters: true },
    ),
    channelsKnown: true,
    qaEnabled: true,
  };

  it("home: recent cases, matters and trackers", async () => {
    const v = renderHome(home, { siteUrl: SITE });
    view(v);
    await expectGoldens(v, "./__goldens__/home-ordinary");
  });

  it("home: a new user, trackers loading", async () => {
    const v = renderHome({ ...base(), trackers: homeTrackerBlocks("loading", { siteUrl: SITE, hasMatters: false }) }, { siteUrl: SITE });
    view(v);
    await expectGoldens(v, "./__goldens__/home-empty-loading");
  });

  it("home: channels unknown, trackers unavailable", async () => {
    const v = renderHome({ ...base(), channelsKnown: false, qaEnabled: false, trackers: homeTrackerBlocks("unavailable", { siteUrl: SITE, hasMatters: true }) }, { siteUrl: SITE });
    view(v);
    await expectGoldens(v, "./__goldens__/home-unavailable");
  });
});

function base(): HomeModel {
  return { recent: [], matters: [], trackers: [], channelsKnown: true, qaEnabled: true };
}
