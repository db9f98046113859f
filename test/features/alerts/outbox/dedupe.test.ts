/**
 * A filing is one filing by its identity (court, docket, entry number), whatever the bytes of the
 * push that carries it: the same entry re-sent with other whitespace or a new case title never
 * posts another headline in a channel that already has it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ACME, IP, TEAM, docketPush, isBroadcast, startRig, type Rig } from "./helpers.ts";

let rig: Rig;
afterEach(async () => {
  await rig?.close();
});

const COURT = "New York Southern District Court";

describe("a re-sent filing does not alert again", () => {
  it("the same numbered entry with other whitespace and a new title: one headline per channel; the re-send is sent, pointing at it", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.link(IP, "ACME-001");
    const first = docketPush("ACME-001", 1, "3/4/2026");
    const entry = first.docket_report[0]!;
    const again = {
      ...first,
      info: { title: "ACME CORP. v. WIDGET, INC." },
      docket_report: [{ ...entry, contents: `  ${entry.contents.replace(" ", "\n  ")}  ` }],
    };
    await rig.push(first);
    await rig.push(again);
    await rig.drained();

    for (const channel of [ACME, IP]) {
      const headlines = rig.slack.state.messages(channel).filter(isBroadcast);
      expect(headlines).toHaveLength(1);
      const [d1, d2] = await rig.store.listDeliveries({ channel: { teamId: TEAM, channelId: channel } });
      expect([d1!.state, d2!.state]).toEqual(["sent", "sent"]);
      expect(d2!.slackTs).toBe(headlines[0]!.ts);
      const thread = await rig.store.getCaseThread({ teamId: TEAM, channelId: channel, court: COURT, docket: "1:23-cv-01234" });
      expect(thread?.newEntries).toBe(1); // counted once
    }
  });

  it("an unnumbered entry re-sent with its whitespace changed is the same filing", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    const push = (contents: string) => ({ ...docketPush("ACME-001", 0), docket_report: [{ date: "3/6/2026", contents }] });
    await rig.push(push("ORDER granting motion to dismiss."));
    await rig.push(push("ORDER  granting\tmotion to\n dismiss. "));
    await rig.drained();
    expect(rig.slack.state.messages(ACME).filter(isBroadcast)).toHaveLength(1);
  });

  it("a re-send that also brings a new entry posts only the new one", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    const first = docketPush("ACME-001", 1, "3/4/2026");
    const next = docketPush("ACME-001", 1, "3/5/2026");
    await rig.push(first);
    await rig.push({ ...first, info: { title: "Acme v. Widget" }, docket_report: [...first.docket_report, ...next.docket_report] });
    await rig.drained();
    const headlines = rig.slack.state.messages(ACME).filter(isBroadcast);
    expect(headlines).toHaveLength(2);
    expect(headlines[1]!.text).toContain(`#${next.docket_report[0]!.number}`);
    expect(headlines[1]!.text).not.toContain(`#${first.docket_report[0]!.number}`);
    const root = rig.slack.state.messages(ACME).find((m) => !isBroadcast(m))!;
    const replies = rig.slack.state.thread(ACME, root.ts).slice(1).filter((m) => !isBroadcast(m));
    expect(replies.map((r) => r.text.split(" in ")[0])).toEqual(["New entry", "New entry"]);
  });
});
