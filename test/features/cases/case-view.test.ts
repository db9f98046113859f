/**
 * `/docket case`, the case view's paging, Share to channel, Refresh from court and All parties, end
 * to end: the Slack
 * stand-in sends signed requests to the real bot over HTTP, the bot calls the docket service
 * emulator, and the assertions read what Slack (the stand-in) and the service (its ledger) saw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeValue } from "../../../src/slack/blockkit/ids.ts";
import { expectValidMessage, expectValidView } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import {
  buttonByAction, caseViewIn, nextPrivateCaseView, privateCaseViewCount, privateViewNow, shareToChannel, textOf,
} from "./helpers.ts";

let h: BotHarness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-002");
});
afterAll(async () => {
  await h?.close();
});

const flagship = () => h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;

/** `/docket case`: the private view it shows the user (issue 15 item 11: private first). */
async function showFlagship(channel = ACME_CHANNEL, user = MEMBER, text = "case nysd 1:23-cv-01234") {
  const before = privateCaseViewCount(h, user, channel);
  const delivery = await h.slack.sendCommand({ text, user, channel });
  const view = await nextPrivateCaseView(h, user, channel, before);
  return { delivery, view };
}

/** `/docket case`, then Share to channel: the view everyone in the channel sees. */
async function shareFlagship(channel = ACME_CHANNEL, user = MEMBER) {
  const { view } = await showFlagship(channel, user);
  return { view: await shareToChannel(h, user, channel, view) };
}

describe("/docket case", () => {
  it("acks at once with a working state, then shows the case view from the stored copy to the user alone, with Share to channel", async () => {
    h.docket.ledger.clear();
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;
    const { delivery, view } = await showFlagship();
    expect(delivery.status).toBe(200);
    expect(delivery.ackMs).toBeLessThan(3000);
    const ack = delivery.body as { response_type: string; text: string; blocks: unknown[] };
    expect(ack.response_type).toBe("ephemeral");
    expect(JSON.stringify(ack.blocks)).toContain(":hourglass_flowing_sand: Getting 1:23-cv-01234 in S.D.N.Y.");
    expectValidMessage(ack);

    expectValidMessage(view);
    expect(view.text).toContain("Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234");
    expect(textOf(view)).toContain("matter ACME-001");
    // The view replaced the working message; nobody else saw anything.
    expect(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).filter((e) => e.text.startsWith("Getting"))).toEqual([]);
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(channelBefore);
    const share = buttonByAction(view.blocks, "share_to_channel")!;
    expect(decodeValue(share.value)).toEqual({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, page: 0 });
    // The service saw one cached read, tagged with the channel's matter, and charged nothing.
    const calls = h.docket.ledger.filter({ endpoint: "getdocket" });
    expect(calls.map((c) => [c.kind, c.client_matter])).toEqual([["docket_cached", "ACME-001"]]);
    expect(h.docket.ledger.total()).toBe(0);
    // App Home's recent cases know it.
    const recent = await h.store.recentCases({ teamId: TEAM, userId: MEMBER }, 5);
    expect(recent[0]).toMatchObject({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, clientMatter: "ACME-001" });
  });

  it("Share to channel posts the view for everyone and removes the private copy", async () => {
    const { view } = await showFlagship();
    const shared = await shareToChannel(h, MEMBER, ACME_CHANNEL, view);
    expectValidMessage(shared);
    expect(shared.text).toContain("Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234");
    expect(buttonByAction(shared.blocks, "share_to_channel")).toBeUndefined();
    await h.slack.waitFor(() => !privateViewNow(h, MEMBER, view.message_ts) || undefined);
  });

  it("shows a bare `/docket nysd 1:23-cv-01234` the same way, privately", async () => {
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;
    const { view } = await showFlagship(ACME_CHANNEL, MEMBER, "nysd 1:23-cv-01234");
    expectValidMessage(view);
    expect(buttonByAction(view.blocks, "share_to_channel")).toBeDefined();
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(channelBefore);
  });

  it("takes a pasted case URL", async () => {
    const url = `${h.docket.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Widgets_Inc_v_Globex_Corporation/`;
    const { view } = await showFlagship(ACME_CHANNEL, MEMBER, `case ${url}`);
    expectValidMessage(view);
  });

  it("tells only the user when the case does not exist, with a search hint", async () => {
    const before = h.slack.state.messages(ACME_CHANNEL).length;
    const delivery = await h.slack.sendCommand({ text: "case nysd 1:23-cv-09999", user: MEMBER, channel: ACME_CHANNEL });
    expect(delivery.ackMs).toBeLessThan(3000);
    const eph = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.text.includes("1:23-cv-09999") && e.text.includes("couldn't find")));
    expect(eph.text).toBe("I couldn't find 1:23-cv-09999 in S.D.N.Y. Check the court and docket number, or try `/docket search`.");
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(before);
    // The sentence took the working line's place.
    expect(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).some((e) => JSON.stringify(e.blocks ?? []).includes("Getting 1:23-cv-09999"))).toBe(false);
  });

  it("takes the compact and the office-less forms lawyers cite (1:23cv1234, 23-cv-01234) as the same case", async () => {
    for (const text of ["case nysd 1:23cv1234", "case S.D.N.Y. 23-cv-01234"]) {
      const { view } = await showFlagship(ACME_CHANNEL, MEMBER, text);
      expect(view.text).toContain("S.D.N.Y. · 1:23-cv-01234");
      // The office was assumed only for the office-less form, and then the card says so.
      const said = "_Read `23-cv-01234` as `1:23-cv-01234` (office 1). A case of another office has its own number (`7:23-cv-01234`, `2:23-cv-01234`…): give it in full if you meant another._";
      expect(JSON.stringify(view.blocks).includes(JSON.stringify(said).slice(1, -1))).toBe(text.endsWith("23-cv-01234"));
    }
  });

  it("asks for the office when an office-less number is not found under office 1 either", async () => {
    await h.slack.sendCommand({ text: "case nysd 23-cv-09999", user: MEMBER, channel: ACME_CHANNEL });
    const eph = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.text.startsWith("I couldn't find 23-cv-09999")));
    expect(eph.text).toBe("I couldn't find 23-cv-09999 in S.D.N.Y., nor 1:23-cv-09999. Federal docket numbers start with the court's office number (1:23-cv-09999, 2:23-cv-09999…): add the right one and try again.");
  });

  it("keeps each channel to its own matter (ethical walls)", async () => {
    h.docket.ledger.clear();
    const { view } = await showFlagship(IP_CHANNEL, ADMIN);
    expect(textOf(view)).toContain("matter IP-002");
    expect(textOf(view)).not.toContain("ACME-001");
    expect(h.docket.ledger.filter({ endpoint: "getdocket" }).map((c) => c.client_matter)).toEqual(["IP-002"]);
  });
});

