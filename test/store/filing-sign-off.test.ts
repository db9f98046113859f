import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { filing } from "./filing-input.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A } from "./helpers.ts";

describeStores("sign-off on filings", ({ open, fresh }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("toggles Docketed ✓, recording who and when, and appends each change to the history", async () => {
    const [f] = await s.store.recordFilings([filing(1)]);
    const t1 = s.clock.now();
    expect(await s.store.setDocketed(f!.id, { userId: "U1", docketed: true })).toMatchObject({ docketedBy: "U1", docketedAt: t1 });
    await s.clock.advance(1000);
    // A second Docketed click (another user, a double click) keeps the first and records nothing.
    expect(await s.store.setDocketed(f!.id, { userId: "U2", docketed: true })).toMatchObject({ docketedBy: "U1", docketedAt: t1 });
    expect(await s.store.setDocketed(f!.id, { userId: "U2", docketed: false })).toMatchObject({ docketedBy: undefined, docketedAt: undefined });
    expect(await s.store.setDocketed(f!.id, { userId: "U2", docketed: false })).toMatchObject({ docketedBy: undefined });
    const base = { filingId: f!.id, teamId: C_A.teamId, channelId: C_A.channelId, clientMatter: "ACME-001", assignee: undefined };
    expect(await s.store.filingActions(f!.id)).toEqual([
      { ...base, id: expect.any(Number), action: "docketed", userId: "U1", at: t1 },
      { ...base, id: expect.any(Number), action: "undocketed", userId: "U2", at: t1 + 1000 },
    ]);
  });

  it("sets, changes and clears the assignee, each with an action", async () => {
    const [f] = await s.store.recordFilings([filing(1)]);
    const t = s.clock.now();
    expect(await s.store.setAssignee(f!.id, { userId: "U1", assignee: "U9" })).toMatchObject({ assignee: "U9", assignedBy: "U1", assignedAt: t });
    expect(await s.store.setAssignee(f!.id, { userId: "U1", assignee: "U9" })).toMatchObject({ assignee: "U9" });
    await s.clock.advance(5);
    expect(await s.store.setAssignee(f!.id, { userId: "U2", assignee: "U8" })).toMatchObject({ assignee: "U8", assignedBy: "U2", assignedAt: t + 5 });
    expect(await s.store.setAssignee(f!.id, { userId: "U3", assignee: undefined })).toMatchObject({
      assignee: undefined, assignedBy: undefined, assignedAt: undefined,
    });
    expect((await s.store.filingActions(f!.id)).map((a) => [a.action, a.userId, a.assignee])).toEqual([
      ["assigned", "U1", "U9"],
      ["assigned", "U2", "U8"],
      ["unassigned", "U3", "U8"],
    ]);
  });

  it("refuses a filing outside the wall, or unknown, and records nothing", async () => {
    const [f] = await s.store.recordFilings([filing(1)]);
    const wall = { matters: ["BETA-7"] };
    expect(await s.store.setDocketed(f!.id, { userId: "U1", docketed: true }, wall)).toBeUndefined();
    expect(await s.store.setAssignee(f!.id, { userId: "U1", assignee: "U2" }, wall)).toBeUndefined();
    expect(await s.store.setDocketed(f!.id, { userId: "U1", docketed: true }, { matters: [] })).toBeUndefined();
    expect(await s.store.setDocketed(9999, { userId: "U1", docketed: true })).toBeUndefined();
    expect(await s.store.filingActions(f!.id)).toEqual([]);
    expect(await s.store.getFiling(f!.id)).toMatchObject({ docketedBy: undefined, assignee: undefined });
    expect(await s.store.setDocketed(f!.id, { userId: "U1", docketed: true }, { matters: ["ACME-001"] })).toMatchObject({ docketedBy: "U1" });
  });

  it("sign-off survives a restart", async () => {
    const at = fresh();
    const first = await open({ at });
    const [f] = await first.store.recordFilings([filing(1)]);
    await first.store.setDocketed(f!.id, { userId: "U1", docketed: true });
    await first.store.setAssignee(f!.id, { userId: "U1", assignee: "U2" });
    await first.store.close();
    const second = await open({ at });
    expect(await second.store.getFiling(f!.id)).toMatchObject({ docketedBy: "U1", assignee: "U2" });
    expect(await second.store.filingActions(f!.id)).toHaveLength(2);
    await second.store.close();
  });
});
