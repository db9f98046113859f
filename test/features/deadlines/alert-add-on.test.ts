/**
 * The deadlines feature's alert add-on (slack/alert-add-ons.ts): a delivered push's dates are
 * stored under the delivery's matter, and each filing that sets a date says so under its line.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHolidayCalendar } from "../../../src/holidays.ts";
import { planPush, type DocketPushPlan } from "../../../src/features/alerts/outbox/push-plan.ts";
import { courtDatesAlertAddOn } from "../../../src/features/deadlines/alert-add-on.ts";
import { createAlertAddOns } from "../../../src/slack/alert-add-ons.ts";
import { open, type Opened } from "../../store/helpers.ts";

const push = JSON.stringify({
  push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:24-cv-01234", info: { title: "Acme v. Widget" },
  docket_report: [
    { number: "41", date: "11/2/2026", contents: "SCHEDULING ORDER: Expert Reports due by 12/8/2026." },
    { number: "42", date: "11/3/2026", contents: "NOTICE of Appearance by Jane Roe on behalf of Acme Corp." },
  ],
});

describe("the court dates alert add-on", () => {
  let o: Opened;
  beforeEach(async () => (o = await open()));
  afterEach(() => o.store.close());

  it("stores the push's dates under the delivery's matter and says what a filing sets", async () => {
    const plan = (await planPush(push, { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
    const addOn = courtDatesAlertAddOn({ store: o.store });
    const said = await addOn.onDelivered({
      channelId: "C0A", clientMatter: "ACME-001", court: plan.court, docket: plan.docket, title: plan.title,
      latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
    });
    expect((await o.store.courtDatesOfMatters(["ACME-001"], { from: "2026-11-01" })).map((d) => d.date)).toEqual(["2026-12-08"]);
    expect(await o.store.courtDatesOfMatters(["IP-007"], { from: "2026-11-01" })).toEqual([]);
    const lines = (n: string) => said?.linesFor?.(plan.entries.find((e) => e.entry.number === n)!) ?? [];
    expect(lines("41").join(" · ")).toMatch(/^sets Expert Reports? due Tue 12\/8\/2026/i);
    expect(lines("42")).toEqual([]);
  });

  it("runs in order and refuses an id registered twice", () => {
    const addOns = createAlertAddOns();
    addOns.add({ id: "b", order: 20, onDelivered: async () => undefined });
    addOns.add({ id: "a", order: 10, onDelivered: async () => undefined });
    expect(addOns.list().map((a) => a.id)).toEqual(["a", "b"]);
    expect(() => addOns.add({ id: "a", order: 30, onDelivered: async () => undefined })).toThrow(/twice/);
  });
});

describe("the court dates alert add-on, across a push's channels", () => {
  let o: Opened;
  beforeEach(async () => (o = await open()));
  afterEach(() => o.store.close());

  const counting = (store: Opened["store"], fail = { next: false }) => {
    const calls = { record: 0, read: 0 };
    return {
      calls,
      store: {
        recordCourtDates: (...args: Parameters<typeof store.recordCourtDates>) => {
          calls.record++;
          if (fail.next) {
            fail.next = false;
            return Promise.reject(new Error("store down"));
          }
          return store.recordCourtDates(...args);
        },
        courtDatesOfCase: (...args: Parameters<typeof store.courtDatesOfCase>) => (calls.read++, store.courtDatesOfCase(...args)),
      },
    };
  };

  it("stores a plan's dates once per matter, however many channels it goes to, and again for another matter", async () => {
    const plan = (await planPush(push, { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
    const { calls, store } = counting(o.store);
    const addOn = courtDatesAlertAddOn({ store });
    const deliver = (channelId: string, clientMatter: string) =>
      addOn.onDelivered({
        channelId, clientMatter, court: plan.court, docket: plan.docket, title: plan.title,
        latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
      });
    const said = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(`C${i}`, "ACME-001")));
    expect(calls).toEqual({ record: 1, read: 1 });
    for (const s of said) expect(s?.linesFor?.(plan.entries.find((e) => e.entry.number === "41")!).join(" · ")).toMatch(/^sets Expert Reports? due Tue 12\/8\/2026/i);
    await deliver("C9", "IP-007");
    expect(calls).toEqual({ record: 2, read: 2 });
    expect((await o.store.courtDatesOfMatters(["IP-007"], { from: "2026-11-01" })).map((d) => d.date)).toEqual(["2026-12-08"]);
  });

  it("runs again after a failed run, and once the shared answer is old", async () => {
    const plan = (await planPush(push, { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
    const fail = { next: true };
    const { calls, store } = counting(o.store, fail);
    let t = 0;
    const addOn = courtDatesAlertAddOn({ store, clock: { now: () => t } });
    const deliver = () =>
      addOn.onDelivered({
        channelId: "C0A", clientMatter: "ACME-001", court: plan.court, docket: plan.docket, title: plan.title,
        latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
      });
    await expect(deliver()).rejects.toThrow(/store down/);
    await deliver();
    expect(calls.record).toBe(2);
    await deliver();
    expect(calls.record).toBe(2);
    t += 60_001;
    await deliver();
    expect(calls.record).toBe(3);
  });
});