describe("the case view's buttons", () => {
  it("pages a private view's Older and Newer in place, replacing it, Share to channel kept", async () => {
    const { view } = await showFlagship();
    expect(textOf(view)).toContain("Entries 1–20 of");
    expect(buttonByAction(view.blocks, "case_page:newer")).toBeUndefined();
    const older = buttonByAction(view.blocks, "case_page:older")!;
    expect(decodeValue(older.value)).toEqual({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, page: 1 });
    const privateBefore = privateCaseViewCount(h, MEMBER, ACME_CHANNEL);
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;

    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "case_page:older", ephemeral: view.message_ts });
    expect(click.ackMs).toBeLessThan(3000);
    const page2 = await h.slack.waitFor(() => {
      const m = privateViewNow(h, MEMBER, view.message_ts);
      return m && textOf(m).includes("Entries 21–40 of") ? m : undefined;
    });
    expectValidMessage(page2);
    expect(buttonByAction(page2.blocks, "case_page:newer")).toBeDefined();
    expect(decodeValue(buttonByAction(page2.blocks, "share_to_channel")!.value)).toMatchObject({ page: 1 });

    await h.slack.sendBlockAction({ user: MEMBER, actionId: "case_page:newer", ephemeral: view.message_ts });
    const back = await h.slack.waitFor(() => {
      const m = privateViewNow(h, MEMBER, view.message_ts);
      return m && textOf(m).includes("Entries 1–20 of") ? m : undefined;
    });
    expectValidMessage(back);
    // Still the one private view, and the channel never saw the paging.
    expect(privateCaseViewCount(h, MEMBER, ACME_CHANNEL)).toBe(privateBefore);
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(channelBefore);
  });

  it("paging a shared view gives the clicker a private copy of that page and leaves the shared message as everyone sees it", async () => {
    const { view: shared } = await shareFlagship();
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;
    const privateBefore = privateCaseViewCount(h, ADMIN, ACME_CHANNEL);
    const sharerBefore = privateCaseViewCount(h, MEMBER, ACME_CHANNEL);
    const changed: string[] = [];
    const stop = h.slack.state.subscribe((c) => {
      if (c.kind === "message_changed" && c.ts === shared.ts) changed.push(c.ts);
    });
    // A colleague pages the shared view.
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: "case_page:older", channel: ACME_CHANNEL, message: shared.ts });
    expect(click.ackMs).toBeLessThan(3000);
    const copy = await nextPrivateCaseView(h, ADMIN, ACME_CHANNEL, privateBefore);
    stop();
    expectValidMessage(copy);
    expect(textOf(copy)).toContain("Entries 21–40 of");
    expect(decodeValue(buttonByAction(copy.blocks, "share_to_channel")!.value)).toEqual({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, page: 1 });
    // The shared message is untouched, and nothing new reached the channel.
    expect(changed).toEqual([]);
    expect(h.slack.state.message(ACME_CHANNEL, shared.ts)!.blocks).toEqual(shared.blocks);
    expect(h.slack.state.messages(ACME_CHANNEL).length).toBe(channelBefore);
    expect(privateCaseViewCount(h, MEMBER, ACME_CHANNEL)).toBe(sharerBefore);

    // The copy pages in place like any private view.
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "case_page:newer", ephemeral: copy.message_ts });
    await h.slack.waitFor(() => {
      const m = privateViewNow(h, ADMIN, copy.message_ts);
      return m && textOf(m).includes("Entries 1–20 of") ? m : undefined;
    });
    expect(privateCaseViewCount(h, ADMIN, ACME_CHANNEL)).toBe(privateBefore + 1);
  });

  it("refuses a tampered button value with an ephemeral sentence, leaving the view alone", async () => {
    const view = caseViewIn(h, ACME_CHANNEL)!;
    for (const value of ["not json", '{"c":"New York Southern District Court","d":"1:23-cv-01234","p":-1}', '{"c":"","d":"x"}']) {
      const before = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
      const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "case_page:older", channel: ACME_CHANNEL, message: view.ts, value });
      expect(click.ackMs).toBeLessThan(3000);
      const eph = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[before]);
      expect(eph.text).toMatch(/^That button is damaged or out of date/);
    }
    expect(h.slack.state.message(ACME_CHANNEL, view.ts)!.blocks).toEqual(view.blocks);
  });

  it("Refresh from court: names the possible fee in its confirm dialog", async () => {
    const view = caseViewIn(h, ACME_CHANNEL)!;
    const refresh = buttonByAction(view.blocks, "refresh_case")!;
    const confirm = refresh.confirm as { title: { text: string }; text: { text: string } };
    expect(confirm.title.text).toBe("Refresh from the court?");
    expect(confirm.text.text).toContain("may incur court fees (PACER: $0.10 a page, up to $3.00), charged to matter ACME-001");
  });

  it("Refresh from court: shows a working state, pulls with use_last_filing_date, and says nothing new was filed", async () => {
    const { view } = await shareFlagship();
    h.docket.ledger.clear();
    const seen: string[] = [];
    const stop = h.slack.state.subscribe((c) => {
      if (c.kind === "message_changed" && c.ts === view.ts) seen.push(h.slack.state.message(ACME_CHANNEL, view.ts)!.text);
    });
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "refresh_case", channel: ACME_CHANNEL, message: view.ts });
    expect(click.ackMs).toBeLessThan(3000);
    const fresh = await h.slack.waitFor(() => {
      const m = h.slack.state.message(ACME_CHANNEL, view.ts);
      return m && textOf(m).includes("Refreshed from the court") ? m : undefined;
    });
    stop();
    expect(seen[0]).toMatch(/^Refreshing 1:23-cv-01234 in S\.D\.N\.Y\. from the court/);
    expectValidMessage(fresh);
    expect(textOf(fresh)).toContain("nothing new has been filed");
    // Nothing was filed since the last pull: the service skipped the court, no fee.
    expect(h.docket.ledger.filter({ endpoint: "getdocket" }).map((c) => c.kind)).toEqual(["docket_cached", "docket_unchanged"]);
    expect(h.docket.ledger.total()).toBe(0);
  });

  it("Refresh from court: a live pull that finds new filings says how many", async () => {
    const { view } = await shareFlagship();
    const kase = flagship();
    const entriesBefore = kase.entries.length;
    kase.cachedAt -= 10 * DAY; // the court has docketed since the service last looked
    h.docket.ledger.clear();
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "refresh_case", channel: ACME_CHANNEL, message: view.ts });
    const fresh = await h.slack.waitFor(() => {
      const m = h.slack.state.message(ACME_CHANNEL, view.ts);
      return m && textOf(m).includes("Refreshed from the court") ? m : undefined;
    });
    const added = kase.entries.length - entriesBefore;
    expect(added).toBeGreaterThan(0);
    expect(textOf(fresh)).toContain(`${added} new ${added === 1 ? "entry" : "entries"}`);
    expectValidMessage(fresh);
    const live = h.docket.ledger.filter({ kind: "docket_live" });
    expect(live).toHaveLength(1);
    expect(live[0]!.client_matter).toBe("ACME-001");
  });

  it("All parties: opens a modal with every party and its counsel, paged in place", async () => {
    const kase = flagship();
    const original = kase.parties;
    kase.parties = [
      ...original,
      ...Array.from({ length: 28 }, (_, i) => ({
        name: `Doe Defendant ${i + 1}`, type: "Defendant",
        counsel: [{ name: `Counsel ${i + 1}`, firm: "Firm LLP", email: `c${i + 1}@firm.example`, phone: "(212) 555-0100", lead: true, prose: false }],
      })),
    ];
    try {
      const { view } = await showFlagship();
      const more = buttonByAction(view.blocks, "more_parties")!;
      expect((more.text as { text: string }).text).toBe("All 30 parties");
      const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "more_parties", ephemeral: view.message_ts });
      expect(click.ackMs).toBeLessThan(3000);
      const modal = await h.slack.waitFor(() => {
        const top = h.slack.state.modals(MEMBER).at(-1);
        return top && JSON.stringify(top.view.blocks).includes("Catherine Holloway") ? top.view : undefined;
      });
      // What the bot sent: the "working" modal at once, then the parties.
      expect(JSON.stringify(h.slack.callsTo("views.open").at(-1)!.params.view)).toContain(":hourglass_flowing_sand:");
      for (const call of [...h.slack.callsTo("views.open"), ...h.slack.callsTo("views.update")]) expectValidView(call.params.view as Record<string, unknown>);
      const json = JSON.stringify(modal.blocks);
      expect(json).toContain("Parties 1–20 of 30");
      expect(json).toContain("Catherine Holloway (lead) — Hargrove &amp; Lindqvist LLP");
      // Page 2, in the same modal.
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "more_parties:next", view: modal.id });
      const page2 = await h.slack.waitFor(() => {
        const top = h.slack.state.modals(MEMBER).at(-1);
        return top && JSON.stringify(top.view.blocks).includes("Parties 21–30 of 30") ? top.view : undefined;
      });
      expect(page2.id).toBe(modal.id);
      expectValidView(h.slack.callsTo("views.update").at(-1)!.params.view as Record<string, unknown>);
      expect(JSON.stringify(page2.blocks)).toContain("Doe Defendant 28");
    } finally {
      kase.parties = original;
    }
  });
});

