/** The deadlines service (issue 16, item 3): the channel's matters' dates from today in its zone, and the wall on Calendared ✓. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { createDeadlinesService } from "../../../src/features/deadlines/deadlines-service.ts";
import { dateItemSection } from "../../../src/features/deadlines/views/date-item.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { C_A, C_B, open, type Opened } from "../../store/helpers.ts";

const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const date = (key: string, iso: string, over: Partial<CourtDate> = {}): CourtDate => ({
  key, kind: "deadline", title: key, date: iso, source: { entryNumber: "1", entryDate: "2026-11-01", entryIndex: 0 },
  confidence: 0.9, status: "scheduled", history: [], ...over,
});

describe("deadlines service", () => {
  let o: Opened;
  // 2026-11-24T03:00Z is still 11/23 in New York and 11/24 in UTC.
  beforeEach(async () => {
    o = await open({ clock: new FakeClock(Date.UTC(2026, 10, 24, 3, 0)) });
    await o.store.recordCourtDates({
      ...CASE, matters: ["ACME-001"],
      dates: [date("deadline:past", "2026-11-22"), date("deadline:today-ny", "2026-11-23"), date("deadline:soon", "2026-12-01"), date("deadline:late", "2027-01-30"), date("hearing:off", "2026-12-02", { status: "cancelled" })],
    });
  });
  afterEach(() => o.store.close());

  it("lists the next 30 days from today in the channel's zone, without vacated dates or other matters'", async () => {
    const service = createDeadlinesService(o);
    const ny = await service.upcoming({ ...C_A, matters: ["ACME-001"] });
    expect(ny.today).toBe("2026-11-23");
    expect(ny.items.map((i) => i.date.key)).toEqual(["deadline:today-ny", "deadline:soon"]);
    await o.store.saveAlertSettings({ ...C_A, postNotable: true, postRoutine: false, timeZone: "UTC", updatedBy: "U1" });
    expect((await service.upcoming({ ...C_A, matters: ["ACME-001"] })).items.map((i) => i.date.key)).toEqual(["deadline:soon"]);
    expect((await service.upcoming({ ...C_B, matters: ["BETA-002"] })).items).toEqual([]);
    expect((await service.upcoming({ ...C_B, matters: [] })).items).toEqual([]);
  });

  it("a case muted in the channel marks its dates: no reminders there (the list says so), and only there", async () => {
    const service = createDeadlinesService(o);
    await o.store.snoozeCase({ ...C_A, ...CASE, clientMatter: "ACME-001", mode: "until", until: Date.UTC(2026, 11, 1), by: "U1" });
    const here = await service.upcoming({ ...C_A, matters: ["ACME-001"] });
    expect(here.items.map((i) => i.remindersPaused)).toEqual([true, true]);
    const [item] = here.items;
    expect(JSON.stringify(dateItemSection(item!, { siteUrl: "https://site.example/", today: here.today }))).toContain(" · _reminders wait: the case is muted here_");
    await o.store.linkMatter({ ...C_B, clientMatter: "ACME-001", linkedBy: "U1" });
    expect((await service.upcoming({ ...C_B, matters: ["ACME-001"] })).items.map((i) => i.remindersPaused)).toEqual([undefined, undefined]);
    await o.store.unsnoozeCase({ ...C_A, ...CASE, by: "U1" });
    expect((await service.upcoming({ ...C_A, matters: ["ACME-001"] })).items.every((i) => i.remindersPaused === undefined)).toBe(true);
  });

  it("Calendared ✓ only on the channel's matters' dates, shown only in that channel", async () => {
    const service = createDeadlinesService(o);
    const [soon] = (await service.upcoming({ ...C_A, matters: ["ACME-001"] })).items.filter((i) => i.date.key === "deadline:soon");
    expect(await service.setCalendared({ ...C_B, userId: "U2", matters: ["BETA-002"] }, soon!.date.id, true)).toBeUndefined();
    expect(await service.setCalendared({ ...C_B, userId: "U2", matters: [] }, soon!.date.id, true)).toBeUndefined();
    const item = await service.setCalendared({ ...C_A, userId: "U1", matters: ["ACME-001"] }, soon!.date.id, true);
    expect(item?.calendared?.calendaredBy).toBe("U1");
    const inB = await service.itemsOf(C_B, [item!.date as never]);
    expect(inB[0]!.calendared).toBeUndefined();
  });
});
