/**
 * Every party with its counsel, in a modal (the case view's "All N parties" button; message-style.md,
 * Case view 4: "more behind a button"). Long party lists are paged inside the modal with
 * Previous / Next buttons, so any docket fits Slack's 100 blocks per view.
 */
import type { Counsel, Party } from "../../../docket/schemas/index.ts";
import { actions, button, context, divider, plainText, section, type Block, type ModalView } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import type { CaseViewModel } from "./case-model.ts";
import { courtLongName } from "../../../court/labels.ts";
import { count } from "../../../slack/blockkit/format.ts";
import { ACTION, CALLBACK, actionId, encodeValue } from "../../../slack/blockkit/ids.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";

export const PARTIES_PER_PAGE = 20;
/** Counsel listed under one party; the rest are counted. */
export const COUNSEL_SHOWN = 12;


function modal(blocks: Block[]): ModalView {
  return {
    type: "modal",
    callback_id: CALLBACK.partiesModal,
    title: plainText("Parties", SLACK_LIMITS.viewTitle),
    close: plainText("Close", SLACK_LIMITS.viewButton),
    blocks,
  };
}

/** `• Catherine Holloway (lead) — Hargrove & Lindqvist LLP · c.h@firm.example · (212) 555-0142` */
export function counselLine(c: Counsel): string {
  const name = toMrkdwnLine(c.name, 80) || "(unnamed)";
  if (c.prose) return `• ${name} (pro se)`;
  const details = [c.firm, c.email, c.phone].map((v) => (v === undefined ? "" : toMrkdwnLine(v, 100))).filter((v) => v !== "");
  return `• ${name}${c.lead ? " (lead)" : ""}${details.length > 0 ? ` — ${details.join(" · ")}` : ""}`;
}

/** One party's section text: role and name, then its counsel. */
export function partyText(p: Party): string {
  const role = toMrkdwnLine(p.type ?? "", 40) || "Party";
  const lines = [`*${role}:* ${toMrkdwnLine(p.name, 150) || "(unnamed)"}`];
  if (p.counsel.length === 0) lines.push("_No counsel listed_");
  lines.push(...p.counsel.slice(0, COUNSEL_SHOWN).map(counselLine));
  const more = p.counsel.length - COUNSEL_SHOWN;
  if (more > 0) lines.push(`_+${count(more)} more counsel_`);
  return lines.join("\n");
}

/** How many pages the parties modal has (at least 1). */
export function partiesPageCount(parties: readonly Party[]): number {
  return Math.max(1, Math.ceil(parties.length / PARTIES_PER_PAGE));
}

/** One page of the parties modal; out-of-range pages show the nearest one. */
export function renderPartiesModal(model: CaseViewModel, opts: { siteUrl: string; page?: number }): ModalView {
  const pages = partiesPageCount(model.parties);
  const page = Math.min(Math.max(Number.isInteger(opts.page) ? opts.page! : 0, 0), pages - 1);
  const from = page * PARTIES_PER_PAGE;
  const shown = model.parties.slice(from, from + PARTIES_PER_PAGE);
  const identity = caseIdentity({ title: model.info.title, court: model.court, docket: model.docket }, { siteUrl: opts.siteUrl, maxTitle: 100 });
  const total = model.parties.length;
  const range = total === 0 ? "No parties listed." : pages > 1 ? `Parties ${count(from + 1)}–${count(from + shown.length)} of ${count(total)}` : `${count(total)} ${total === 1 ? "party" : "parties"}`;
  const blocks: Block[] = [section(identity), context(range), divider(), ...shown.map((p) => section(partyText(p)))];
  const value = (p: number) => {
    try {
      return encodeValue({ court: courtLongName(model.court), docket: model.docket, page: p });
    } catch {
      return undefined;
    }
  };
  const prev = page > 0 ? value(page - 1) : undefined;
  const next = page + 1 < pages ? value(page + 1) : undefined;
  const nav = [
    ...(prev ? [button({ text: "Previous parties", actionId: actionId(ACTION.moreParties, "prev"), value: prev })] : []),
    ...(next ? [button({ text: "Next parties", actionId: actionId(ACTION.moreParties, "next"), value: next })] : []),
  ];
  if (nav.length > 0) blocks.push(actions(nav));
  return modal(blocks);
}

/** A modal holding one line: "working" while the docket loads, or what went wrong. */
export function renderPartiesNote(text: string): ModalView {
  return modal([section(text)]);
}