describe("acknowledgements while the docket service hangs", () => {
  it("acks the command and the Refresh button within 3 s; the result follows", async () => {
    const { view } = await shareFlagship();
    h.docket.faults.delayNext("getdocket", 3_500, 2);
    const before = privateCaseViewCount(h, MEMBER, ACME_CHANNEL);
    const [command, click] = await Promise.all([
      h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL }),
      h.slack.sendBlockAction({ user: MEMBER, actionId: "refresh_case", channel: ACME_CHANNEL, message: view.ts }),
    ]);
    expect(command.ackMs).toBeLessThan(3000);
    expect(command.lateAck).toBe(false);
    expect(click.ackMs).toBeLessThan(3000);
    expect(click.lateAck).toBe(false);
    // The working states are visible at once.
    expect(JSON.stringify((command.body as { blocks: unknown[] }).blocks)).toContain(":hourglass_flowing_sand:");
    await h.slack.waitFor(() => textOf(h.slack.state.message(ACME_CHANNEL, view.ts)!).includes("Refreshing") || undefined);
    // And the results arrive once the service answers.
    await nextPrivateCaseView(h, MEMBER, ACME_CHANNEL, before);
    await h.slack.waitFor(() => textOf(h.slack.state.message(ACME_CHANNEL, view.ts)!).includes("Refreshed from the court") || undefined, { timeoutMs: 10_000 });
  });
});
