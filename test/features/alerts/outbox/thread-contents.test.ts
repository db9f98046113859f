/**
 * Issue 25 items 4 and 13 at the outbox (Slack stand-in, FakeClock): the headline says what the
 * thread holds, and the thread holds it. An ordinary push: the headline's "+N routine filings in
 * the thread" and the thread's routine line and listed entries agree. A push bigger than the
 * thread (its newest 50): the headline says so and links the docket instead of "in the thread".
 */
import { afterEach, describe, expect, it } from "vitest";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { ACME, COURT, isBroadcast, SITE, startRig, type Rig } from "./helpers.ts";

let rig: Rig;
afterEach(async () => {
  await rig?.close();
});

const DOCKET = "1:23-cv-01234";
let n = 500;
const order = () => ({ date: "3/4/2026", number: String(n++), contents: "ORDER granting Motion to Compel Discovery. Signed by Judge A. Smith.", link: `${SITE}cases/x/docs/${n}.pdf` });
const routine = () => ({ date: "3/4/2026", number: String(n++), contents: "NOTICE of Appearance by Jane Roe on behalf of Acme Corp", link: `${SITE}cases/x/docs/${n}.pdf` });
const push = (entries: object[]) => ({
  push_type: "docket", client_matter: "ACME-001", court: COURT, docket: DOCKET, info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [],
});
const headlines = () => rig.slack.state.messages(ACME).filter(isBroadcast);
const root = () => rig.slack.state.messages(ACME).find((m) => !isBroadcast(m))!;
const replies = () => rig.slack.state.thread(ACME, root().ts).filter((m) => m.ts !== root().ts && !isBroadcast(m));

describe("what the headline says is in the thread", () => {
  it("routine filings: the headline's count is the thread's, and each is listed with its Get PDF", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    const notices = [routine(), routine(), routine()];
    await rig.push(push([order(), ...notices]));
    await rig.drained();
    const [headline] = headlines();
    expect(JSON.stringify(headline!.blocks)).toContain("+3 routine filings in the thread");
    const [reply] = replies();
    expectValidMessage({ text: reply!.text, blocks: reply!.blocks });
    const text = JSON.stringify(reply!.blocks);
    expect(text).toContain("+3 routine filings (notices of appearance):");
    for (const x of notices) expect(text).toContain(`*#${x.number}* · 3/4/2026`);
    expect(text.match(/"Get PDF"/g)).toHaveLength(4);
  });

  it("a push bigger than the thread: the headline names the newest 50 and links the docket", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.push(push([...Array.from({ length: 120 }, order), ...Array.from({ length: 30 }, routine)]));
    await rig.drained();
    const [headline] = headlines();
    expectValidMessage({ text: headline!.text, blocks: headline!.blocks });
    const text = JSON.stringify(headline!.blocks);
    expect(text).toContain("…and 110 more: the newest 50 entries are in the thread, <https://site.example/cases/");
    expect(text).toContain("|all on the docket ↗>");
    expect(text).not.toMatch(/in the thread\.|Every entry is in the thread|routine filings in the thread/);
    expect(replies().map((m) => JSON.stringify(m.blocks)).join("")).toContain("*150 entries* came in this push; the newest 50 are in this thread.");
  });
});
