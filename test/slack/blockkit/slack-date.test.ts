import { describe, expect, it } from "vitest";
import { cachedLabel } from "../../../src/features/cases/views/case-footer.ts";
import { refreshNotice } from "../../../src/features/cases/views/case-messages.ts";
import { serviceInstant, slackDay, slackMoment } from "../../../src/slack/blockkit/slack-date.ts";

const T = Date.UTC(2026, 10, 23, 18, 16); // 11/23/2026 18:16 UTC = 1:16 PM in New York

describe("Slack date formatting (issue 15 item 15)", () => {
  it("writes a token each reader's client shows in their own zone, with a UTC fallback", () => {
    expect(slackDay(T)).toBe("<!date^1795457760^{date_short}|2026-11-23>");
    expect(slackMoment(T)).toBe("<!date^1795457760^{date_short_pretty} at {time}|2026-11-23T18:16:00Z>");
    expect(slackDay(undefined)).toBe("");
    expect(slackMoment(Number.NaN)).toBe("");
  });

  it("takes a service timestamp as an instant only when it names its zone", () => {
    expect(serviceInstant("2026-11-23T18:16:00.000Z")).toBe(T);
    expect(serviceInstant("2026-11-23 13:16:00-05:00")).toBe(T);
    expect(serviceInstant("2026-11-23 18:16")).toBeUndefined();
    expect(serviceInstant("11/23/2026")).toBeUndefined();
    expect(serviceInstant("<!date^1^x|y>")).toBeUndefined();
  });

  it("shows the case view's cached time in the reader's zone, not the service's", () => {
    expect(cachedLabel("2026-11-23T18:16:00.000Z")).toBe("Cached <!date^1795457760^{date_short_pretty} {time}|11/23/2026 18:16 UTC>");
    // No zone: as written (it cannot be put on anyone's clock).
    expect(cachedLabel("2026-11-23 18:16")).toBe("Cached 11/23/2026 18:16");
  });

  it("says when this refresh ran and, separately, when the service last checked the court (issue 25 item 8)", () => {
    const ran = T + 2 * 3_600_000;
    expect(refreshNotice([], T, undefined, ran)).toBe(
      "*Refreshed from the court <!date^1795464960^{date_short_pretty} at {time}|2026-11-23T20:16:00Z>*: nothing new has been filed since the last filing, " +
        "so the docket service did not pull the court's docket again (its copy is from <!date^1795457760^{date_short_pretty} at {time}|2026-11-23T18:16:00Z>).",
    );
    // The service's check is this refresh's own: said once.
    expect(refreshNotice([], T, undefined, T + 30_000)).toBe("*Refreshed from the court <!date^1795457790^{date_short_pretty} at {time}|2026-11-23T18:16:30Z>*: nothing new has been filed.");
    expect(refreshNotice([], T)).toBe("*Refreshed from the court*: nothing new has been filed. The docket service last checked the court <!date^1795457760^{date_short_pretty} at {time}|2026-11-23T18:16:00Z>.");
    expect(refreshNotice([])).toBe("*Refreshed from the court*: nothing new has been filed.");
    expect(refreshNotice([], undefined, "ACME-001")).toContain("Court fees, if any: billed to ACME-001, amount not reported by the service.");
  });
});
