/**
 * Issue 23 item 5a: App Home's "today" is the reader's (Slack's tz for the user), decided by
 * court/today.ts, not New York's.
 */
import { describe, expect, it } from "vitest";
import { courtDatesHomeSection } from "../../../src/features/deadlines/home-section.ts";
import type { CourtDateRecord } from "../../../src/store/store.ts";

const AT = Date.parse("2026-11-24T06:30:00Z"); // 1:30 AM on the 24th in New York, 10:30 PM on the 23rd in Los Angeles
const date: CourtDateRecord = {
  id: 1, key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-11-24", time: "10:00",
  source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: -1 }, confidence: 0.9, status: "scheduled", history: [],
  court: "New York Southern District Court", docket: "1:23-cv-01234", matters: ["ACME-001"], sequence: 0, createdAt: 0, updatedAt: 0,
};

async function render(tz: string | undefined) {
  const asked: { from?: string | undefined }[] = [];
  const section = courtDatesHomeSection({
    clock: { now: () => AT } as never, siteUrl: "https://www.courtlistener.com/",
    store: { courtDatesOfMatters: async (_m: readonly string[], o?: { from?: string | undefined }) => (asked.push(o ?? {}), [date]) } as never,
  });
  const client = { users: { info: async () => ({ ok: true, user: tz === undefined ? {} : { tz } }) } };
  const blocks = await section.render({ request: { userId: "U1" } as never, matters: ["ACME-001"], client: client as never });
  return { text: JSON.stringify(blocks), from: asked[0]?.from };
}

describe("App Home's today is the reader's", () => {
  it("a reader in Los Angeles sees the 24th as tomorrow; one in New York as today", async () => {
    const la = await render("America/Los_Angeles");
    expect(la.from).toBe("2026-11-23");
    expect(la.text).toContain("_tomorrow_");
    const ny = await render("America/New_York");
    expect(ny.from).toBe("2026-11-24");
    expect(ny.text).toContain("_today_");
  });

  it("falls back to New York when Slack does not say", async () => {
    expect((await render(undefined)).from).toBe("2026-11-24");
  });
});
