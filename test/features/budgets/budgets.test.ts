/**
 * Budgets per matter over real HTTP (issue 14 items 2, 3 and 5): signed Slack requests from the
 * stand-in, the bot on loopback, the emulator's ledger as the witness of what was spent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTNER_USER } from "../../../sandbox/slack/workspace.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { ackBody, command, textOf } from "../tracking/helpers.ts";
import { waitForReplies } from "../qa/helpers.ts";
import { readAudit } from "../../helpers/audit-trail.ts";

const ADMIN_DM = "D0ANN";
const MO_DM = "D0MO";
let h: BotHarness;
const asks = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("ask"));
const pacerCalls = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("searchpacer"));

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

async function askInAcme(question: string): Promise<string> {
  const from = h.slack.state.messages(ACME_CHANNEL).length;
  await command(h, `ask nysd 1:23-cv-01234 ${question}`, MEMBER, ACME_CHANNEL);
  const root = await h.slack.waitFor(() => h.slack.state.messages(ACME_CHANNEL).slice(from).find((m) => textOf(m).includes(question)));
  return root.ts;
}

describe("/docket budget", () => {
  it("refuses a bad amount, a non-admin and a matter not linked here, each with a sentence", async () => {
    expect(ackBody(await command(h, "budget set ACME-001 lots", ADMIN, ACME_CHANNEL)).text).toContain(
      '"lots" is not an amount in dollars and cents: write the monthly cap like $500 or $1,250.50. Example: `/docket budget set ACME-001 $500 ask-above $0.25`',
    );
    expect(ackBody(await command(h, "budget set ACME-001 $-5", ADMIN, ACME_CHANNEL)).text).toContain("is not an amount in dollars and cents");
    expect(ackBody(await command(h, "budget set ACME-001 $5", MEMBER, ACME_CHANNEL)).text).toBe(
      "Only docketbot admins can set or clear budgets. `/docket budget` shows this channel's.",
    );
    expect(ackBody(await command(h, "budget set OTHER-9 $5", ADMIN, ACME_CHANNEL)).text).toContain("OTHER-9 isn't linked to this channel, so I changed nothing.");
    expect(await h.store.budgetsOf(["ACME-001", "OTHER-9"])).toEqual([]);
  });

  it("a question above the matter's ask-first price asks first; Go ahead runs it once", async () => {
    const set = ackBody(await command(h, "budget set ACME-001 $100 ask-above $0.01", ADMIN, ACME_CHANNEL));
    expect(set.response_type).toBe("in_channel");
    expect(set.text).toContain("*ACME-001*'s monthly budget is now $100.00");
    const before = asks().length;
    const root = await askInAcme("Who is the judge?");
    const [card] = await waitForReplies(h, ACME_CHANNEL, root, 1);
    expect(textOf(card!)).toContain("more than the $0.01 *ACME-001* asks about first. Nothing has been charged yet.");
    expect(asks()).toHaveLength(before);
    // Only the asker can confirm.
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_confirm" });
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_confirm" });
    const replies = await waitForReplies(h, ACME_CHANNEL, root, 2);
    expect(textOf(replies.at(-1)!)).toMatch(/judge/i);
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_confirm" }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(asks()).toHaveLength(before + 1);
    expect(asks().at(-1)!.client_matter).toBe("ACME-001");
  });

  it("at its cap, a question waits for an admin's approval in their DM, then runs once", async () => {
    const spent = asks().reduce((sum, e) => sum + e.fee, 0);
    expect(spent).toBeGreaterThan(0);
    // The cap is what was spent so far: the next question must wait.
    await command(h, `budget set ACME-001 $${spent.toFixed(2)}`, ADMIN, ACME_CHANNEL);
    const before = asks().length;
    const root = await askInAcme("When was it filed?");
    const [held] = await waitForReplies(h, ACME_CHANNEL, root, 1);
    expect(textOf(held!)).toContain("is waiting for an admin's approval");
    expect(textOf(held!)).toContain("Nothing has been charged.");
    const request = await h.slack.waitFor(() => h.slack.state.messages(ADMIN_DM).find((m) => textOf(m).includes("Approval needed") && textOf(m).includes("When was it filed?")));
    expect(asks()).toHaveLength(before);
    // A member cannot approve; the admin can, once.
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: "fee_approve" });
    const replies = await waitForReplies(h, ACME_CHANNEL, root, 2);
    expect(textOf(replies.at(-1)!)).toMatch(/filed on/);
    expect(asks()).toHaveLength(before + 1);
    const decided = await h.slack.waitFor(() => {
      const m = h.slack.state.message(ADMIN_DM, request.ts);
      return m && textOf(m).includes("Approved by") ? m : undefined;
    });
    expect(textOf(decided)).toContain("it ran once");
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: "fee_approve" }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(asks()).toHaveLength(before + 1);
  });

  it("tells the matter's channel and the admins once when it reaches 100%", async () => {
    const notices = (channel: string) => h.slack.state.messages(channel).filter((m) => textOf(m).includes("has reached its"));
    await h.slack.waitFor(() => (notices(ACME_CHANNEL).length > 0 ? true : undefined));
    expect(notices(ACME_CHANNEL)).toHaveLength(1);
    expect(notices(ADMIN_DM)).toHaveLength(1);
    expect(textOf(notices(ACME_CHANNEL)[0]!)).toContain("From now on each fee-incurring question, search, live pull or live document waits for an admin's approval");
  });

  it("/docket budget shows the cap, the spend and what waits", async () => {
    const view = textOf(ackBody(await command(h, "budget", MEMBER, ACME_CHANNEL)));
    expect(view).toContain("*Monthly cap*");
    expect(view).toContain("Admins set budgets with `/docket budget set`.");
  });
});

describe("no fee without a matter (issue 14 item 5)", () => {
  it("a PACER search in a DM asks which of the user's matters to bill, and bills it", async () => {
    await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);
    await command(h, "pacer Acme court:nysd", MEMBER, MO_DM);
    const card = h.slack.state.ephemerals(MEMBER, MO_DM).at(-1)!;
    expect(textOf(card)).toContain("pick the matter (from the channels you're in) this search is for");
    expect(textOf(card)).toContain("Bill ACME-001 · Run");
    expect(textOf(card)).not.toContain("not billed to any client matter");
    const before = pacerCalls().length;
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "pacer_run:0", ephemeral: card.message_ts });
    await h.slack.waitFor(() => h.slack.responses.filter((p) => p.url === click.responseUrl).length >= 2, { what: "the results" });
    expect(pacerCalls().slice(before).map((e) => e.client_matter)).toEqual(["ACME-001"]);
  });

  it("a PACER search past the matter's budget says so on the confirmation, before anyone clicks (issue 25 item 6)", async () => {
    await command(h, "budget set ACME-001 $0", ADMIN, ACME_CHANNEL);
    const card = ackBody(await command(h, "pacer Acme court:nysd", MEMBER, ACME_CHANNEL));
    const text = JSON.stringify(card.blocks);
    expect(text).toMatch(/:warning: \*ACME-001 is past its \$0\.00 monthly budget\* \(\$\d+\.\d\d spent this month\)/);
    expect(text).toContain("The search runs only once an admin approves it; nothing is charged before then.");
    expect(text).toContain('"text":"Ask an admin to approve ($0.20)"');
    expect(text).not.toContain("Run PACER search ($0.20)");
    expect(card.text).toContain("ACME-001 is over its budget, so an admin approves first");
    await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);
    const plain = JSON.stringify(ackBody(await command(h, "pacer Acme court:nysd", MEMBER, ACME_CHANNEL)).blocks);
    expect(plain).toContain("Run PACER search ($0.20)");
    expect(plain).not.toContain(":warning:");
  });

  it("a PACER search in a DM by someone with no matter's channel is refused with a sentence", async () => {
    h.slack.addUser({ ...PARTNER_USER, id: "U0NOBODY", team_id: TEAM, name: "nobody" }, []);
    h.slack.addConversation({
      id: "D0NOBODY", name: "", is_im: true, is_private: true, is_archived: false, created: 1_700_000_000, creator: "U0NOBODY",
      topic: "", purpose: "", members: new Set(["U0NOBODY"]),
    });
    const before = pacerCalls().length;
    const card = ackBody(await command(h, "pacer Acme court:nysd", "U0NOBODY", "D0NOBODY"));
    expect(card.text).toContain("costs money, and every fee is billed to a client matter, but this conversation has none");
    expect(pacerCalls()).toHaveLength(before);
  });
});

describe("App Home (issue 14 items 3 and 4)", () => {
  it("shows each matter's budget, and an admin's Export usage sends the month's CSV to their DM", async () => {
    await command(h, "budget set ACME-001 $250 ask-above $0.50", ADMIN, ACME_CHANNEL);
    await h.slack.openAppHome(ADMIN);
    const home = await h.slack.waitFor(() => {
      const v = h.slack.state.homeView(ADMIN);
      return v && textOf(v).includes("Budgets this month") ? v : undefined;
    });
    expect(textOf(home)).toMatch(/\*ACME-001\*\\n\$[\d.]+ of \$250\.00 this month · asks first above \$0\.50/);
    expect(home.private_metadata).toBe(JSON.stringify({ dm: ADMIN_DM }));
    const files = h.slack.state.files().length;
    await h.slack.sendBlockAction({ user: ADMIN, view: home.id, actionId: "home_usage_export:0", value: "ACME-001" });
    const file = await h.slack.waitFor(() => h.slack.state.files().slice(files).find((f) => f.name.startsWith("docketbot-usage-")), { what: "the CSV" });
    expect(file.ims).toEqual([ADMIN_DM]);
    // A member sees the budget but gets no export button.
    await h.slack.openAppHome(MEMBER);
    const memberHome = await h.slack.waitFor(() => {
      const v = h.slack.state.homeView(MEMBER);
      return v && textOf(v).includes("Budgets this month") ? v : undefined;
    });
    expect(textOf(memberHome)).not.toContain("home_usage_export");
    expect(textOf(memberHome)).not.toContain("home_budget_set");
  });

  it("an admin sets a budget from Home: amounts checked on their fields, the matter's channel told", async () => {
    const home = h.slack.state.homeView(ADMIN)!;
    await h.slack.sendBlockAction({ user: ADMIN, view: home.id, actionId: "home_budget_set" });
    await h.slack.waitFor(() => h.slack.state.modals(ADMIN).at(-1)?.view.callback_id === "docket_budget_modal" || undefined, { what: "the budget form" });
    const refused = await h.slack.sendViewSubmission({ user: ADMIN, values: { budget_matter: "ACME-001", budget_cap: "lots", budget_ask_above: "$0.1234" } });
    expect(refused.body).toEqual({
      response_action: "errors",
      errors: {
        budget_cap: '"lots" is not an amount in dollars and cents: write it like $500 or $1,250.50.',
        budget_ask_above: '"$0.1234" is not an amount in dollars and cents: write it like $0.25, or leave it empty.',
      },
    });
    const from = h.slack.state.messages(ACME_CHANNEL).length;
    await h.slack.sendViewSubmission({ user: ADMIN, values: { budget_matter: "ACME-001", budget_cap: "$1,200", budget_ask_above: "" } });
    const told = await h.slack.waitFor(() => h.slack.state.messages(ACME_CHANNEL).slice(from).find((m) => textOf(m).includes("Set by <@U0ADMIN> from Home")));
    expect(told.text).toContain("*ACME-001*'s monthly budget is now $1,200.00");
    expect(await h.store.budgetsOf(["ACME-001"])).toEqual([expect.objectContaining({ monthlyCap: 1200, askAbove: undefined, setBy: ADMIN })]);
  });
});

describe("court fees need a matter and room in its budget (issue 14 items 3 and 5)", () => {
  const liveCalls = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("getdocket") && e.kind !== "docket_cached");

  async function caseViewHere(channel: string) {
    const before = h.slack.state.ephemerals(MEMBER, channel).length;
    await command(h, "case nysd 1:23-cv-01234", MEMBER, channel);
    return h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, channel).slice(before).find((e) => textOf(e).includes("refresh_case")));
  }

  it("Refresh from court in a channel with no matter is refused with a sentence, and nothing is pulled", async () => {
    const view = await caseViewHere(IP_CHANNEL);
    const before = liveCalls().length;
    const n = h.slack.state.ephemerals(MEMBER, IP_CHANNEL).length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "refresh_case", ephemeral: view.message_ts });
    const said = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, IP_CHANNEL).slice(n).find((e) => textOf(e).includes("billed to a client matter")));
    expect(said.text).toBe(
      "Refresh from court costs money, and every fee is billed to a client matter, but this conversation has none. Run it in a channel linked to the matter (`/docket matter` there shows its links), or ask an admin to link this channel.",
    );
    expect(liveCalls()).toHaveLength(before);
  });

  it("Refresh from court past the matter's budget waits for an admin, then pulls once for its requester", async () => {
    await command(h, "budget set ACME-001 $0", ADMIN, ACME_CHANNEL);
    const view = await caseViewHere(ACME_CHANNEL);
    const before = liveCalls().length;
    const n = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "refresh_case", ephemeral: view.message_ts });
    const said = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(n).find((e) => textOf(e).includes("waiting for an admin's approval")));
    expect(said.text).toContain("Refresh from court is waiting for an admin's approval");
    expect(liveCalls()).toHaveLength(before);
    const request = await h.slack.waitFor(() => h.slack.state.messages(ADMIN_DM).find((m) => textOf(m).includes("Approval needed") && textOf(m).includes("refresh from court")));
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: "fee_approve" });
    const fresh = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(n).find((e) => textOf(e).includes("Refreshed from the court")));
    expect(textOf(fresh)).toContain("billed to ACME-001");
    expect(liveCalls()).toHaveLength(before + 1);
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: "fee_approve" }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(liveCalls()).toHaveLength(before + 1);
    await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);
  });
});

describe("the audit trail of budgets and fees (issue 22)", () => {
  // The stand-in's waitFor takes a synchronous predicate: the store is polled here.
  const auditedLast = async (action: string) => {
    for (let i = 0; i < 200 && (await h.store.auditLog(TEAM, { matters: ["ACME-001"] }))[0]?.action !== action; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await h.store.auditLog(TEAM, { matters: ["ACME-001"] }))[0]?.action).toBe(action);
  };

  it("names who set and cleared each budget and who confirmed, cancelled, approved and declined each fee, in /docket audit and its CSV", async () => {
    // Ask-first: the asker cancels one.
    await command(h, "budget set ACME-001 $100 ask-above $0.01", ADMIN, ACME_CHANNEL);
    const root = await askInAcme("Who are the parties?");
    const [card] = await waitForReplies(h, ACME_CHANNEL, root, 1);
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_cancel" });
    await auditedLast("fee_cancelled");
    // Past the cap: an admin declines one.
    await command(h, "budget set ACME-001 $0", ADMIN, ACME_CHANNEL);
    const n = h.slack.state.messages(ADMIN_DM).length;
    await askInAcme("Is there a trial date?");
    const request = await h.slack.waitFor(() => h.slack.state.messages(ADMIN_DM).slice(n).find((m) => textOf(m).includes("Is there a trial date?")));
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: "fee_deny" });
    await auditedLast("fee_declined");
    await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);

    const { text, csv } = await readAudit(h, ACME_CHANNEL);
    expect(text).toContain("<@U0ADMIN> removed *ACME-001*'s budget · *ACME-001* · in <#C0ACME>");
    expect(text).toContain("<@U0ADMIN> set *ACME-001*'s budget to $0 a month · *ACME-001*");
    expect(text).toContain("<@U0ADMIN> set *ACME-001*'s budget to $100 a month (ask above $0.01) · *ACME-001*");
    expect(text).toMatch(/<@U0ADMIN> declined a fee past the budget \(a question to the AI, \$[\d.]+ expected; held action #\d+\) · \*ACME-001\*/);
    expect(text).toMatch(/<@U0MEMBER> cancelled a fee \(a question to the AI, \$[\d.]+ expected; held action #\d+\) · \*ACME-001\*/);
    expect(text).toMatch(/<@U0MEMBER> went ahead with a fee \(a question to the AI/);
    expect(text).toMatch(/<@U0ADMIN> approved a fee past the budget \((a question to the AI|a docket refresh from the court)/);
    for (const action of ["budget_set", "budget_cleared", "fee_confirmed", "fee_cancelled", "fee_approved", "fee_declined"]) {
      expect(csv).toMatch(new RegExp(`"${action}","U0(ADMIN|MEMBER)","ACME-001","C0ACME"`));
    }
    expect(csv).toContain(`"set ACME-001's budget to $100 a month (ask above $0.01)"`);
    // The wall: another matter's channel reads none of it.
    if (!(await h.store.mattersOfChannel({ teamId: TEAM, channelId: IP_CHANNEL })).length) await h.linkMatter(IP_CHANNEL, "IP-007");
    const ip = await readAudit(h, IP_CHANNEL);
    expect(ip.text).not.toContain("ACME-001");
    expect(ip.csv).not.toContain("ACME-001");
  });
});
