/**
 * The tracking service's rules (issue 13) without Slack: a member's lower frequency is refused
 * even when the click claims it was confirmed; an admin is asked first; a matter outside the
 * channel's changes nothing. The service is a recording fake; the store is the real SQLite one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTracking, stopTracking } from "../../../src/features/tracking/track-service.ts";
import type { RequestContext } from "../../../src/slack/context.ts";
import { open, type Opened } from "../../store/helpers.ts";

const CASE = { court: "nysd", docket: "1:23-cv-01234" };
const silent = { info() {}, warn() {}, error() {}, debug() {}, ref: "r1" };
let s: Opened;
let calls: { enable: boolean; frequency?: string; clientMatter?: string }[];
let listed: { court: string; docket: string; enabled: boolean; frequency: string; client_matter: string }[];

const docket = {
  listTrackers: async () => ({ data: { success: true, dockets: listed } }),
  track: async (_t: unknown, o: { enable: boolean; frequency?: string }, opts?: { clientMatter?: string }) => {
    calls.push({ enable: o.enable, frequency: o.frequency, clientMatter: opts?.clientMatter });
    return { data: { success: true } };
  },
} as unknown as Parameters<typeof startTracking>[0];

const ctx = (over: Partial<RequestContext> = {}): RequestContext =>
  ({ teamId: "T1", userId: "U1", channelId: "C1", matters: ["A"], isAdmin: false, log: silent, ...over }) as unknown as RequestContext;

beforeEach(async () => {
  s = await open();
  calls = [];
  listed = [];
});
afterEach(() => s.store.close());

describe("startTracking and stopTracking", () => {
  it("refuses a member's lower frequency even from a 'confirmed' button, and asks an admin first", async () => {
    await startTracking(docket, s.store, ctx(), { target: CASE, matter: "A", frequency: "daily" });
    listed = [{ ...CASE, enabled: true, frequency: "daily", client_matter: "A" }];
    calls = [];
    expect(await startTracking(docket, s.store, ctx(), { target: CASE, matter: "A", frequency: "monthly", confirmed: true })).toEqual({ kind: "needs_admin", current: "daily" });
    expect(await startTracking(docket, s.store, ctx({ isAdmin: true }), { target: CASE, matter: "A", frequency: "monthly" })).toEqual({ kind: "confirm_lower", current: "daily" });
    expect(calls).toEqual([]);
    expect((await s.store.subscriptionsOf("T1", ["A"]))[0]?.frequency).toBe("daily");
    const done = await startTracking(docket, s.store, ctx({ isAdmin: true }), { target: CASE, matter: "A", frequency: "monthly", confirmed: true });
    expect(done).toMatchObject({ kind: "tracked", previousFrequency: "daily" });
    expect(calls).toEqual([{ enable: true, frequency: "monthly", clientMatter: "A" }]);
  });

  it("a matter that is not the channel's changes nothing", async () => {
    await expect(startTracking(docket, s.store, ctx(), { target: CASE, matter: "B", frequency: "daily" })).rejects.toThrow();
    expect(calls).toEqual([]);
    expect(await s.store.subscribersOf(CASE)).toEqual([]);
  });

  it("untrack in one channel re-tags the tracker to the other matter at its frequency", async () => {
    await startTracking(docket, s.store, ctx(), { target: CASE, matter: "A", frequency: "realtime" });
    listed = [{ ...CASE, enabled: true, frequency: "realtime", client_matter: "A" }];
    await startTracking(docket, s.store, ctx({ channelId: "C2", matters: ["B"] }), { target: CASE, matter: "B", frequency: "weekly" });
    calls = [];
    const out = await stopTracking(docket, s.store, ctx(), CASE);
    expect(out).toMatchObject({ kind: "stopped", matters: ["A"], undo: [{ matter: "A", frequency: "realtime" }] });
    expect(calls).toEqual([{ enable: true, frequency: "weekly", clientMatter: "B" }]);
    expect((await s.store.subscribersOf(CASE)).map((x) => x.clientMatter)).toEqual(["B"]);
  });
});
