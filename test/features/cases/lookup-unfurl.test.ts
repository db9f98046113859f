/**
 * The `docket_lookup` message shortcut (a private case view with Share to channel), documents from
 * a private view (sent by direct message), and `link_shared` unfurls with the channel's own matter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeValue } from "../../../src/slack/blockkit/ids.ts";
import type { EphemeralMessage } from "../../../sandbox/slack/types.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { FLAGSHIP_TITLE, buttonByAction, buttonsOf, caseViewCount, headerOf, nextCaseView, textOf } from "./helpers.ts";

let h: BotHarness;
let caseLink: string;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-002");
  caseLink = `${h.docket.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Widgets_Inc_v_Globex_Corporation/`;
});
afterAll(async () => {
  await h?.close();
});

async function lookup(text: string, user = MEMBER, channel = ACME_CHANNEL) {
  const posted = await h.slack.postUserMessage({ user, channel, text });
  const count = h.slack.state.ephemerals(user, channel).length;
  const delivery = await h.slack.sendMessageShortcut({ callbackId: "docket_lookup", user, channel, message: posted.ts });
  return { delivery, count };
}

const privateView = (user: string, channel: string, from: number) =>
  h.slack.waitFor(() => h.slack.state.ephemerals(user, channel).slice(from).find((e) => headerOf(e) === FLAGSHIP_TITLE));

describe("the docket_lookup shortcut", () => {
  let shown: EphemeralMessage;

  it("shows the case a message names to the user alone, with Share to channel", async () => {
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;
    const { delivery, count } = await lookup("Did anyone read the order in S.D.N.Y. No. 1:23-cv-01234? Compare D. Del. No. 1:24-cv-00077.");
    expect(delivery.status).toBe(200);
    expect(delivery.ackMs).toBeLessThan(3000);
    shown = await privateView(MEMBER, ACME_CHANNEL, count);
    expectValidMessage(shown);
    expect(textOf(shown)).toContain("The message also names 1:24-cv-00077 in D. Del.");
    expect(textOf(shown)).toContain("matter ACME-001");
    const share = buttonByAction(shown.blocks, "share_to_channel")!;
    expect(decodeValue(share.value)).toEqual({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, page: 0 });
    // Nobody else saw anything: only the user's own message is in the channel.
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(channelBefore + 1);
  });

  it("Share to channel posts the view in the channel and removes the private copy", async () => {
    const before = caseViewCount(h, ACME_CHANNEL);
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "share_to_channel", ephemeral: shown.message_ts });
    expect(click.ackMs).toBeLessThan(3000);
    const shared = await nextCaseView(h, ACME_CHANNEL, before);
    expectValidMessage(shared);
    expect(buttonByAction(shared.blocks, "share_to_channel")).toBeUndefined();
    await h.slack.waitFor(() => !h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).some((e) => e.message_ts === shown.message_ts) || undefined);
  });

  it("finds a case from its link on the service's site", async () => {
    const { count } = await lookup(`see <${caseLink}|the docket>`);
    const view = await privateView(MEMBER, ACME_CHANNEL, count);
    expectValidMessage(view);
  });

  it("says what it looks for, with an example, when the message names no case", async () => {
    const { count } = await lookup("lunch at 1? room 3/4/2026");
    const said = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[count]);
    expectValidMessage(said);
    expect(said.text).toMatch(/^I didn't find a case in that message\. I look for a link to a case on 127\.0\.0\.1:\d+, or a court and docket number such as nysd 1:23-cv-01234/);
  });

  it("finds a case from a PACER CM/ECF link that carries its number, and says plainly when a link names none", async () => {
    const { count } = await lookup("docket: <https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?1:23-cv-01234|ECF>");
    expectValidMessage(await privateView(MEMBER, ACME_CHANNEL, count));

    const ecf = await lookup("<https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?601234|docket report>");
    const said = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[ecf.count]);
    expect(said.text).toBe("That PACER (CM/ECF) page of S.D.N.Y. doesn't name the case's docket number, so I can't tell which case it is. Paste the number with the court, like /docket case nysd 1:23-cv-01234.");
    expectValidMessage(said);

    const cl = await lookup("https://www.courtlistener.com/docket/68093012/acme-widgets-inc-v-globex-corporation/");
    const clSaid = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[cl.count]);
    expect(clSaid.text).toContain("That CourtListener link doesn't name the case's docket number");
    expect(clSaid.text).toContain("/docket search acme widgets inc v globex corporation");
  });

  it("Get PDF on a private view sends the document by direct message", async () => {
    h.docket.ledger.clear();
    const { count } = await lookup("S.D.N.Y. No. 1:23-cv-01234");
    const view = await privateView(MEMBER, ACME_CHANNEL, count);
    const kase = h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
    const stored = new Set(kase.entries.filter((e) => e.document?.cached && !e.document.sealed).map((e) => e.number));
    const pdf = buttonsOf(view.blocks).find((b) => String(b.action_id).startsWith("get_pdf:") && stored.has(decodeValue(b.value)?.entry))!;
    const entry = decodeValue(pdf.value)!.entry!;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: String(pdf.action_id), ephemeral: view.message_ts });
    const upload = await h.slack.waitFor(() => h.slack.state.messages("D0MO").flatMap((m) => h.slack.state.thread("D0MO", m.ts)).find((m) => (m.files?.length ?? 0) > 0));
    expect(upload.text).toContain(`*#${entry}*`);
    const root = h.slack.state.message("D0MO", upload.thread_ts!)!;
    expect(root.text).toBe("Documents from Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234");
    await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.text === `I sent document #${entry} to you in a direct message.`));
    expect(h.docket.ledger.total()).toBe(0);
  });
});

describe("link_shared unfurls", () => {
  /** Posts a message with `url`; sends the link_shared event if the stand-in did not. */
  async function share(url: string, user: string, channel: string) {
    const posted = await h.slack.postUserMessage({ user, channel, text: `Look: <${url}>` });
    const calls = h.slack.callsTo("chat.unfurl").length;
    if (!posted.deliveries.some((d) => (d.payload.event as { type?: string } | undefined)?.type === "link_shared")) {
      const delivery = await h.slack.sendEvent({ type: "link_shared", channel, user, message_ts: posted.ts, links: [{ url, domain: new URL(url).hostname }] });
      expect(delivery.ackMs).toBeLessThan(3000);
    }
    return { posted, calls };
  }

  it("unfurls a case link as a compact card, using the channel's matter and naming none", async () => {
    h.docket.ledger.clear();
    const { posted, calls } = await share(caseLink, ADMIN, IP_CHANNEL);
    const call = await h.slack.waitFor(() => h.slack.callsTo("chat.unfurl")[calls]);
    expect(call.ok).toBe(true);
    const card = (call.params.unfurls as Record<string, { blocks: unknown[] }>)[caseLink]!;
    expectValidMessage({ text: "unfurl", blocks: card.blocks });
    const json = JSON.stringify(card.blocks);
    expect(json).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(json).toContain("S.D.N.Y. · 1:23-cv-01234");
    expect(json).toContain("Open");
    expect(json).toContain("*Latest:*");
    expect(json).not.toMatch(/IP-002|ACME-001|matter|ref /);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" }).map((c) => [c.kind, c.client_matter])).toEqual([["docket_cached", "IP-002"]]);
    // The stand-in put the card on the message.
    const message = h.slack.state.message(IP_CHANNEL, posted.ts)!;
    expect(message.attachments?.some((a) => a.app_unfurl_url === caseLink)).toBe(true);

    // The same link in another channel: that channel's matter, the same card.
    h.docket.ledger.clear();
    const other = await share(caseLink, MEMBER, ACME_CHANNEL);
    const call2 = await h.slack.waitFor(() => h.slack.callsTo("chat.unfurl")[other.calls]);
    expect((call2.params.unfurls as Record<string, { blocks: unknown[] }>)[caseLink]!.blocks).toEqual(card.blocks);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" }).map((c) => c.client_matter)).toEqual(["ACME-001"]);
  });

  it("unfurls a PACER CM/ECF link that carries its docket number; leaves one that names none bare", async () => {
    const ecf = "https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?1:23-cv-01234";
    const { calls } = await share(ecf, MEMBER, ACME_CHANNEL);
    const call = await h.slack.waitFor(() => h.slack.callsTo("chat.unfurl")[calls]);
    expect(JSON.stringify((call.params.unfurls as Record<string, { blocks: unknown[] }>)[ecf]!.blocks)).toContain("S.D.N.Y. · 1:23-cv-01234");

    const bare = "https://ecf.nysd.uscourts.gov/cgi-bin/DktRpt.pl?601234";
    const before = h.slack.callsTo("chat.unfurl").length;
    await share(bare, MEMBER, ACME_CHANNEL);
    await new Promise((r) => setTimeout(r, 150)); // an unfurl would have been sent by now
    expect(h.slack.callsTo("chat.unfurl").length).toBe(before);
  });

  it("leaves links to other hosts and unknown cases alone", async () => {
    h.docket.ledger.clear();
    const before = h.slack.callsTo("chat.unfurl").length;
    const evil = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "x" });
    await h.slack.sendEvent({
      type: "link_shared", channel: ACME_CHANNEL, user: MEMBER, message_ts: evil.ts,
      links: [{ url: "https://evil.example/cases/New_York_Southern_District_Court/1--23-cv-01234/", domain: "evil.example" }],
    });
    const missing = `${h.docket.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-09999/`;
    await share(missing, MEMBER, ACME_CHANNEL);
    // The unknown case was looked up (and not found); the foreign host was never asked about.
    await h.slack.waitFor(() => h.docket.ledger.filter({ endpoint: "getdocket" }).length === 1 || undefined);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" })[0]!.kind).toBe("rejected");
    expect(h.slack.callsTo("chat.unfurl").length).toBe(before);
    expect(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).some((e) => e.text.includes("1:23-cv-09999"))).toBe(false);
  });
});
