/**
 * What the requester sees when a fee-incurring action does not run at once (issue 14 items 2, 3
 * and 5), in the place they asked: a thread, an ephemeral card. Always says whether anything was
 * charged (nothing was) and what happens next. Pure.
 */
import { actions, button, context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { money } from "../../../slack/blockkit/format.ts";
import { ACTION } from "../../../slack/blockkit/ids.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { priceTag, priceWords } from "./price-words.ts";
import { whatInSentence } from "./what-in-sentence.ts";

export interface HoldModel {
  actionId: number;
  clientMatter: string;
  /** "This question", "This PACER search". */
  what: string;
  expected: number;
  /** `expected` is the most it can cost (a court fee): said "up to", never "about". */
  ceiling?: boolean | undefined;
}

/** Above the matter's ask-first price: the requester confirms (item 2). */
export function renderConfirmFee(m: HoldModel & { askAbove: number; requestedBy: string }): MessagePayload {
  const text =
    `${m.what} is expected to cost ${priceWords(m)}, more than the ${money(m.askAbove)} ` +
    `${matterName(m.clientMatter)} asks about first. Nothing has been charged yet.`;
  return {
    text: `${m.what} is expected to cost ${priceWords(m)}: confirm to go ahead.`,
    blocks: [
      section(`:moneybag: ${text}`),
      actions([
        button({ text: `Go ahead (${priceTag(m)})`, actionId: ACTION.feeConfirm, value: String(m.actionId), style: "primary" }),
        button({ text: "Cancel", actionId: ACTION.feeCancel, value: String(m.actionId) }),
      ]),
      context(`Only ${mention(m.requestedBy)} can confirm. Billed to ${matterName(m.clientMatter)}.`),
    ],
  };
}

/** Past the matter's monthly budget: waiting for an admin (item 3). */
export function renderAwaitingApproval(m: HoldModel & { spent: number; cap: number; admins: readonly string[]; summary?: string | undefined }): MessagePayload {
  // Which one (two questions held in one thread read alike without it).
  const which = m.summary ? ` (${toMrkdwnLine(m.summary, 120)})` : "";
  const who = m.admins.length > 0 ? `I've asked ${m.admins.slice(0, 3).map(mention).join(", ")}${m.admins.length > 3 ? " and the other admins" : ""}` : "No docketbot admin is configured to approve it, so ask whoever runs docketbot";
  const text =
    `:hourglass_flowing_sand: ${m.what}${which} is waiting for an admin's approval: ${matterName(m.clientMatter)} has spent ${money(m.spent)} ` +
    `of its ${money(m.cap)} budget this month, and this would cost ${priceWords(m)}. ${who}; it runs here once one approves. Nothing has been charged.`;
  return { text: `${m.what} is waiting for an admin's approval: the matter is at its monthly budget.`, blocks: [section(text)] };
}

/** Matter buttons a card offers (an actions block holds 25; a person is on a few matters). */
export const MATTER_CHOICES_MAX = 10;

/** The value of a matter button: the held action and the matter, checked again at the click. */
export const matterChoiceValue = (actionId: number, clientMatter: string) => JSON.stringify({ a: actionId, m: clientMatter });

/**
 * Asked where no matter is linked (the app DM): which of the requester's matters pays (item 5).
 * Each button carries the price expected, as the PACER picker's do (`Bill ACME-001 · Run ($0.20)`;
 * message-style.md, Money and consent: what, how much, who pays), `~` as it is an estimate and
 * `≤` for a court fee's most (price-words.ts); an unknown price (0) is not shown as free.
 */
export function renderChooseMatter(m: {
  actionId: number; what: string; matters: readonly string[]; requestedBy: string; expected?: number | undefined; ceiling?: boolean | undefined;
  /** Where the matters come from: the channel's own (a channel of several matters), else the requester's channels'. */
  from?: "channel" | "yours" | undefined;
}): MessagePayload {
  const shown = m.matters.slice(0, MATTER_CHOICES_MAX);
  const known = m.expected !== undefined && m.expected > 0 ? { expected: m.expected, ceiling: m.ceiling } : undefined;
  const price = known ? priceTag(known) : undefined;
  const cost = known ? `${m.what} is expected to cost ${priceWords(known)}` : `${m.what} costs money`;
  const whose = m.from === "channel" ? "This channel is linked to more than one; none is assumed." : "These are the matters of the channels you're in.";
  const text = `${cost}, and every fee is billed to a client matter. Which matter is it for? ${whose}`;
  return {
    text: `${m.what} needs a client matter to bill${known ? ` (${priceWords(known)})` : ""}: pick one.`,
    blocks: [
      section(`:briefcase: ${text}`),
      actions([
        ...shown.map((matter, i) => button({
          text: price ? `Bill ${toPlainText(matter, 40)} · Run (${price})` : `Bill ${toPlainText(matter, 40)}`,
          actionId: `${ACTION.feeMatter}:${i}`, value: matterChoiceValue(m.actionId, matter),
        })),
        button({ text: "Cancel", actionId: ACTION.feeCancel, value: String(m.actionId) }),
      ]),
      context(`Only ${mention(m.requestedBy)} can pick. Nothing has been charged yet.`),
    ],
  };
}

/** The same action for the same matter is under way (a second click, or the same click delivered twice). */
export function renderAlreadyRunning(m: { what: string; clientMatter: string }): MessagePayload {
  const text = `:hourglass_flowing_sand: ${m.what} is already running for ${matterName(m.clientMatter)}: its result arrives where it was first asked for. Nothing more has been charged.`;
  return { text: `${m.what} is already running; nothing more has been charged.`, blocks: [section(text)] };
}

/** No matter to bill (item 5): where the action could run instead. */
export function renderNeedsMatter(m: { what: string }): MessagePayload {
  const text =
    `${m.what} costs money, and every fee is billed to a client matter, but this conversation has none. ` +
    "Run it in a channel linked to the matter (`/docket matter` there shows its links), or ask an admin to link this channel.";
  return { text, blocks: [section(text)] };
}

/** A click on a held action that is no longer waiting (someone else decided, or it was cancelled). */
export function feeActionGoneText(status: string, by?: string): string {
  const who = by ? ` by ${mention(by)}` : "";
  switch (status) {
    case "running":
    case "ran":
      return `That was already approved${who}; it ran once.`;
    case "denied":
      return `That was declined${who}; nothing was charged.`;
    case "cancelled":
      return "That was cancelled; nothing was charged.";
    case "expired":
      return "That request expired before anyone cleared it; nothing was charged. Ask again if it's still needed.";
    default:
      return "That request is no longer waiting.";
  }
}

/** The requester's note when an admin declines. */
export function renderDeclined(m: { what: string; clientMatter: string; by: string; summary: string }): MessagePayload {
  const text = `${mention(m.by)} declined ${whatInSentence(m.what)} (${toMrkdwnLine(m.summary, 200)}) billed to ${matterName(m.clientMatter)}: it is past its monthly budget. Nothing was charged.`;
  return { text, blocks: [section(text)] };
}

/**
 * Its requester's and the admins' note when a held action expires (held-expiry.ts): a week at
 * most, never past the end of the month it was asked in, so no approval spends a later month.
 */
export function renderFeeExpired(m: { what: string; clientMatter: string; summary: string; requestedBy: string }): MessagePayload {
  const matter = m.clientMatter === "" ? "" : ` for ${matterName(m.clientMatter)}`;
  const text = `${m.what} (${toMrkdwnLine(m.summary, 200)})${matter}, asked by ${mention(m.requestedBy)}, expired before anyone cleared it: it never ran and nothing was charged. ` +
    "A fee waits a week at most, and never past the end of the month it was asked in; ask again if it's still needed.";
  return { text, blocks: [section(text)] };
}

/** What became of a held action: approved (and it ran, or failed), declined, or expired unclaimed. */
export type HeldOutcome = { kind: "ran" | "failed" | "declined"; by: string } | { kind: "expired" };

/**
 * The sentence that replaces its requester's card (fee-card.ts) once a held action is decided or
 * expires, so the card never still says it is waiting. `what` is ours ("This question"), bounded anyway.
 */
export function renderHeldOutcome(m: { what: string } & HeldOutcome): MessagePayload {
  const what = toMrkdwnLine(m.what, 80);
  const text =
    m.kind === "ran" ? `:white_check_mark: ${what} was approved by ${mention(m.by)} — it ran.`
    : m.kind === "failed" ? `:warning: ${what} was approved by ${mention(m.by)}, but it failed when it ran.`
    : m.kind === "declined" ? `:no_entry_sign: ${what} was declined by ${mention(m.by)}; nothing was charged.`
    : `:hourglass: ${what} expired before anyone cleared it; nothing was charged. Ask again if it's still needed.`;
  return { text, blocks: [section(text)] };
}
