import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

const KEY = { ...C_A, court: "nysd", docket: "1:23-cv-01234" };

describeStores("per-case alert threads", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("saves the root of a case's thread; an existing root is kept", async () => {
    const first = await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "100.1", title: "Acme v. Globex" });
    expect(first).toEqual({
      created: true,
      thread: {
        ...KEY, clientMatter: "ACME-001", rootTs: "100.1", title: "Acme v. Globex",
        newEntries: 0, latestEntryDate: undefined, createdAt: s.clock.now(), updatedAt: s.clock.now(),
      },
    });
    const second = await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "200.2" });
    expect(second).toEqual({ created: false, thread: first.thread });
    expect(await s.store.getCaseThread(KEY)).toEqual(first.thread);
    // The same case in another channel is another thread.
    expect(await s.store.getCaseThread({ ...KEY, ...C_B })).toBeUndefined();
  });

  it("adds up new entries and keeps the latest entry date", async () => {
    await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "100.1" });
    await s.clock.advance(1000);
    expect(await s.store.recordCaseAlert(KEY, { newEntries: 2, latestEntryDate: "2026-03-03" })).toMatchObject({
      newEntries: 2, latestEntryDate: "2026-03-03", updatedAt: s.clock.now(),
    });
    // An older date (a late-docketed entry) does not move "latest" back; a title fills in.
    expect(await s.store.recordCaseAlert(KEY, { newEntries: 1, latestEntryDate: "2026-02-28", title: "Acme v. Globex" })).toMatchObject({
      newEntries: 3, latestEntryDate: "2026-03-03", title: "Acme v. Globex",
    });
    expect(await s.store.recordCaseAlert(KEY, { newEntries: 1 })).toMatchObject({ newEntries: 4, latestEntryDate: "2026-03-03" });
    expect(await s.store.recordCaseAlert(KEY, { newEntries: 0, latestEntryDate: "2026-04-01" })).toMatchObject({
      newEntries: 4, latestEntryDate: "2026-04-01",
    });
  });

  it("recording on a case with no thread changes nothing", async () => {
    expect(await s.store.recordCaseAlert(KEY, { newEntries: 1 })).toBeUndefined();
    expect(await s.store.getCaseThread(KEY)).toBeUndefined();
  });

  it("a deleted root lets the next alert start a new thread", async () => {
    await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "100.1" });
    expect(await s.store.deleteCaseThread(KEY)).toBe(true);
    expect(await s.store.deleteCaseThread(KEY)).toBe(false);
    expect((await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "300.3" })).thread.rootTs).toBe("300.3");
  });

  it("is scoped by matter", async () => {
    await s.store.saveCaseThread({ ...KEY, clientMatter: "ACME-001", rootTs: "100.1" });
    expect(await s.store.getCaseThread(KEY, { matters: ["ACME-001"] })).toBeDefined();
    expect(await s.store.getCaseThread(KEY, { matters: ["BETA-7"] })).toBeUndefined();
  });
});
