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

  it("a filing that starts a rule's deadline says so under it, computed — verify: the motion's opposition and reply, the summons' answer", async () => {
    const filed = JSON.stringify({
      push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:24-cv-01234", info: { title: "Acme v. Widget" },
      docket_report: [
        { number: "64", date: "11/23/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Widget Inc." },
        { number: "63", date: "11/23/2026", contents: "SUMMONS Returned Executed by Acme Corp. Widget Inc. served on 11/22/2026." },
        { number: "62", date: "11/23/2026", contents: "NOTICE of Appearance by Jane Roe on behalf of Acme Corp." },
      ],
    });
    const plan = (await planPush(filed, { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
    const said = await courtDatesAlertAddOn({ store: o.store }).onDelivered({
      channelId: "C0A", clientMatter: "ACME-001", court: plan.court, docket: plan.docket, title: plan.title,
      latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
    });
    const lines = (n: string) => said?.linesFor?.(plan.entries.find((e) => e.entry.number === n)!) ?? [];
    // S.D.N.Y. Local Civ. R. 6.1(b): opposition 14 days after the motion, reply 7 after that; FRCP 12(a)(1)(A)(i): 21 days after service.
    expect(lines("64")).toEqual(["sets Opposition due Mon 12/7/2026 (_computed — verify_)", "sets Reply due Mon 12/14/2026 (_computed — verify_)"]);
    // The motion, filed by the party served, ends the computed answer date (FRCP 12(a)(4)): no line for it.
    expect(lines("63")).toEqual([]);
    expect(lines("62")).toEqual([]);
    // The summons alone: its answer date is said.
    const summonsOnly = JSON.parse(filed) as { docket_report: { number: string }[] };
    summonsOnly.docket_report = summonsOnly.docket_report.filter((e) => e.number !== "64");
    const alone = (await planPush(JSON.stringify(summonsOnly), { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
    expect(alone.entries.map((e) => e.entry.number)).toEqual(["63", "62"]);
    // The served summons starts the answer clock: notable (a headline in the channel, with its line), the notice stays routine.
    expect(alone.entries.map((e) => e.significance.level)).toEqual(["notable", "routine"]);
    expect(alone.levels).toEqual({ urgent: 0, notable: 1, routine: 1 });
    // With the motion that ends that date, the summons is routine again (nothing of its own to calendar).
    expect(plan.entries.find((e) => e.entry.number === "63")!.significance.level).toBe("routine");
    const o2 = await open();
    try {
      const said2 = await courtDatesAlertAddOn({ store: o2.store }).onDelivered({
        channelId: "C0A", clientMatter: "ACME-001", court: alone.court, docket: alone.docket, title: alone.title,
        latestEntryDate: alone.latestEntryDate, filings: alone.entries, courtDates: alone.courtDates,
      });
      expect(said2?.linesFor?.(alone.entries.find((e) => e.entry.number === "63")!)).toEqual(["sets Answer due (Widget Inc.) Mon 12/14/2026 (_computed — verify_)"]);
    } finally {
      await o2.store.close();
    }
  });

  it("a later push's Rule 12 motion says under it that it ends the answer date an earlier summons set (FRCP 12(a)(4)), as the lists and the feed say", async () => {
    const at = (entries: object[]) => JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:24-cv-01234", info: { title: "Acme v. Widget" }, docket_report: entries });
    const deliver = async (body: string) => {
      const plan = (await planPush(body, { siteUrl: "https://site.example/", holidays: createHolidayCalendar() })) as DocketPushPlan;
      const said = await courtDatesAlertAddOn({ store: o.store }).onDelivered({
        channelId: "C0A", clientMatter: "ACME-001", court: plan.court, docket: plan.docket, title: plan.title,
        latestEntryDate: plan.latestEntryDate, filings: plan.entries, courtDates: plan.courtDates,
      });
      return (n: string) => said?.linesFor?.(plan.entries.find((e) => e.entry.number === n)!) ?? [];
    };
    const summons = await deliver(at([{ number: "63", date: "11/23/2026", contents: "SUMMONS Returned Executed by Acme Corp. Widget Inc. served on 11/22/2026." }]));
    expect(summons("63")).toEqual(["sets Answer due (Widget Inc.) Mon 12/14/2026 (_computed — verify_)"]);
    const motion = await deliver(at([{ number: "64", date: "11/25/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Widget Inc." }]));
    expect(motion("64")).toContain(
      "ends Answer due (Widget Inc.) Mon 12/14/2026 (_computed — verify_) — The Rule 12 motion (#64) changes the time to answer: 14 days after notice of the court's ruling on it, unless the court sets another time (Fed. R. Civ. P. 12(a)(4)(A))",
    );
    // Delivered again (a retry, another channel of the matter, after the shared run): said the same.
    const again = await deliver(at([{ number: "64", date: "11/25/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Widget Inc." }]));
    expect(again("64").filter((l) => l.startsWith("ends"))).toHaveLength(1);
    expect((await o.store.courtDatesOfMatters(["ACME-001"], { from: "2026-11-01", includeMet: true })).filter((d) => d.title.startsWith("Answer due"))).toHaveLength(1);
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
