/**
 * Get PDF end to end: a stored document goes into the case message's thread without any fee; an
 * uncached one is offered behind a confirm dialog naming the charge and retrieved live only after
 * that second click; a sealed one gets the :lock: sentence. The ledger of the emulated service is
 * the proof of what was charged.
 */
import { feeOf } from "../../../src/features/usage/billable.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmuEntry } from "../../../sandbox/docket-service/corpus/types.ts";
import type { SlackMessage } from "../../../sandbox/slack/types.ts";
import { decodeValue } from "../../../src/slack/blockkit/ids.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { buttonsOf, nextPrivateCaseView, privateCaseViewCount, shareToChannel, textOf } from "./helpers.ts";

let h: BotHarness;
let view: SlackMessage;
let cached: EmuEntry;
let notCached: EmuEntry;
let sealed: EmuEntry;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  // The three newest entries with a document (all on the view's first page): one stored, one not
  // stored, one sealed.
  const kase = h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
  const withDocs = kase.entries.filter((e) => e.document && e.number).slice(-3);
  [cached, notCached, sealed] = withDocs as [EmuEntry, EmuEntry, EmuEntry];
  Object.assign(cached.document!, { cached: true, sealed: false });
  Object.assign(notCached.document!, { cached: false, sealed: false, pages: 45 });
  Object.assign(sealed.document!, { cached: true, sealed: true });
  // `/docket case` shows the view privately; shared to the channel, its documents go in its thread.
  const before = privateCaseViewCount(h, MEMBER, ACME_CHANNEL);
  await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL });
  view = await shareToChannel(h, MEMBER, ACME_CHANNEL, await nextPrivateCaseView(h, MEMBER, ACME_CHANNEL, before));
});
afterAll(async () => {
  await h?.close();
});

function pdfButtonFor(entry: EmuEntry): string {
  const b = buttonsOf(view.blocks).find((x) => String(x.action_id).startsWith("get_pdf:") && decodeValue(x.value)?.entry === entry.number);
  if (!b) throw new Error(`no Get PDF button for #${entry.number}`);
  return String(b.action_id);
}

const uploadsInThread = () => h.slack.state.thread(ACME_CHANNEL, view.ts).filter((m) => (m.files?.length ?? 0) > 0);
const newEphemeral = (count: number) => h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL)[count]);

