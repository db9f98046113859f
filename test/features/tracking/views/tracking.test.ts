import { describe, expect, it } from "vitest";
import { blockTextLength } from "../../../../src/slack/blockkit/limits.ts";
import { FREQUENCIES, frequencyPhrase, isFrequency } from "../../../../src/features/tracking/views/track-frequency.ts";
import { TRACKERS_PER_PAGE, renderTrackerList, type TrackerRow } from "../../../../src/features/tracking/views/tracker-list.ts";
import {
  decodePage, decodePickMatter, decodeUntrack, encodePage, encodePickMatter, encodeUntrack, QUERY_MAX,
} from "../../../../src/features/tracking/views/tracking-values.ts";
import { needsMatterText, renderPickMatter, renderStopped, renderTracked, renderWorkingOn, stopHint } from "../../../../src/features/tracking/views/tracking.ts";
import { renderWorking } from "../../../../src/features/tracking/views/tracking.ts";
import { homeTrackerBlocks } from "../../../../src/features/tracking/views/home-trackers.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const SITE = "https://dockets.example.com/";
const ACME = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const HOSTILE_TITLE = "<!channel> Holdings LLC *v.* `Initech` & <@U123> @here ~x~";
const all = (p: { text: string; blocks: unknown[] }) => `${p.text}\n${JSON.stringify(p.blocks)}`;

describe("frequencies", () => {
  it("has words for every frequency of the spec, in its order", () => {
    expect(FREQUENCIES).toEqual(["realtime", "continuous", "40x", "twice_daily", "daily", "weekly", "monthly"]);
    expect(frequencyPhrase("twice_daily")).toBe("twice a day");
    expect(isFrequency("hourly")).toBe(false);
  });

  it("shows an unknown frequency from the listing safely", () => {
    expect(frequencyPhrase("<!here> *x*")).not.toContain("<!here>");
    expect(frequencyPhrase("<!here>", "plain")).toBe("‹!here>");
  });
});

describe("button values", () => {
  it("round-trips and refuses tampered or oversized values", () => {
    expect(decodeUntrack(encodeUntrack({ target: ACME, page: 2 }))).toEqual({ target: ACME, page: 2 });
    expect(decodeUntrack(encodeUntrack({ target: { q: "widget patent" }, page: 0 }))).toEqual({ target: { q: "widget patent" }, page: 0 });
    const pick = { target: ACME, frequency: "daily" as const, matter: "ACME-001" };
    expect(decodePickMatter(encodePickMatter(pick))).toEqual(pick);
    expect(decodePage(encodePage(3))).toBe(3);

    expect(decodePickMatter(JSON.stringify({ c: ACME.court, d: ACME.docket, f: "hourly", m: "X" }))).toBeUndefined();
    expect(decodePickMatter(JSON.stringify({ c: ACME.court, d: ACME.docket, f: "daily", m: "x".repeat(51) }))).toBeUndefined();
    expect(decodeUntrack(JSON.stringify({ q: "a", c: "b", d: "c" }))).toBeUndefined();
    expect(decodeUntrack(JSON.stringify({ c: "", d: "1" }))).toBeUndefined();
    expect(decodeUntrack("not json")).toBeUndefined();
    expect(decodePage(JSON.stringify({ p: -1 }))).toBeUndefined();
    expect(() => encodeUntrack({ target: { q: "x".repeat(QUERY_MAX + 1) }, page: 0 })).toThrow(RangeError);
  });
});

