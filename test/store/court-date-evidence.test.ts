import { afterEach, beforeEach, expect, it } from "vitest";
import type { CourtDate } from "../../src/court/deadlines/court-date.ts";
import { describeStores, type Opened } from "./contract/stores.ts";

const CASE = { court: "nysd", docket: "1:23-cv-01234" };
const at = (entryNumber: string, entryDate: string) => ({ entryNumber, entryDate, entryIndex: 0 });

const conference = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-12-01", time: "10:00",
  source: at("40", "2026-11-02"), setBy: at("40", "2026-11-02"), confidence: 0.9, status: "scheduled", history: [], ...over,
});

const answerRule = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "computed:answer-after-service:12:0", kind: "deadline", title: "Answer due (Acme Corp.)", date: "2026-03-23",
  source: at("12", "2026-03-02"), confidence: 0.7, status: "scheduled", history: [],
  byRule: {
    key: "computed:answer-after-service:12:0", citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", date: "2026-03-23",
    trigger: { entryNumber: "12", entryDate: "2026-03-02", eventDate: "2026-03-02", words: "SUMMONS Returned Executed" },
    courtStates: false, assumptions: [], note: "computed — verify",
  },
  ...over,
});

describeStores("court dates keep what the extractor decided (issue 23)", ({ open }) => {
  let o: Opened;
  beforeEach(async () => {
    o = await open();
  });
  afterEach(() => o.store.close());

  it("a later date of the same name that does not say it moves the first is a second row naming the conflict; both stand", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
    const second = conference({ date: "2026-12-15", source: at("45", "2026-11-20"), setBy: at("45", "2026-11-20") });
    const r = await o.store.recordCourtDates({ ...CASE, dates: [second] });
    expect(r.changed).toHaveLength(1);
    const rows = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(rows.map((d) => [d.key, d.date, d.status])).toEqual([
      ["conference:status", "2026-12-01", "scheduled"],
      ["conference:status-on-2026-12-15", "2026-12-15", "scheduled"],
    ]);
    expect(rows[1]?.conflict).toMatchObject({ key: "conference:status", date: "2026-12-01", why: expect.stringContaining("Entry 45") });
    // The same push again changes nothing.
    expect((await o.store.recordCourtDates({ ...CASE, dates: [second] })).changed).toEqual([]);
    expect(await o.store.courtDatesOfMatters(["ACME-001"])).toHaveLength(2);
  });

  it("a date already passed when the later entry was filed is followed by the next one, not conflicted", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference({ date: "2026-11-10" })] });
    await o.store.recordCourtDates({ ...CASE, dates: [conference({ date: "2027-01-12", source: at("60", "2026-11-20"), setBy: at("60", "2026-11-20") })] });
    const rows = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(rows.map((d) => [d.key, d.date, d.status])).toEqual([["conference:status", "2027-01-12", "scheduled"]]);
  });

  it("keeps changedBy, setBy, conflict, evidence, computed and met, and reads them back", async () => {
    const d = conference({
      evidence: ["year not written: 12/1 read as 2026"],
      computed: {
        days: 14, direction: "after", anchor: { kind: "entry", date: "2026-11-02", source: at("40", "2026-11-02") },
        rule: "FRCP 6(a)(1)", words: "within fourteen days", note: "computed from entry 40 (filed 2026-11-02): 14 days after the entry's date, FRCP 6(a)(1)",
      },
      met: { source: at("48", "2026-11-25"), words: "BRIEF filed by Appellee" },
    });
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [d] });
    // A met deadline leaves the lists; asked for, it is there with all it carries.
    expect(await o.store.courtDatesOfMatters(["ACME-001"])).toEqual([]);
    const [back] = await o.store.courtDatesOfMatters(["ACME-001"], { includeMet: true });
    expect(back).toMatchObject({
      setBy: { entryNumber: "40" }, evidence: ["year not written: 12/1 read as 2026"],
      computed: { days: 14, words: "within fourteen days" }, met: { words: "BRIEF filed by Appellee" },
    });
    // A later restatement keeps the first setter, the evidence and the met filing.
    await o.store.recordCourtDates({ ...CASE, dates: [conference({ source: at("41", "2026-11-03"), setBy: at("41", "2026-11-03") })] });
    const [again] = await o.store.courtDatesOfMatters(["ACME-001"], { includeMet: true });
    expect(again).toMatchObject({ source: { entryNumber: "41" }, setBy: { entryNumber: "40" }, met: { words: "BRIEF filed by Appellee" }, status: "scheduled" });
  });

  it("a rule's own date is listed until the court states a date for its purpose; then the court's date carries the rule's and the difference", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [answerRule()] });
    const before = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(before.map((d) => [d.key, d.date, d.byRule?.courtStates])).toEqual([["computed:answer-after-service:12:0", "2026-03-23", false]]);
    // A later push: the clerk's "answer due 3/25/2026" (another day than the rule's).
    const stated: CourtDate = {
      key: "deadline:answer", kind: "deadline", title: "Answer due", date: "2026-03-25", source: at("14", "2026-03-04"),
      confidence: 0.9, status: "scheduled", history: [],
    };
    await o.store.recordCourtDates({ ...CASE, dates: [stated] });
    const after = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(after.map((d) => [d.key, d.date])).toEqual([["deadline:answer", "2026-03-25"]]);
    expect(after[0]?.byRule).toMatchObject({ citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", date: "2026-03-23", courtStates: true, differenceDays: -2 });
    // The rule's date recounted later stays hidden behind the court's.
    await o.store.recordCourtDates({ ...CASE, dates: [answerRule()] });
    expect((await o.store.courtDatesOfMatters(["ACME-001"])).map((d) => d.key)).toEqual(["deadline:answer"]);
  });
});
