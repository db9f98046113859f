/**
 * Reconciliation (issue 13, item 5) end to end against the docket emulator: the service's
 * tracker listing (read whole) against docketbot's subscriptions; drift fixed both ways; the
 * admins told in their DM; trackers made outside docketbot left alone.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/clock.ts";
import { createReconciler } from "../../../src/features/tracking/reconciler.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { command, mark, textOf, waitForResponse } from "./helpers.ts";

let h: BotHarness;
let other: { court: string; docket: string };
let outside: { court: string; docket: string };

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
  const cases = h.docket.corpus.cases.filter((c) => c.docket !== FLAGSHIP.docket);
  other = { court: cases[0]!.court, docket: cases[0]!.docket };
  outside = { court: cases[1]!.court, docket: cases[1]!.docket };
});
afterAll(async () => {
  await h?.close();
});

const trackers = async () => (await h.bot.docket.listTrackers({ limit: 50 })).data.dockets;
const trackerOf = async (docket: string) => (await trackers()).find((t) => t.docket === docket);
const reconciler = () =>
  createReconciler({ docket: h.bot.docket, store: h.store, clock: systemClock, logger: pino({ level: "silent" }), admins: [ADMIN], client: h.bot.slack!.app.client });

async function track(text: string, user: string, channel: string) {
  const from = mark(h);
  await command(h, text, user, channel);
  await waitForResponse(h, from, (p) => p.outcome === "in_channel", `the result of ${text}`);
}

describe("reconciliation", () => {
  it("does nothing, and calls nothing, when nothing was ever subscribed", async () => {
    const before = h.docket.ledger.count({ endpoint: "track" });
    const report = await reconciler().runOnce();
    expect(report.fixes).toEqual([]);
    expect(h.docket.ledger.count({ endpoint: "track" })).toBe(before);
  });

  it("repairs a tracker the service forgot, stops one nobody subscribes to any more, leaves one made outside docketbot", async () => {
    await track("track nysd 1:23-cv-01234 daily", MEMBER, ACME_CHANNEL);
    await track("track nysd 1:23-cv-01234 weekly", ADMIN, IP_CHANNEL);
    // The service forgets FLAGSHIP's tracker.
    await h.bot.docket.track(FLAGSHIP, { enable: false }, { clientMatter: "" });
    // IP-007 subscribed to another case and stopped, but the service kept checking it.
    await h.store.subscribe({ teamId: TEAM, channelId: IP_CHANNEL, clientMatter: "IP-007", target: other, frequency: "daily", userId: ADMIN });
    await h.store.unsubscribe({ teamId: TEAM, channelId: IP_CHANNEL, clientMatter: "IP-007", target: other, userId: ADMIN });
    await h.bot.docket.track(other, { enable: true, frequency: "daily" }, { clientMatter: "IP-007" });
    // A tracker made outside docketbot.
    await h.bot.docket.track(outside, { enable: true, frequency: "monthly" }, { clientMatter: "OTHER-TOOL" });

    const dmBefore = h.slack.state.messages("D0ANN").length;
    const report = await reconciler().runOnce();
    expect(report.complete).toBe(true);
    expect(report.fixes.map((f) => [f.kind, f.matters])).toEqual([["restored", ["ACME-001", "IP-007"]], ["stopped", ["IP-007"]]]);
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "daily", client_matter: "ACME-001" });
    expect((await trackerOf(other.docket))?.enabled).toBe(false);
    expect(await trackerOf(outside.docket)).toMatchObject({ enabled: true, frequency: "monthly", client_matter: "OTHER-TOOL" });

    // The admins are told in their DM with the app.
    const dm = await h.slack.waitFor(() => h.slack.state.messages("D0ANN").slice(dmBefore).find((m) => m.text.startsWith("Reconciled")), { what: "the admin's DM" });
    expect(dm.text).toBe("Reconciled the docket service's trackers with docketbot's subscriptions: fixed 2 trackers.");
    // Each case named by the listing's caption, then its number.
    expect(textOf(dm)).toContain("Restored Acme Widgets, Inc. v. Globex Corporation (1:23-cv-01234, S.D.N.Y.)");
    expect(textOf(dm)).toContain("Stopped");

    // Audited, under each matter.
    expect((await h.store.auditLog(TEAM, { matters: ["ACME-001"] })).some((e) => e.action === "reconcile" && e.userId === "docketbot")).toBe(true);
    expect((await h.store.auditLog(TEAM, { matters: ["IP-007"] })).some((e) => e.action === "reconcile" && e.detail === "stopped")).toBe(true);

    // A second run finds nothing to fix and tells nobody.
    const again = await reconciler().runOnce();
    expect(again.fixes).toEqual([]);
  });
});
