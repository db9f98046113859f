import { describe, expect, it } from "vitest";
import { undoButtons } from "../../../../src/features/tracking/views/tracking-confirm.ts";
import { renderStopped, renderTracked } from "../../../../src/features/tracking/views/tracking.ts";
import { amendUndone, withMissed } from "../../../../src/features/tracking/views/undo.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";

const SITE = "https://site.example/";
const target = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const AT = Date.UTC(2026, 10, 23, 15, 0);

describe("Undo, in words", () => {
  it("the stop message keeps its blocks, loses only the clicked Undo, and says who undid it and when", () => {
    const undo = undoButtons({ ...target }, [{ matter: "ACME-001", frequency: "daily" }, { matter: "ACME-002", frequency: "weekly" }]);
    const stopped = renderStopped({ target, matter: "ACME-001, ACME-002", userId: "U1", undo }, { siteUrl: SITE });
    const amended = amendUndone(stopped, { userId: "U0TWO", at: AT, actionId: "track_matter:undo0" });
    expectValidMessage(amended);
    const json = JSON.stringify(amended.blocks);
    expect(json).not.toContain("track_matter:undo0");
    expect(json).toContain("track_matter:undo1");
    expect(json).toContain(`Undone by <@U0TWO> <!date^${AT / 1000}^`);
    expect(amended.blocks.slice(0, 2)).toEqual(stopped.blocks.slice(0, 2));
    const last = amendUndone(amended, { userId: "U0THREE", at: AT, actionId: "track_matter:undo1" });
    expect(last.blocks.some((b) => b.type === "actions")).toBe(false);
  });

  it("what came while it was stopped: being posted, nothing, or (past the window) not posted with the case's link", () => {
    const tracked = renderTracked({ target, matter: "ACME-001", frequency: "daily", userId: "U1" }, { siteUrl: SITE });
    expect(withMissed(tracked, { target, missed: { kind: "delivering", alerts: 3 }, frequency: "daily" }, { siteUrl: SITE }).text)
      .toMatch(/ 3 alerts that arrived while it was stopped are being posted to this matter's channels now\.$/);
    // Never "nothing arrived" as if nothing was filed: the service may not have been checking at all.
    expect(withMissed(tracked, { target, missed: { kind: "delivering", alerts: 0 }, frequency: "daily" }, { siteUrl: SITE }).text)
      .toMatch(/ No alerts came in while it was stopped; anything filed meanwhile comes with the service's next check \(daily\)\.$/);
    expect(withMissed(tracked, { target: { q: "securities fraud" }, missed: { kind: "delivering", alerts: 0 }, frequency: "40x" }, { siteUrl: SITE }).text)
      .toMatch(/; anything new for the search comes with the service's next check \(40 times a day\)\.$/);
    const late = withMissed(tracked, { target, missed: { kind: "not_delivered", since: AT }, frequency: "daily" }, { siteUrl: SITE });
    expectValidMessage(late);
    expect(JSON.stringify(late.blocks)).toMatch(/are not posted here: open \*<https:\/\/site\.example\/cases\//);
  });
});
