/**
 * The `docket_search` global shortcut (issue 4, Shortcuts): a modal with a query, an optional
 * court and where to show cases; Search acknowledges at once by switching the modal to its working
 * state (response_action "update"), then views.update puts the results in the same modal, below
 * the form. Previous / More results page inside the modal. View is handled in view-case.ts.
 *
 * A global shortcut has no channel, so the search runs outside any client matter (search/ is free).
 */
import type { App, BlockAction, ButtonAction, GlobalShortcut, ViewOutput } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { CALLBACK } from "../../slack/blockkit/ids.ts";
import { renderSearchModal, SEARCH_BLOCK, SEARCH_ELEMENT, SEARCH_QUERY_MAX, type SearchModalStatus } from "./views/search-modal.ts";
import { buildContext, callOptions, type RequestContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { tellUserPrivately } from "../../slack/outbound.ts";
import { slackErrorDetail, slackSideRefusal } from "../../slack/slack-errors.ts";
import { decodeModalState, encodeModalState, type SearchModalState } from "./modal-state.ts";
import { fetchSearchPage, SEARCH_PAGE_SIZE, withCourtFilter } from "./search-page.ts";
import { decodeSearchPage, pagingValues } from "./search-values.ts";
import type { SearchRuntime } from "./runtime.ts";

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];

function modal(rt: SearchRuntime, state: SearchModalState, status: SearchModalStatus) {
  return renderSearchModal({ ...state, privateMetadata: encodeModalState(state), status }, { siteUrl: rt.deps.siteUrl });
}

/** Runs the search and renders the modal's result (or failure) state. */
async function resultStatus(rt: SearchRuntime, ctx: RequestContext, state: SearchModalState, offset: number): Promise<SearchModalStatus> {
  const q = withCourtFilter(state.query ?? "", state.court);
  try {
    const page = await fetchSearchPage(rt.deps.docket, q, offset, callOptions(ctx));
    return { kind: "results", hits: page.hits, offset, total: page.total, ...pagingValues(page, SEARCH_PAGE_SIZE) };
  } catch (error) {
    ctx.log.error({ err: error }, "modal search failed");
    return { kind: "failed", message: userMessageFor(error, { ref: ctx.log.ref }) };
  }
}

async function update(client: WebClient, ctx: RequestContext, viewId: string, view: ReturnType<typeof modal>, hash?: string): Promise<string | undefined> {
  try {
    const res = await client.views.update({ view_id: viewId, view: view as unknown as ViewArg, ...(hash ? { hash } : {}) });
    return res.view?.hash;
  } catch (error) {
    // hash_conflict: the user searched again meanwhile; the newer search wins. Closed: nothing to do.
    ctx.log.info({ err: error }, "could not update the search modal");
    return undefined;
  }
}

function formValues(view: ViewOutput): SearchModalState {
  const values = view.state.values;
  const query = (values[SEARCH_BLOCK.query]?.[SEARCH_ELEMENT.query]?.value ?? "").replace(/\s+/g, " ").trim();
  const court = (values[SEARCH_BLOCK.court]?.[SEARCH_ELEMENT.court]?.value ?? "").replace(/\s+/g, " ").trim();
  const destination = values[SEARCH_BLOCK.destination]?.[SEARCH_ELEMENT.destination]?.selected_conversation ?? undefined;
  return { query, court: court || undefined, destination: destination || undefined };
}

export function registerSearchModal(app: App, rt: SearchRuntime): void {
  const { deps } = rt;

  app.shortcut<GlobalShortcut>({ callback_id: CALLBACK.searchShortcut, type: "shortcut" }, async ({ ack, shortcut, client }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: shortcut.team?.id, userId: shortcut.user.id, channelId: undefined }, "shortcut:docket_search");
    await client.views
      .open({ trigger_id: shortcut.trigger_id, view: modal(rt, {}, { kind: "form" }) as unknown as ViewArg })
      .catch(async (err: unknown) => {
        // A global shortcut has no response_url: an expired trigger (issue 15 item 7) is told in the
        // user's DM with the classifier's sentence; anything else is ours, logged with the ref.
        ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err, slack: slackErrorDetail(err) }, "could not open the search modal");
        await tellUserPrivately(client, ctx, undefined, userMessageFor(err, { ref: ctx.log.ref }));
      });
  });

  app.view(CALLBACK.searchModal, async ({ ack, view, body, client }) => {
    const state = formValues(view);
    if (!state.query) {
      await ack({ response_action: "errors", errors: { [SEARCH_BLOCK.query]: "Type something to search for, like acme widget." } });
      return;
    }
    if (state.query.length > SEARCH_QUERY_MAX) {
      await ack({ response_action: "errors", errors: { [SEARCH_BLOCK.query]: `Keep the search under ${SEARCH_QUERY_MAX} characters.` } });
      return;
    }
    // Acknowledge at once with the working state; the search itself may be slow.
    await ack({ response_action: "update", view: modal(rt, state, { kind: "searching" }) as unknown as ViewArg });
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: undefined }, "view:search");
    const status = await resultStatus(rt, ctx, state, 0);
    await update(client, ctx, view.id, modal(rt, state, status));
  });
}

/** Previous / More results inside the modal (routed here by search-command.ts's page listener). */
export async function onModalPage(rt: SearchRuntime, client: WebClient, body: BlockAction, action: ButtonAction): Promise<void> {
  const view = body.view!;
  const ctx = await buildContext(rt.deps, { teamId: body.team?.id, userId: body.user.id, channelId: undefined }, "action:search_page:modal");
  const state = decodeModalState(view.private_metadata);
  const value = decodeSearchPage(action.value);
  if (!state?.query || !value) {
    ctx.log.warn("search modal page: state or value did not decode");
    await update(client, ctx, view.id, modal(rt, state ?? {}, { kind: "failed", message: "This form is out of date. Search again." }));
    return;
  }
  const hash = await update(client, ctx, view.id, modal(rt, state, { kind: "searching" }), view.hash);
  if (hash === undefined) return;
  const status = await resultStatus(rt, ctx, state, value.offset);
  await update(client, ctx, view.id, modal(rt, state, status), hash);
}
