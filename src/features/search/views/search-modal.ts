/**
 * The "Search dockets" modal (issue 4, Shortcuts: `docket_search`): a query, an optional court, and
 * where View should show a case; after Search, the same modal holds the results below the form,
 * so the user can refine and search again without losing their place. The block and action ids are
 * the contract with the submission handler, which reads `view.state.values[block][action]`.
 *
 * Where View shows a case: a global shortcut has no channel, hence no client matter. The user picks
 * a channel (conversations_select) and the case opens there, visible only to them, under that
 * channel's matter, with its Share and Track buttons working as in the channel itself; with none
 * picked it goes to their DM with docketbot. Slack itself refuses to show it in a channel the user
 * is not in, so nobody reaches another matter's channel through the modal.
 */
import { actions, button, context, divider, plainText, section, type Block, type ButtonElement, type PlainTextObject, type InputBlock, type ModalView } from "../../../slack/blockkit/blocks.ts";
import { count } from "../../../slack/blockkit/format.ts";
import { ACTION, CALLBACK, actionId } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { caseValue, hitText, noResultsText, type SearchHit } from "./search-results.ts";

export const SEARCH_BLOCK = { query: "search_query", court: "search_court", destination: "search_destination" } as const;
export const SEARCH_ELEMENT = { query: "query", court: "court", destination: "destination" } as const;
/** Longest query the modal and the command accept. */
export const SEARCH_QUERY_MAX = 500;
export const SEARCH_COURT_MAX = 150;



export type SearchModalStatus =
  | { kind: "form" }
  | { kind: "searching" }
  | {
      kind: "results";
      hits: readonly SearchHit[];
      offset: number;
      total: number | undefined;
      previousValue?: string | undefined;
      nextValue?: string | undefined;
    }
  | { kind: "failed"; message: string };

export interface SearchModalModel {
  /** Initial values of the form (what was last searched). */
  query?: string | undefined;
  court?: string | undefined;
  destination?: string | undefined;
  /** Opaque state for the submission and the buttons, at most 3,000 characters. */
  privateMetadata: string;
  status: SearchModalStatus;
}

function textInput(blockId: string, actionIdName: string, label: string, opts: { max: number; placeholder: string; initial?: string | undefined; optional?: boolean; hint?: string }): InputBlock {
  const initial = opts.initial ? toPlainText(opts.initial, opts.max) : "";
  const block: InputBlock = {
    type: "input",
    block_id: blockId,
    label: plainText(label, 2000),
    element: {
      type: "plain_text_input",
      action_id: actionIdName,
      max_length: opts.max,
      placeholder: plainText(opts.placeholder, 150),
      ...(initial ? { initial_value: initial } : {}),
    },
  };
  if (opts.optional) block.optional = true;
  if (opts.hint) block.hint = plainText(opts.hint, 2000);
  return block;
}

function formBlocks(m: SearchModalModel): InputBlock[] {
  const destination: InputBlock = {
    type: "input",
    block_id: SEARCH_BLOCK.destination,
    optional: true,
    label: plainText("Show cases in", 2000),
    hint: plainText("View opens a case there, visible only to you, under that channel's client matter. Leave empty to get it in your DM with docketbot.", 2000),
    element: {
      type: "conversations_select",
      action_id: SEARCH_ELEMENT.destination,
      placeholder: plainText("Your DM with docketbot", 150),
      default_to_current_conversation: true,
      filter: { include: ["public", "private"], exclude_bot_users: true, exclude_external_shared_channels: true },
      ...(m.destination && /^[CG][A-Z0-9]{2,30}$/.test(m.destination) ? { initial_conversation: m.destination } : {}),
    },
  };
  return [
    textInput(SEARCH_BLOCK.query, SEARCH_ELEMENT.query, "Search for", {
      max: SEARCH_QUERY_MAX, placeholder: "acme widget, or party:(name:\"Acme\")", initial: m.query,
    }),
    textInput(SEARCH_BLOCK.court, SEARCH_ELEMENT.court, "Court", {
      max: SEARCH_COURT_MAX, placeholder: "nysd, S.D.N.Y., or a state court's name", initial: m.court, optional: true,
    }),
    destination,
  ];
}

function resultBlocks(s: Extract<SearchModalStatus, { kind: "results" }>, query: string, siteUrl: string): Block[] {
  if (s.hits.length === 0) return [section(noResultsText(query, s.offset).md)];
  const total = s.total ?? s.offset + s.hits.length;
  const blocks: Block[] = [section(`*${count(total)} ${total === 1 ? "case" : "cases"}* ${total === 1 ? "matches" : "match"} “${toMrkdwnLine(query, 120)}”`)];
  s.hits.forEach((hit, i) => {
    const value = caseValue(hit);
    const view: ButtonElement | undefined = value ? button({ text: "View", actionId: actionId(ACTION.viewCase, s.offset + i), value }) : undefined;
    blocks.push(section(hitText(hit, siteUrl), view));
  });
  const pager: ButtonElement[] = [];
  if (s.previousValue) pager.push(button({ text: "Previous", actionId: actionId(ACTION.searchPage, "prev"), value: s.previousValue }));
  if (s.nextValue) pager.push(button({ text: "More results", actionId: actionId(ACTION.searchPage, "next"), value: s.nextValue }));
  if (pager.length > 0) blocks.push(actions(pager));
  const of = s.total !== undefined ? ` of ${count(s.total)}` : "";
  blocks.push(context(`Results ${count(s.offset + 1)}–${count(s.offset + s.hits.length)}${of}`));
  return blocks;
}

export function renderSearchModal(m: SearchModalModel, opts: { siteUrl: string }): ModalView {
  const blocks: Array<Block | InputBlock> = [...formBlocks(m)];
  const s = m.status;
  if (s.kind === "searching") blocks.push(divider(), context(":hourglass_flowing_sand: Searching…"));
  else if (s.kind === "failed") blocks.push(divider(), section(`:warning: ${s.message}`));
  else if (s.kind === "results") blocks.push(divider(), ...resultBlocks(s, m.query ?? "", opts.siteUrl));
  return {
    type: "modal",
    callback_id: CALLBACK.searchModal,
    title: plainText("Search dockets", 24),
    submit: plainText("Search", 24),
    close: plainText("Close", 24),
    private_metadata: m.privateMetadata,
    blocks,
  };
}

/**
 * A small modal pushed over the results when View is clicked: where the case went (or why not).
 * Closing it ("Back") returns to the results. `text` is our own mrkdwn.
 */
export function renderSearchNotice(text: string): { type: "modal"; title: PlainTextObject; close: PlainTextObject; blocks: Block[] } {
  return { type: "modal", title: plainText("Search dockets", 24), close: plainText("Back", 24), blocks: [section(text)] };
}