describe("Get PDF", () => {
  it("uploads a stored document into the case message's thread, with no fee", async () => {
    h.docket.ledger.clear();
    const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: pdfButtonFor(cached), channel: ACME_CHANNEL, message: view.ts });
    expect(click.ackMs).toBeLessThan(3000);
    const progress = await newEphemeral(ephemerals);
    expect(JSON.stringify(progress.blocks)).toContain(`:page_facing_up: Fetching document #${cached.number} of 1:23-cv-01234 in S.D.N.Y.`);
    expectValidMessage(progress);

    const upload = await h.slack.waitFor(() => uploadsInThread()[0]);
    expect(upload.thread_ts).toBe(view.ts);
    expect(upload.text).toContain(`*#${cached.number}*`);
    expect(upload.text).toContain("Acme Widgets, Inc. v. Globex Corporation");
    const file = upload.files![0]!;
    expect(file.mimetype).toBe("application/pdf");
    expect(file.size).toBeGreaterThan(100);
    // Named as a clerk files it: `YYYY-MM-DD Dkt N <what it is>.pdf`, not the service's `N.pdf`.
    expect(file.name).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} Dkt ${cached.number} \\S.*\\.pdf$`));
    const complete = h.slack.callsTo("files.completeUploadExternal").at(-1)!;
    expect(complete.params).toMatchObject({ channel_id: ACME_CHANNEL, thread_ts: view.ts });

    const docs = h.docket.ledger.filter({ endpoint: "getdocument" });
    expect(docs.map((d) => [d.kind, d.client_matter])).toEqual([["document_cached", "ACME-001"]]);
    expect(h.docket.ledger.total()).toBe(0);
  });

  it("offers an uncached document from the court behind a confirm dialog naming the charge; nothing is charged until then", async () => {
    h.docket.ledger.clear();
    const uploads = uploadsInThread().length;
    const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: pdfButtonFor(notCached), channel: ACME_CHANNEL, message: view.ts });
    const offer = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).find((e) => e.text.includes("no stored copy")));
    expectValidMessage(offer);
    expect(offer.text).toBe(`The docket service has no stored copy of document #${notCached.number} yet. Getting it from the court may cost a fee.`);
    const live = buttonsOf(offer.blocks).find((b) => b.action_id === "get_pdf_live")!;
    const confirm = live.confirm as { text: { text: string } };
    expect(confirm.text.text).toBe(
      `Getting document #${notCached.number} from the court may incur court fees (PACER: $0.10 a page, up to $3.00 a document), charged to matter ACME-001. Continue?`,
    );
    expect(decodeValue(live.value)).toEqual({ court: FLAGSHIP.court, docket: FLAGSHIP.docket, entry: notCached.number, doc: expect.stringMatching(new RegExp(`/docs/${notCached.document!.name}\\.pdf$`)), thread: view.ts });
    // Asking for the stored copy cost nothing, and nothing was retrieved live.
    expect(h.docket.ledger.filter({ kind: "document_live" })).toEqual([]);
    expect(h.docket.ledger.total()).toBe(0);
    expect(uploadsInThread().length).toBe(uploads);

    // The user confirms: retrieved live, uploaded into the thread, the offer replaced by the outcome.
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: offer.message_ts });
    expect(click.ackMs).toBeLessThan(3000);
    const done = await h.slack.waitFor(() => {
      const e = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts);
      return e?.text.includes("is in the case's thread") ? e : undefined;
    });
    // Issue 25 item 7: the receipt states the amount as /docket usage counts it (pages at the tariff).
    expect(done.text).toMatch(new RegExp(`^Document #${notCached.number} is in the case's thread\\. Court fee: about \\$\\d+\\.\\d\\d \\(\\d+ pages? at PACER's \\$0\\.10 a page, up to \\$3\\.00\\), billed to ACME-001\\.$`));
    const [, amount, pages] = /about \$(\d+\.\d\d) \((\d+) pages?/.exec(done.text)!;
    expect(Number(amount)).toBe(Math.min(Number(pages) * 0.1, 3)); // as matters/billable.ts prices it for /docket usage
    expectValidMessage(done);
    expect(uploadsInThread().length).toBe(uploads + 1);
    const charged = h.docket.ledger.filter({ kind: "document_live" });
    expect(charged.map((c) => c.client_matter)).toEqual(["ACME-001"]);
    expect(charged[0]!.fee).toBe(3); // 45 pages at $0.10, capped at $3.00
    // docketbot's own ledger counted the PDF's pages, so usage estimates the same fee (issue 14 item 4).
    const rows = await h.store.usageEntries({ matters: ["ACME-001"], start: 0, end: Number.MAX_SAFE_INTEGER, limit: 1000 });
    const row = rows.filter((r) => r.feeKind === "live_document").at(-1)!;
    expect(row.pages).toBe(45);
    expect(feeOf(row)).toEqual({ kind: "court", amount: 3, basis: "estimate" });
  });

  it("says a sealed document is sealed, and uploads nothing", async () => {
    const uploads = uploadsInThread().length;
    const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: pdfButtonFor(sealed), channel: ACME_CHANNEL, message: view.ts });
    const lock = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).find((e) => e.text.startsWith(":lock:")));
    expect(lock.text).toBe(":lock: This document is sealed by the court, so it can't be downloaded.");
    expect(uploadsInThread().length).toBe(uploads);
    // What the user reads (texts and blocks' words), not the message ids and timestamps, which are
    // random enough to contain "403" now and then.
    const read = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).map((e) => `${e.text}\n${JSON.stringify(e.blocks ?? []).replace(/"(?:block_id|message_ts|ts|action_id|value)":"[^"]*"/g, "")}`).join("\n");
    expect(read).not.toMatch(/login_token|\b403\b|stack/i);
  });

  it("refuses a Get PDF value naming a link that is not in the docket", async () => {
    h.docket.ledger.clear();
    const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    const value = JSON.stringify({ c: FLAGSHIP.court, d: FLAGSHIP.docket, u: "https://evil.example/steal.pdf" });
    await h.slack.sendBlockAction({ user: MEMBER, actionId: pdfButtonFor(cached), channel: ACME_CHANNEL, message: view.ts, value });
    const said = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).find((e) => e.text.includes("couldn't find that document")));
    expect(textOf(said)).not.toContain("evil.example");
    expect(h.docket.ledger.filter({ endpoint: "getdocument" })).toEqual([]);
  });

  it("where the docket repeats a number, Get PDF delivers the document of the entry clicked, not the first of that number", async () => {
    const kase = h.docket.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
    const [first, second] = kase.entries.filter((e) => e.document && e.number).slice(-6, -4) as [EmuEntry, EmuEntry];
    const secondDoc = `/docs/${second.document!.name}.pdf`;
    const own = second.number;
    Object.assign(first.document!, { cached: true, sealed: false });
    Object.assign(second.document!, { cached: true, sealed: false });
    second.number = first.number;
    try {
      const before = privateCaseViewCount(h, MEMBER, ACME_CHANNEL);
      await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL });
      const fresh = await shareToChannel(h, MEMBER, ACME_CHANNEL, await nextPrivateCaseView(h, MEMBER, ACME_CHANNEL, before));
      const twins = buttonsOf(fresh.blocks).filter((x) => String(x.action_id).startsWith("get_pdf:") && decodeValue(x.value)?.entry === first.number);
      expect(twins).toHaveLength(2);
      const clicked = twins.find((x) => decodeValue(x.value)?.doc?.endsWith(secondDoc))!;
      expect(clicked).toBeDefined();
      const uploads = () => h.slack.state.thread(ACME_CHANNEL, fresh.ts).filter((m) => (m.files?.length ?? 0) > 0);
      await h.slack.sendBlockAction({ user: MEMBER, actionId: String(clicked.action_id), channel: ACME_CHANNEL, message: fresh.ts });
      const upload = await h.slack.waitFor(() => uploads()[0]);
      // The upload's comment quotes the entry it came from: the one clicked.
      const words = (e: EmuEntry) => e.contents.replace(/<[^>]*>/g, "").trim().slice(0, 25);
      expect(words(first)).not.toBe(words(second));
      expect(upload.text).toContain(`*#${first.number}*`);
      expect(upload.text).toContain(words(second));
      expect(upload.text).not.toContain(words(first));
    } finally {
      second.number = own;
    }
  });

  /** A fresh "no stored copy" offer for `entry` (its document made uncached again). */
  async function offerFor(entry: EmuEntry, user = MEMBER) {
    Object.assign(entry.document!, { cached: false, sealed: false });
    const ephemerals = h.slack.state.ephemerals(user, ACME_CHANNEL).length;
    await h.slack.sendBlockAction({ user, actionId: pdfButtonFor(entry), channel: ACME_CHANNEL, message: view.ts });
    return h.slack.waitFor(() => h.slack.state.ephemerals(user, ACME_CHANNEL).slice(ephemerals).find((e) => e.text.includes("no stored copy")));
  }

  it("the same \"Get it\" delivered five times at once retrieves and charges once; the other clicks are told it is already running", async () => {
    h.docket.ledger.clear();
    // docketbot's own ledger, what /docket usage and the budget count (the emulator charges a
    // document once and serves it stored after, so its ledger alone would not show a second charge).
    const live = async () => (await h.store.usageEntries({ matters: ["ACME-001"], start: 0, end: Number.MAX_SAFE_INTEGER, limit: 1000 })).filter((r) => r.feeKind === "live_document").length;
    const liveBefore = await live();
    const offer = await offerFor(notCached);
    const uploads = uploadsInThread().length;
    const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    // The court is slow: every click arrives while the first retrieval is still under way.
    h.docket.faults.delayNext("getdocument", 300, 5);
    await Promise.all(Array.from({ length: 5 }, () => h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: offer.message_ts })));
    await h.slack.waitFor(() => (h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts)?.text.includes("is in the case's thread") ? true : undefined));
    await h.slack.waitFor(() => (h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).filter((e) => e.text.includes("already running")).length >= 4 ? true : undefined)).catch(() => undefined);
    // Charged once: the proof (both ledgers), before what the other clicks were told.
    expect(h.docket.ledger.filter({ kind: "document_live" })).toHaveLength(1);
    expect(await live()).toBe(liveBefore + 1);
    const notes = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).filter((e) => e.text.includes("already running"));
    expect(notes.length).toBe(4);
    expect(notes[0]!.text).toBe("Getting a document from the court is already running; nothing more has been charged.");
    expectValidMessage(notes[0]!);
    expect(h.docket.ledger.filter({ kind: "document_live" })).toHaveLength(1);
    expect(uploadsInThread().length).toBe(uploads + 1);
    // Done, the key is free again: asked once more later, it is retrieved (and charged) again.
    const again = await offerFor(notCached);
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: again.message_ts });
    await h.slack.waitFor(() => (h.docket.ledger.filter({ kind: "document_live" }).length === 2 ? true : undefined), { what: "the second retrieval" });
  });

  it("a court fee is held at its most: with $2.00 left under the cap, a live document waits for an admin, whose DM says up to $3.00", async () => {
    h.docket.ledger.clear();
    // What the matter has spent so far (the tests above), as the budget counts it; the cap $2.00 above it.
    const rows = await h.store.usageEntries({ matters: ["ACME-001"], start: 0, end: Number.MAX_SAFE_INTEGER, limit: 1000 });
    const spent = rows.reduce((n, r) => n + feeOf(r).amount, 0);
    await h.slack.sendCommand({ text: `budget set ACME-001 $${(spent + 2).toFixed(2)}`, user: ADMIN, channel: ACME_CHANNEL });
    try {
      const offer = await offerFor(notCached);
      const dm = h.slack.state.messages("D0ANN").length;
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: offer.message_ts });
      const card = () => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts)?.text ?? "";
      await h.slack.waitFor(() => (card().includes("is waiting for an admin's approval") ? true : undefined), { what: "the waiting card" });
      const held = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts)!;
      expect(textOf(held)).toContain("this would cost up to $3.00");
      expect(textOf(held)).not.toContain("$0.00");
      const request = await h.slack.waitFor(() => h.slack.state.messages("D0ANN").slice(dm).find((m) => m.text.includes("Approval needed")));
      expect(textOf(request)).toContain("getting a document from the court, up to $3.00, billed to *ACME-001*");
      expect(textOf(request)).toContain(`has spent $${spent.toFixed(2)} of its $${(spent + 2).toFixed(2)} budget`);
      expect(buttonsOf(request.blocks).map((b) => (b.text as { text: string }).text)).toContain("Approve (≤ $3.00)");
      expectValidMessage(request);
      expect(h.docket.ledger.filter({ kind: "document_live" })).toEqual([]);
      await h.slack.sendBlockAction({ user: ADMIN, channel: "D0ANN", message: request.ts, actionId: "fee_deny" });
    } finally {
      await h.slack.sendCommand({ text: "budget clear ACME-001", user: ADMIN, channel: ACME_CHANNEL });
    }
  });

  it("in a channel linked to two matters, a live document asks which of the channel's matters pays, and bills the one picked", async () => {
    h.docket.ledger.clear();
    await h.linkMatter(ACME_CHANNEL, "ACME-002");
    try {
      const offer = await offerFor(notCached);
      // The dialog names no matter: none is assumed, the next card asks.
      const dialog = (buttonsOf(offer.blocks).find((b) => b.action_id === "get_pdf_live")!.confirm as { text: { text: string } }).text.text;
      expect(dialog).toContain("This channel is linked to several matters: you pick which one pays next");
      expect(dialog).not.toContain("ACME-001");
      const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: offer.message_ts });
      const pick = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts && x.text.includes("needs a client matter")));
      expect(ephemerals).toBeGreaterThan(0);
      expect(textOf(pick)).toContain("This channel is linked to more than one; none is assumed.");
      const choices = buttonsOf(pick.blocks).filter((b) => String(b.action_id).startsWith("fee_matter:"));
      expect(choices.map((b) => (b.text as { text: string }).text)).toEqual(["Bill ACME-001 · Run (≤ $3.00)", "Bill ACME-002 · Run (≤ $3.00)"]);
      expect(h.docket.ledger.filter({ kind: "document_live" })).toEqual([]);
      await h.slack.sendBlockAction({ user: MEMBER, actionId: String(choices[1]!.action_id), ephemeral: pick.message_ts, value: String(choices[1]!.value) });
      await h.slack.waitFor(() => (h.docket.ledger.filter({ kind: "document_live" }).length === 1 ? true : undefined), { what: "the retrieval billed to the matter picked" });
      expect(h.docket.ledger.filter({ kind: "document_live" }).map((c) => c.client_matter)).toEqual(["ACME-002"]);
    } finally {
      await h.store.unlinkMatter({ teamId: "T0DOCKET", channelId: ACME_CHANNEL, clientMatter: "ACME-002", unlinkedBy: ADMIN });
    }
  });

  it("past the matter's budget, the offer becomes the card waiting for an admin, and the admin's decline replaces it", async () => {
    Object.assign(notCached.document!, { cached: false, sealed: false });
    await h.slack.sendCommand({ text: "budget set ACME-001 $0", user: ADMIN, channel: ACME_CHANNEL });
    try {
      const live = h.docket.ledger.filter({ kind: "document_live" }).length;
      const ephemerals = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
      await h.slack.sendBlockAction({ user: MEMBER, actionId: pdfButtonFor(notCached), channel: ACME_CHANNEL, message: view.ts });
      const offer = await h.slack.waitFor(() => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).slice(ephemerals).find((e) => e.text.includes("no stored copy")));
      const dm = h.slack.state.messages("D0ANN").length;
      await h.slack.sendBlockAction({ user: MEMBER, actionId: "get_pdf_live", ephemeral: offer.message_ts });
      const card = () => h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((x) => x.message_ts === offer.message_ts)?.text ?? "";
      await h.slack.waitFor(() => (card().includes("is waiting for an admin's approval") ? true : undefined), { what: "the waiting card in place of the offer" });
      const request = await h.slack.waitFor(() => h.slack.state.messages("D0ANN").slice(dm).find((m) => m.text.includes("Approval needed")));
      await h.slack.sendBlockAction({ user: ADMIN, channel: "D0ANN", message: request.ts, actionId: "fee_deny" });
      await h.slack.waitFor(() => (card().includes("declined") ? true : undefined), { what: "the card's outcome" });
      expect(card()).toBe(":no_entry_sign: Getting a document from the court was declined by <@U0ADMIN>; nothing was charged.");
      expect(h.docket.ledger.filter({ kind: "document_live" })).toHaveLength(live);
    } finally {
      await h.slack.sendCommand({ text: "budget clear ACME-001", user: ADMIN, channel: ACME_CHANNEL });
    }
  });
});
