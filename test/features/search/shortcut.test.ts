/**
 * The `docket_search` global shortcut end to end: the modal opens, Search acknowledges at once and
 * fills the same modal with results, pages inside it, and View shows the case where the user chose
 * (a channel they are in, under its matter) or in their DM, never under a channel they are not in.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Block, SlackView } from "../../../sandbox/slack/types.ts";
import { expectValidMessage, expectValidView } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => h?.close());
beforeEach(() => h.docket.ledger.clear());

/** Every view the bot sent (views.open / update / push, and response_action views), checked as Slack would. */
let checkedCalls = 0;
let checkedDeliveries = 0;
afterEach(() => {
  const calls = h.slack.calls.slice(checkedCalls).filter((c) => c.method.startsWith("views."));
  const acks = h.slack.deliveries.slice(checkedDeliveries).filter((d) => d.kind === "view_submission");
  checkedCalls = h.slack.calls.length;
  checkedDeliveries = h.slack.deliveries.length;
  const views = [
    ...calls.map((c) => c.params.view),
    ...acks.map((d) => (d.body as { view?: unknown }).view).filter((v) => v !== undefined),
  ];
  expect(views.length).toBeGreaterThan(0);
  for (const v of views) expectValidView(v as Record<string, unknown>);
  for (const c of calls) expect(c.ok, `${c.method}: ${c.error}`).toBe(true);
});

type Button = { action_id: string; value?: string };
const buttons = (blocks: Block[]): Button[] =>
  blocks.flatMap((b) => (b.type === "actions" ? (b.elements as Button[]) : b.accessory ? [b.accessory as Button] : []));
const json = (v: unknown) => JSON.stringify(v);

/** The user's modal stack, bottom first. */
function modals(user: string): SlackView[] {
  return h.slack.state.modals(user).map((m) => m.view);
}

/** The modal with this id, as the user sees it now. */
function viewById(user: string, id: string): SlackView {
  const found = modals(user).find((v) => v.id === id);
  if (!found) throw new Error(`${user} has no open view ${id}`);
  return found;
}

async function openAndSearch(user: string, values: Record<string, string>): Promise<SlackView> {
  const shortcut = await h.slack.sendGlobalShortcut({ callbackId: "docket_search", user });
  expect(shortcut.lateAck).toBe(false);
  const opens = h.slack.callsTo("views.open").length;
  await h.slack.waitFor(() => h.slack.callsTo("views.open").length > opens, { what: "the search modal" });
  const form = viewById(user, (h.slack.callsTo("views.open").at(-1)!.response as { view: { id: string } }).view.id);
  expect(form.callback_id).toBe("docket_search_modal");
  const updates = h.slack.callsTo("views.update").length;
  const submit = await h.slack.sendViewSubmission({ user, view: form.id, values });
  expect(submit.status).toBe(200);
  expect(submit.ackMs).toBeLessThan(3_000);
  await h.slack.waitFor(() => h.slack.callsTo("views.update").length > updates, { what: "the results" });
  return viewById(user, form.id);
}

