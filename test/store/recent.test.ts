import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RECENT_KEEP } from "../../src/store/sqlite/recent.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { TEAM } from "./helpers.ts";

const USER = { teamId: TEAM, userId: "U_PARA" };
const view = (docket: string, title?: string, clientMatter?: string) => ({ ...USER, court: "nysd", docket, title, clientMatter });

describeStores("recent cases (App Home)", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("lists the newest N first; viewing again moves a case to the top", async () => {
    await s.store.touchRecentCase(view("1", "One"));
    await s.clock.advance(1000);
    await s.store.touchRecentCase(view("2", "Two"));
    await s.clock.advance(1000);
    await s.store.touchRecentCase(view("3", "Three"));
    await s.clock.advance(1000);
    await s.store.touchRecentCase(view("1")); // no title: the old one stays
    const recent = await s.store.recentCases(USER, 2);
    expect(recent).toEqual([
      { ...USER, court: "nysd", docket: "1", title: "One", clientMatter: undefined, viewedAt: s.clock.now() },
      { ...USER, court: "nysd", docket: "3", title: "Three", clientMatter: undefined, viewedAt: s.clock.now() - 1000 },
    ]);
  });

  it("orders views made within the same millisecond", async () => {
    for (const d of ["a", "b", "c", "a"]) await s.store.touchRecentCase(view(d));
    expect((await s.store.recentCases(USER, 10)).map((r) => r.docket)).toEqual(["a", "c", "b"]);
  });

  it("is per user", async () => {
    await s.store.touchRecentCase(view("1"));
    await s.store.touchRecentCase({ ...view("2"), userId: "U_OTHER" });
    expect((await s.store.recentCases(USER, 10)).map((r) => r.docket)).toEqual(["1"]);
    expect(await s.store.recentCases({ teamId: "T_ELSE", userId: USER.userId }, 10)).toEqual([]);
  });

  it(`keeps only the newest ${RECENT_KEEP} per user`, async () => {
    for (let i = 0; i < RECENT_KEEP + 5; i++) await s.store.touchRecentCase(view(String(i)));
    const all = await s.store.recentCases(USER, 1000);
    expect(all).toHaveLength(RECENT_KEEP);
    expect(all[0]?.docket).toBe(String(RECENT_KEEP + 4));
    expect(all.at(-1)?.docket).toBe("5");
  });

  it("can be limited to matters", async () => {
    await s.store.touchRecentCase(view("1", "One", "ACME-001"));
    await s.store.touchRecentCase(view("2", "Two", "BETA-7"));
    await s.store.touchRecentCase(view("3", "Three"));
    expect((await s.store.recentCases(USER, 10, { matters: ["ACME-001"] })).map((r) => r.docket)).toEqual(["1"]);
    expect(await s.store.recentCases(USER, 10)).toHaveLength(3);
  });
});