describe("track confirmations", () => {
  it("leads with what is tracked, for which matter and how often, with the identity line", () => {
    const p = renderTracked({ target: ACME, title: "Acme Widgets, Inc. v. Globex Corporation", matter: "ACME-001", frequency: "daily", userId: "U0ADMIN" }, { siteUrl: SITE });
    expectValidMessage(p);
    expect(p.text).toBe("Tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001, checked daily.");
    expect(all(p)).toContain("*Tracking* *<https://dockets.example.com/cases/");
    expect(all(p)).toContain("*ACME-001*");
    expect(all(p)).toContain("`/docket untrack nysd 1:23-cv-01234`");
  });

  it("says what changed when the matter already tracked it", () => {
    const p = renderTracked({ target: ACME, matter: "ACME-001", frequency: "weekly", previousFrequency: "daily", userId: "U0ADMIN" }, { siteUrl: SITE });
    expect(all(p)).toContain("Checked weekly (was daily)");
  });

  it("neutralises a hostile title and matter everywhere", () => {
    const p = renderTracked({ target: ACME, title: HOSTILE_TITLE, matter: "M*1", frequency: "daily", userId: "not-a-user" }, { siteUrl: SITE });
    expectValidMessage(p);
    const s = all(p);
    expect(s).not.toMatch(/<!channel>|<@U123>|@here(?!\u200D)/);
    expect(s).toContain("by someone");
    const stopped = renderStopped({ target: { q: "<!here> widget" }, matter: "ACME-001", userId: "U0ADMIN" }, { siteUrl: SITE });
    expectValidMessage(stopped);
    expect(all(stopped)).not.toContain("<!here>");
  });

  it("only offers a stop command that can be typed back", () => {
    expect(stopHint({ q: "widget patent" })).toBe('Stop with `/docket unwatch "widget patent"`.');
    expect(stopHint({ q: "a `b` *c*" })).toBe("Stop it from `/docket tracking`.");
    expect(stopHint({ court: "Florida State, Duval County, Fourth Circuit Court", docket: "2014-CF-003894" })).toBe("Stop it from `/docket tracking`.");
  });

  it("asks a channel with several matters to pick one, one button per matter", () => {
    const p = renderPickMatter({ target: ACME, frequency: "realtime", matters: ["ACME-001", "ACME-002"] }, { siteUrl: SITE });
    expectValidMessage(p);
    const buttons = (p.blocks[1] as { elements: Array<{ action_id: string; value: string }> }).elements;
    expect(buttons.map((b) => b.action_id)).toEqual(["track_matter:0", "track_matter:1"]);
    expect(decodePickMatter(buttons[1]!.value)).toEqual({ target: ACME, frequency: "realtime", matter: "ACME-002" });
  });

  it("has a working line and a how-to-link sentence", () => {
    expectValidMessage(renderWorkingOn("Tracking", ACME, "ACME-001"));
    expect(renderWorkingOn("Tracking", ACME, "ACME-001").text).toBe(":hourglass_flowing_sand: Tracking S.D.N.Y. · 1:23-cv-01234 for ACME-001…");
    expect(needsMatterText(false)).toContain("/docket matter link");
  });
});

describe("the tracker list", () => {
  const row = (i: number, over: Partial<TrackerRow> = {}): TrackerRow => ({
    target: { court: ACME.court, docket: `1:23-cv-${String(10000 + i)}` },
    title: `${"Very Long Caption Of A Case With Many Parties ".repeat(4)}${i}`,
    frequency: "daily",
    matter: "ACME-001",
    ...over,
  });

  it("lists cases then searches, each with an Untrack button carrying its target", () => {
    const p = renderTrackerList({ rows: [row(1, { target: { q: "widget patent" }, title: undefined }), row(2)], matters: ["ACME-001"], page: 0, complete: true }, { siteUrl: SITE });
    expectValidMessage(p);
    expect(p.text).toBe("This channel tracks 1 case · 1 saved search for ACME-001.");
    const sections = p.blocks.filter((b) => b.type === "section" && "accessory" in b) as Array<{ accessory: { action_id: string; value: string; text: { text: string } } }>;
    expect(sections.map((s) => s.accessory.text.text)).toEqual(["Untrack", "Unwatch"]);
    expect(decodeUntrack(sections[1]!.accessory.value)).toEqual({ target: { q: "widget patent" }, page: 0 });
  });

  it("pages a long list within Slack's limits", () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i));
    const first = renderTrackerList({ rows, matters: ["ACME-001"], page: 0, complete: true }, { siteUrl: SITE });
    const last = renderTrackerList({ rows, matters: ["ACME-001"], page: 99, complete: false }, { siteUrl: SITE });
    for (const p of [first, last]) {
      expectValidMessage(p);
      expect(blockTextLength(p.blocks)).toBeLessThan(12_000);
    }
    expect(first.blocks.filter((b) => "accessory" in b)).toHaveLength(TRACKERS_PER_PAGE);
    expect(all(first)).toContain("showing 1–12 of 40");
    expect(all(last)).toContain("showing 37–40 of 40");
    expect(all(last)).toContain("some may be missing");
    const nav = last.blocks.at(-1) as { elements: Array<{ action_id: string; value: string }> };
    expect(nav.elements.map((e) => e.action_id)).toEqual(["tracking_page:prev"]);
    expect(decodePage(nav.elements[0]!.value)).toBe(2);
  });

  it("says how to start when nothing is tracked", () => {
    const p = renderTrackerList({ rows: [], matters: ["ACME-001", "ACME-002"], page: 0, complete: true }, { siteUrl: SITE });
    expectValidMessage(p);
    expect(p.text).toBe("Nothing is tracked for ACME-001, ACME-002 yet.");
  });
});