describe("the Search dockets shortcut", () => {
  it("opens a valid modal with a query, an optional court and where to show cases", async () => {
    await h.slack.sendGlobalShortcut({ callbackId: "docket_search", user: MEMBER });
    await h.slack.waitFor(() => h.slack.state.modals(MEMBER).length === 1);
    const view = modals(MEMBER)[0]!;
    const inputs = view.blocks.filter((b) => b.type === "input").map((b) => b.block_id);
    expect(inputs).toEqual(["search_query", "search_court", "search_destination"]);
    expect(json(view.blocks)).toContain("conversations_select");
    // An empty query is refused in the modal itself.
    const submit = await h.slack.sendViewSubmission({ user: MEMBER, values: { search_query: "  " } });
    expect(h.slack.state.modals(MEMBER)[0]?.errors).toEqual({ search_query: expect.stringMatching(/Type something/) });
    expect(submit.lateAck).toBe(false);
    expect(h.docket.ledger.count({ endpoint: "search" })).toBe(0);
    await h.slack.sendViewSubmission({ user: MEMBER, values: { search_query: "zzqx nothingmatchesthis" } });
    await h.slack.waitFor(() => json(h.slack.state.modals(MEMBER)[0]?.view.blocks).includes("No cases match"));
    modals(MEMBER);
  });

  it("searches with the court filter and shows results with View buttons in the same modal", async () => {
    const view = await openAndSearch(ADMIN, { search_query: "acme", search_court: "nysd", search_destination: ACME_CHANNEL });
    expect(json(view.blocks)).toContain("Acme Widgets, Inc. v. Globex Corporation");
    // The court filter narrowed the search to S.D.N.Y.
    expect(json(view.blocks)).not.toContain("N.D. Cal.");
    expect(buttons(view.blocks).some((b) => b.action_id.startsWith("view_case:"))).toBe(true);
    // The form stays filled in, so the user can refine and search again.
    expect(json(view.blocks)).toContain('"initial_value":"acme"');
    expect(h.docket.ledger.filter({ endpoint: "search" })).toEqual([expect.objectContaining({ client_matter: "", fee: 0 })]);
  });

  it("shows the case in the picked channel, only to the user and under that channel's matter", async () => {
    const view = await openAndSearch(ADMIN, { search_query: "acme widgets globex", search_destination: ACME_CHANNEL });
    const viewButton = buttons(view.blocks).find((b) => b.value?.includes("1:23-cv-01234"))!;
    const before = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).length;
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: viewButton.action_id, view: view.id });
    expect(click.lateAck).toBe(false);
    await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).length > before, { what: "the case view" });
    const caseView = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1)!;
    expectValidMessage(caseView);
    expect(caseView.text).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(json(caseView.blocks)).toContain("matter ACME-001");
    expect(json(caseView.blocks)).toContain("share_to_channel");
    expect(h.slack.state.messages(ACME_CHANNEL)).toHaveLength(0);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" })).toEqual([expect.objectContaining({ client_matter: "ACME-001", fee: 0 })]);
    // A small modal on top says where it went; closing it returns to the results.
    await h.slack.waitFor(() => json(h.slack.state.modals(ADMIN).at(-1)?.view.blocks).includes("Sent "));
    const stack = modals(ADMIN);
    expect(stack.at(-2)?.id).toBe(view.id);
    expect(json(stack.at(-1)!.blocks)).toContain(`<#${ACME_CHANNEL}>`);
  });

  it("never lends the matter of a channel the user is not in: the case goes to their DM instead", async () => {
    const view = await openAndSearch(MEMBER, { search_query: "acme widgets globex", search_destination: IP_CHANNEL });
    const viewButton = buttons(view.blocks).find((b) => b.value?.includes("1:23-cv-01234"))!;
    const dm = h.slack.state.channels().find((c) => c.is_im && c.user === MEMBER)!.id;
    const before = h.slack.state.messages(dm).length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: viewButton.action_id, view: view.id });
    await h.slack.waitFor(() => h.slack.state.messages(dm).length > before, { what: "the DM" });
    const posted = h.slack.state.messages(dm).at(-1)!;
    expectValidMessage(posted);
    expect(posted.text).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(json(posted)).not.toContain("IP-007");
    expect(h.slack.state.ephemerals(MEMBER, IP_CHANNEL)).toHaveLength(0);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" })).toEqual([expect.objectContaining({ client_matter: "" })]);
    await h.slack.waitFor(() => json(h.slack.state.modals(MEMBER).at(-1)?.view.blocks).includes("not a member"));
  });

  it("pages inside the modal", async () => {
    const view = await openAndSearch(ADMIN, { search_query: "patent" });
    expect(json(view.blocks)).toContain("Results 1–10 of 70");
    const more = buttons(view.blocks).find((b) => b.action_id === "search_page:next")!;
    const updates = h.slack.callsTo("views.update").length;
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: more.action_id, view: view.id });
    expect(click.lateAck).toBe(false);
    await h.slack.waitFor(() => h.slack.callsTo("views.update").length >= updates + 2, { what: "working state, then page 2" });
    const page2 = viewById(ADMIN, view.id);
    expect(json(page2.blocks)).toContain("Results 11–20 of 70");
    expect(buttons(page2.blocks).map((b) => b.action_id)).toEqual(expect.arrayContaining(["view_case:10", "search_page:prev"]));
  });

  it("acknowledges the submission within 3 seconds while the service hangs", async () => {
    h.docket.faults.delayNext("search", 3_100);
    const view = await openAndSearch(MEMBER, { search_query: "acme" });
    expect(json(view.blocks)).toMatch(/\*\d+ cases?\* match/);
    const submission = h.slack.deliveries.filter((d) => d.kind === "view_submission").at(-1)!;
    expect(submission.ackMs).toBeLessThan(3_000);
    expect(json(submission.body)).toContain("Searching…");
  });
});
