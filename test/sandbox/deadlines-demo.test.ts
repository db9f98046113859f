/**
 * Issue 16 item 6 in the sandbox: the flagship case's docket carries dates ahead of the sandbox
 * clock (the amended schedule's expert deadlines, a status conference); the page's demo controls
 * push a scheduling order whose alert names what it sets, and send the channel its reminder now,
 * once per date and distance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractCourtDates } from "../../src/court/deadlines/extract.ts";
import { REMINDER_EVENT_TYPE } from "../../src/features/deadlines/reminders.ts";
import { FLAGSHIP } from "../../sandbox/docket-service/corpus/flagship.ts";
import { startSandbox, type Sandbox } from "../../sandbox/run.ts";

const ACME = "C0ACME";
let sandbox: Sandbox;
const demo = async (id: string): Promise<string> => {
  const res = await fetch(new URL(`page/api/demo/${id}`, sandbox.url), { method: "POST" });
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: string }).message;
};

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: ":memory:", latencyMs: { default: 0, searchpacer: 0 }, autoPush: false, logLevel: "silent" });
}, 30_000);
afterAll(async () => {
  await sandbox?.close();
});

describe("deadlines in the sandbox", () => {
  it("the flagship's docket has a status conference and expert deadlines ahead of the sandbox clock", async () => {
    const kase = sandbox.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    const ahead = extractCourtDates(kase.entries).filter((d) => d.date >= today);
    expect(ahead.map((d) => d.key)).toEqual(expect.arrayContaining(["conference:status", "deadline:expert-reports"]));
  });

  it("Send a reminder says what to do first when the channel has no dates", async () => {
    expect(await demo("send-reminder")).toMatch(/^No court date ahead/);
  });

  it("Push a scheduling order, then Send a reminder: the alert names the dates, the reminder is posted once", async () => {
    const track = await sandbox.slack.sendCommand({ text: `track nysd ${FLAGSHIP.docket}`, user: "U0ADMIN", channel: ACME });
    expect(track.lateAck).toBe(false);
    // Tracking is answered after the ack (the service's tracker is set then): push once it holds.
    let pushed = await demo("push-scheduling");
    for (let i = 0; i < 100 && pushed.startsWith("Nothing tracks"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      pushed = await demo("push-scheduling");
    }
    expect(pushed).toMatch(/scheduling order/);
    const alert = await sandbox.slack.waitFor(() => sandbox.slack.state.messages(ACME).find((m) => JSON.stringify(m.blocks ?? []).includes("sets Status Conference")), { timeoutMs: 15_000, what: "the alert naming the conference" });
    expect(JSON.stringify(alert.blocks)).toContain("sets Joint Letter due");

    expect(await demo("send-reminder")).toMatch(/^Posted a reminder/);
    const reminders = () => sandbox.slack.state.messages(ACME).filter((m) => m.metadata?.event_type === REMINDER_EVENT_TYPE);
    await sandbox.slack.waitFor(() => reminders()[0], { what: "the reminder" });
    expect(reminders()[0]!.text).toMatch(/^Reminder: Joint Letter due is in \d+ days \(/);
    // The next press reminds of the next date; each is posted once.
    expect(await demo("send-reminder")).toMatch(/^Posted a reminder/);
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1]!.text).toMatch(/^Reminder: Status Conference is in \d+ days \(/);
  });
});

describe("computed deadlines and the calendar feed in the sandbox (issue 23)", () => {
  const textOf = (blocks: unknown) => JSON.stringify(blocks ?? []);

  it("Push a served summons and Push a motion: their computed deadlines appear in /docket deadlines, marked computed — verify", async () => {
    await sandbox.slack.sendCommand({ text: `track nysd ${FLAGSHIP.docket}`, user: "U0ADMIN", channel: ACME });
    for (const id of ["push-summons", "push-motion"]) {
      let pushed = await demo(id);
      for (let i = 0; i < 100 && pushed.startsWith("Nothing tracks"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        pushed = await demo(id);
      }
      expect(pushed).toMatch(/computed — verify/);
    }
    const computed = async () => (await sandbox.bot.store.courtDatesOfMatters(["ACME-001"], { includeMet: true })).filter((d) => d.byRule && !d.byRule.courtStates);
    for (let i = 0; i < 200 && (await computed()).length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await computed()).map((d) => d.byRule!.citation).sort()).toEqual([
      "Fed. R. Civ. P. 12(a)(1)(A)(i)", "S.D.N.Y. & E.D.N.Y. Local Civ. R. 6.1(b)", "S.D.N.Y. & E.D.N.Y. Local Civ. R. 6.1(b)",
    ]);
    // The motion is Globex's motion to dismiss: it alters Globex's time to answer (FRCP 12(a)(4)),
    // so the answer date the summons gave is no longer a deadline, and says why.
    const answer = (await computed()).find((d) => d.byRule!.citation === "Fed. R. Civ. P. 12(a)(1)(A)(i)")!;
    expect(answer.met?.why).toMatch(/^The Rule 12 motion \(#\d+\) changes the time to answer/);
    const list = await sandbox.slack.sendCommand({ text: "deadlines", user: "U0ADMIN", channel: ACME });
    expect(list.lateAck).toBe(false);
    const shown = await sandbox.slack.waitFor(() => sandbox.slack.state.ephemerals("U0ADMIN", ACME).find((e) => textOf(e.blocks).includes("Computed — verify")), { what: "the deadlines list with computed dates" });
    expect(textOf(shown.blocks)).toContain("Local Civ. R. 6.1(b)");
    expect(textOf(shown.blocks)).not.toContain("Fed. R. Civ. P. 12(a)(1)(A)(i)");
  });

  it("/docket calendar gives a feed URL on the sandbox's own address that opens, its DESCRIPTION naming the rule", async () => {
    await sandbox.slack.sendCommand({ text: "calendar", user: "U0ADMIN", channel: ACME });
    const list = await sandbox.slack.waitFor(() => sandbox.slack.state.ephemerals("U0ADMIN", ACME).find((e) => textOf(e.blocks).includes("calendar_create")), { what: "the feeds list" });
    expect(textOf(list.blocks)).not.toContain("PUBLIC_URL");
    await sandbox.slack.sendBlockAction({ user: "U0ADMIN", actionId: "calendar_create:0", ephemeral: list.message_ts });
    const made = await sandbox.slack.waitFor(() => {
      for (const r of [...sandbox.slack.responses].reverse()) {
        const url = /http:\/\/127\.0\.0\.1:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics/.exec(JSON.stringify(r))?.[0];
        if (url) return url;
      }
      return undefined;
    }, { what: "the feed URL" });
    const res = await fetch(made);
    expect(res.status).toBe(200);
    const ics = (await res.text()).replace(/\r\n[ \t]/g, "");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("Computed — verify: Fed. R. Civ. P. 12(a)(1)(A)(i)");
  });
});