describe("tracking goldens", () => {
  const ROWS: TrackerRow[] = [
    { target: ACME, title: "Acme Corp v. Widget Inc", frequency: "daily", matter: "ACME-001" },
    { target: { court: "Delaware District Court", docket: "1:24-cv-00042" }, frequency: "realtime", matter: "ACME-001" },
    { target: { q: "widget patent" }, frequency: "weekly", matter: "ACME-001" },
  ];

  it("tracked: a case, checked daily", async () => {
    const p = renderTracked({ target: ACME, title: "Acme Corp v. Widget Inc", matter: "ACME-001", frequency: "daily", userId: "U0ADMIN" }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracked-case");
  });

  it("tracked: already tracked, frequency changed and moved from another matter", async () => {
    const p = renderTracked(
      { target: ACME, title: "Acme Corp v. Widget Inc", matter: "ACME-001", frequency: "weekly", previousFrequency: "daily", movedFrom: "ACME-OLD", userId: "U0ADMIN" },
      { siteUrl: SITE },
    );
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracked-changed");
  });

  it("watching: a saved search", async () => {
    const p = renderTracked({ target: { q: "widget patent" }, matter: "ACME-001", frequency: "weekly", userId: "U0ADMIN" }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracked-search");
  });

  it("stopped: a case, and a saved search", async () => {
    const caseStopped = renderStopped({ target: ACME, title: "Acme Corp v. Widget Inc", matter: "ACME-001", userId: "U0ADMIN" }, { siteUrl: SITE });
    const searchStopped = renderStopped({ target: { q: "widget patent" }, matter: "ACME-001", userId: "U0ADMIN" }, { siteUrl: SITE });
    expectValidMessage(caseStopped);
    expectValidMessage(searchStopped);
    await expectGoldens(caseStopped, "./__goldens__/stopped-case");
    await expectGoldens(searchStopped, "./__goldens__/stopped-search");
  });

  it("pick a matter", async () => {
    const p = renderPickMatter({ target: ACME, title: "Acme Corp v. Widget Inc", frequency: "realtime", matters: ["ACME-001", "ACME-002"] }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/pick-matter");
  });

  it("working, and working on a target", async () => {
    const working = renderWorking("Reading this channel's trackers…");
    const on = renderWorkingOn("Tracking", ACME, "ACME-001");
    expectValidMessage(working);
    expectValidMessage(on);
    await expectGoldens(working, "./__goldens__/working");
    await expectGoldens(on, "./__goldens__/working-on");
  });

  it("tracker list: cases and a saved search", async () => {
    const p = renderTrackerList({ rows: ROWS, matters: ["ACME-001"], page: 0, complete: true }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracker-list");
  });

  it("tracker list: the last of several pages, listing incomplete", async () => {
    const rows = Array.from({ length: 15 }, (_, i): TrackerRow => ({
      target: { court: ACME.court, docket: `1:23-cv-${String(10000 + i)}` }, title: `Acme Corp v. Defendant ${i + 1}`, frequency: "daily", matter: "ACME-001",
    }));
    const p = renderTrackerList({ rows, matters: ["ACME-001"], page: 1, complete: false }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracker-list-last-page");
  });

  it("tracker list: nothing tracked", async () => {
    const p = renderTrackerList({ rows: [], matters: ["ACME-001", "ACME-002"], page: 0, complete: true }, { siteUrl: SITE });
    expectValidMessage(p);
    await expectGoldens(p, "./__goldens__/tracker-list-empty");
  });

  it("App Home's tracker section: rows, none without matters", async () => {
    await expectGoldens(homeTrackerBlocks(ROWS, { siteUrl: SITE, hasMatters: true }), "./__goldens__/home-trackers");
    await expectGoldens(homeTrackerBlocks([], { siteUrl: SITE, hasMatters: false }), "./__goldens__/home-trackers-no-matters");
  });
});
