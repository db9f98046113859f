/** The listing pager, target matching and the wall filter (trackers.ts), and the Track modal's metadata. */
import { describe, expect, it } from "vitest";
import type { Tracker } from "../../../src/docket/schemas/index.ts";
import { decodeTrackModalState, encodeTrackModalState } from "../../../src/features/tracking/modal-state.ts";
import { LIST_MAX_PAGES, findTracker, listAllTrackers, rowsForMatters, targetKey } from "../../../src/features/tracking/trackers.ts";

const COURT = "New York Southern District Court";
const tracker = (i: number, over: Partial<Tracker> = {}): Tracker => ({
  court: COURT, docket: `1:23-cv-${String(i).padStart(5, "0")}`, title: `Case ${i}`, enabled: true, frequency: "daily", client_matter: i % 2 ? "A" : "B", ...over,
});

/** A listing of `all`, answering offset/limit like the service; `repeat` ignores the offset. */
function fakeDocket(all: Tracker[], opts: { repeat?: boolean } = {}) {
  const asked: Array<{ offset?: number; limit?: number }> = [];
  return {
    asked,
    async listTrackers(req: { offset?: number; limit?: number }) {
      asked.push(req);
      const offset = opts.repeat ? 0 : (req.offset ?? 0);
      return { data: { success: true as const, dockets: all.slice(offset, offset + (req.limit ?? 20)) }, call: {} as never };
    },
  };
}

describe("listAllTrackers", () => {
  it("pages 50 at a time to the end", async () => {
    const all = Array.from({ length: 107 }, (_, i) => tracker(i));
    const docket = fakeDocket(all);
    const listing = await listAllTrackers(docket, {});
    expect(listing).toMatchObject({ complete: true });
    expect(listing.trackers).toHaveLength(107);
    expect(docket.asked).toEqual([{ offset: 0, limit: 50 }, { offset: 50, limit: 50 }, { offset: 100, limit: 50 }]);
  });

  it("reads one more page when the last one is exactly full", async () => {
    const docket = fakeDocket(Array.from({ length: 50 }, (_, i) => tracker(i)));
    expect((await listAllTrackers(docket, {})).trackers).toHaveLength(50);
    expect(docket.asked).toHaveLength(2);
  });

  it("stops, and says the list is incomplete, when the service repeats a page or never ends", async () => {
    const repeating = fakeDocket(Array.from({ length: 60 }, (_, i) => tracker(i)), { repeat: true });
    expect(await listAllTrackers(repeating, {})).toMatchObject({ complete: false });
    expect(repeating.asked).toHaveLength(2);
    const endless = { async listTrackers(req: { offset?: number }) {
      return { data: { success: true as const, dockets: Array.from({ length: 50 }, (_, i) => tracker((req.offset ?? 0) + i)) }, call: {} as never };
    } };
    const listing = await listAllTrackers(endless, {});
    expect(listing.complete).toBe(false);
    expect(listing.trackers).toHaveLength(LIST_MAX_PAGES * 50);
  });
});

describe("matching and the wall", () => {
  it("matches a case however its court and docket are written", () => {
    expect(targetKey({ court: "new york  southern district court", docket: "1:23-cv-1234" })).toBe(targetKey({ court: COURT, docket: "1:23-cv-01234" }));
    expect(targetKey({ q: " widget " })).toBe(targetKey({ q: "widget" }));
    const list = [tracker(1234, { enabled: false }), tracker(1234, { client_matter: "B" }), { enabled: true, q: "widget", court: "", docket: "" } as Tracker];
    expect(findTracker(list, { court: COURT, docket: "1:23-cv-1234" })?.client_matter).toBe("B");
    expect(findTracker(list, { q: "widget" })?.q).toBe("widget");
    expect(findTracker(list, { q: "gadget" })).toBeUndefined();
  });

  it("keeps only enabled trackers of the given matters", () => {
    const list = [tracker(1), tracker(2), tracker(3, { enabled: false }), tracker(5, { client_matter: "" }), tracker(7, { client_matter: undefined })];
    expect(rowsForMatters(list, ["A"]).map((r) => r.title)).toEqual(["Case 1"]);
    expect(rowsForMatters(list, [])).toEqual([]);
  });
});

describe("Track modal metadata", () => {
  it("round-trips and refuses anything odd", () => {
    const state = { channelId: "C0ACME", cases: [{ court: COURT, docket: "1:23-cv-01234" }], matter: "ACME-001" };
    expect(decodeTrackModalState(encodeTrackModalState(state))).toEqual(state);
    expect(decodeTrackModalState(JSON.stringify({ v: 1, ch: "not a channel", cs: [["a", "b"]] }))).toBeUndefined();
    expect(decodeTrackModalState(JSON.stringify({ v: 1, cs: [] }))).toBeUndefined();
    expect(decodeTrackModalState(JSON.stringify({ v: 2, cs: [["a", "b"]] }))).toBeUndefined();
    expect(decodeTrackModalState("{")).toBeUndefined();
  });
});
