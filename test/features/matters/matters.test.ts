/**
 * `/docket matter`, `matter link`, `matter unlink` end to end: signed commands from the Slack
 * stand-in to the real bot over HTTP; what landed in Slack and in the store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, bodyOf, channelPost, command, expectValidPayloads, mark, textOf, waitForResponse } from "../tracking/helpers.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const matters = async (channelId: string) => (await h.store.mattersOfChannel({ teamId: TEAM, channelId })).map((l) => l.clientMatter);

describe("/docket matter", () => {
  it("says a channel has no matter yet and how to get one", async () => {
    const d = await command(h, "matter", MEMBER, ACME_CHANNEL);
    expect(ackBody(d).response_type).toBe("ephemeral");
    expect(ackBody(d).text).toBe("This channel isn't linked to a client matter.");
    expect(textOf(ackBody(d))).toContain("A docketbot admin can link one with `/docket matter link ACME-001`");
  });

  it("refuses a member, naming who can, and changes nothing", async () => {
    const d = await command(h, "matter link ACME-001", MEMBER, ACME_CHANNEL);
    expect(ackBody(d)).toMatchObject({ response_type: "ephemeral", text: "Only docketbot admins can link or unlink client matters. Ask <@U0ADMIN>." });
    expect(await matters(ACME_CHANNEL)).toEqual([]);
    const u = await command(h, "matter unlink ACME-001", MEMBER, ACME_CHANNEL);
    expect(ackBody(u).text).toContain("Only docketbot admins");
  });

  it("links for an admin, tells the channel, and counts the alerts that were waiting", async () => {
    // Two pushes for ACME-001 arrived while no channel had it: held.
    for (const n of [1, 2]) {
      const r = await h.store.storePush({ body: JSON.stringify({ push_type: "docket", client_matter: "ACME-001", n }), receivedAt: Date.now(), pushType: "docket", clientMatter: "ACME-001" });
      expect(r.routing).toBe("held");
    }
    const from = mark(h);
    const d = await command(h, "matter link ACME-001", ADMIN, ACME_CHANNEL);
    expect(d.body).toBe("");
    const post = await channelPost(h, from, "the link announcement");
    expect(post.text).toBe("This channel is now linked to client matter ACME-001. 2 alerts were waiting and are being posted here now.");
    expect(textOf(post)).toContain("*2 alerts were waiting*");
    expect(textOf(post)).toContain("Linked by <@U0ADMIN>");
    expect(await matters(ACME_CHANNEL)).toEqual(["ACME-001"]);
    expect((await h.store.pushStats({ matters: ["ACME-001"] })).held).toBe(0);
    expectValidPayloads(h, from);
  });

  it("says so when the channel already has the matter, only to the admin", async () => {
    const from = mark(h);
    await command(h, "matter link ACME-001", ADMIN, ACME_CHANNEL);
    const p = await waitForResponse(h, from, () => true);
    expect(p.outcome).toBe("ephemeral");
    expect(bodyOf(p).text).toBe("This channel is already linked to ACME-001.");
  });

  it("shows the channel's matters to anyone in it, and only its own", async () => {
    await h.linkMatter(IP_CHANNEL, "IP-007");
    const d = await command(h, "matter", MEMBER, ACME_CHANNEL);
    expect(ackBody(d).text).toBe("This channel's client matter: ACME-001.");
    expect(textOf(ackBody(d))).not.toContain("IP-007");
    expect(textOf(ackBody(d))).toContain("by <@U0ADMIN>");
  });

  it("refuses input that can't be a client matter, with an example", async () => {
    const d = await command(h, `matter link ${"X".repeat(51)}`, ADMIN, ACME_CHANNEL);
    expect(ackBody(d).text).toBe("A client matter is at most 50 characters. Example: `/docket matter link ACME-001`");
  });

  it("unlinks for an admin and says what stops", async () => {
    await h.linkMatter(IP_CHANNEL, "ACME-001");
    const from = mark(h);
    await command(h, "matter unlink ACME-001", ADMIN, ACME_CHANNEL);
    const post = await channelPost(h, from, "the unlink announcement");
    expect(post.text).toBe("This channel is no longer linked to ACME-001: its alerts stop here.");
    expect(textOf(post)).toContain("1 other channel of *ACME-001* still gets their alerts");
    expect(await matters(ACME_CHANNEL)).toEqual([]);
    expectValidPayloads(h, from);

    const again = mark(h);
    await command(h, "matter unlink ACME-001", ADMIN, ACME_CHANNEL);
    const p = await waitForResponse(h, again, () => true);
    expect(p.outcome).toBe("ephemeral");
    expect(bodyOf(p).text).toBe("This channel isn't linked to ACME-001.");
  });
});

describe("linking a second matter into a channel (issue 13, item 3)", () => {
  it("asks the admin first, naming what the members will start to see; the button links it", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-001");
    await h.store.subscribe({ teamId: TEAM, channelId: IP_CHANNEL, clientMatter: "IP-007", target: { court: "nysd", docket: "1:23-cv-01234" }, frequency: "daily", userId: ADMIN });
    const d = await command(h, "matter link IP-007", ADMIN, ACME_CHANNEL);
    expect(ackBody(d).text).toBe("Link IP-007 to this channel as well? Everyone here will start to see its alerts and tracked cases.");
    expect(textOf(ackBody(d))).toContain("(it follows 1 case or saved search)");
    expect(textOf(ackBody(d))).toContain("It is linked to 1 other channel already.");
    expect(await matters(ACME_CHANNEL)).toEqual(["ACME-001"]); // asked, not linked

    const list = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1)!;
    const from = mark(h);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "link_matter:0", ephemeral: list.message_ts });
    const post = await channelPost(h, from, "the link announcement");
    expect(post.text).toBe("This channel is now linked to client matter IP-007 · 7 upcoming dates found: next File a joint letter on the status due Wed 12/9/2026 (computed — verify).");
    // Issue 23 item 1: its cases' dates were read at once (stored copies, no fee) and are listed here now.
    expect((await h.store.courtDatesOfMatters(["IP-007"], { from: "2026-11-01" })).length).toBeGreaterThanOrEqual(7);
    expect((await matters(ACME_CHANNEL)).sort()).toEqual(["ACME-001", "IP-007"]);
    expect((await h.store.auditLog(TEAM, { matters: ["IP-007"] })).map((e) => [e.action, e.channelId])).toContainEqual(["link", ACME_CHANNEL]);
    expectValidPayloads(h, from);
  });

  it("a first matter needs no question", async () => {
    await command(h, "matter unlink ACME-001", ADMIN, ACME_CHANNEL);
    await command(h, "matter unlink IP-007", ADMIN, ACME_CHANNEL);
    await h.slack.waitFor(async () => ((await matters(ACME_CHANNEL)).length === 0 ? true : undefined), { what: "both unlinked" });
    const d = await command(h, "matter link ACME-001", ADMIN, ACME_CHANNEL);
    expect(d.body).toBe("");
    await h.slack.waitFor(async () => ((await matters(ACME_CHANNEL)).length === 1 ? true : undefined), { what: "linked" });
  });
});

