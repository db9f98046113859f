/**
 * `/docket search <query>` and its Previous / More results buttons (issue 4, Commands).
 *
 * Results are ephemeral: what a lawyer searches for (a prospective adverse party, a client's name)
 * is itself confidential, and a channel belongs to one client matter while a search may be for
 * another; a list of unrelated cases would also bury the channel's alerts. A single case is shared
 * deliberately, from its view (View → "Share to channel").
 */
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import { ACTION, actionIdPattern } from "../../slack/blockkit/ids.ts";
import { SEARCH_QUERY_MAX } from "./views/search-modal.ts";
import { renderSearching, renderSearchProblem, renderSearchResults } from "./views/search-results.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, callOptions, type RequestContext } from "../../slack/context.ts";
import { respondInPlace } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { onModalPage } from "./modal.ts";
import { fetchSearchPage, SEARCH_PAGE_SIZE } from "./search-page.ts";
import { decodeSearchPage, pagingValues } from "./search-values.ts";
import { STALE_SEARCH, type SearchRuntime } from "./runtime.ts";

/** Searches and replaces the message in place: the working state first, then results or the error. */
async function showPage(rt: SearchRuntime, ctx: RequestContext, q: string, offset: number, respond: RespondFn): Promise<void> {
  try {
    const page = await fetchSearchPage(rt.deps.docket, q, offset, callOptions(ctx));
    const payload = renderSearchResults(
      { query: q, hits: page.hits, offset, total: page.total, ...pagingValues(page, SEARCH_PAGE_SIZE), askEnabled: rt.deps.qaEnabled, ref: ctx.log.ref },
      { siteUrl: rt.deps.siteUrl },
    );
    // A refused result (Slack's limits) ends in a sentence, not "Searching…" forever (issue 15 item 2).
    await respondInPlace(respond, ctx, { response_type: "ephemeral", replace_original: true, ...payload });
  } catch (error) {
    ctx.log.error({ err: error }, "search failed");
    await respondInPlace(respond, ctx, { response_type: "ephemeral", replace_original: true, ...renderSearchProblem(userMessageFor(error, { ref: ctx.log.ref })) });
  }
}

export function registerSearchCommand(app: App, router: CommandRouter, rt: SearchRuntime): void {
  router.on(
    "search",
    async ({ command, respond, ctx }) => {
      if (command.query.length > SEARCH_QUERY_MAX) return; // refused in the ack
      await showPage(rt, ctx, command.query, 0, respond);
    },
    {
      // The working state is the acknowledgement itself (instant, before the channel's matters are
      // read); the results replace it.
      ackFirst: ({ command: { query: q } }) => ({
        answer: q.length > SEARCH_QUERY_MAX
          ? { response_type: "ephemeral", ...renderSearchProblem(`That search is ${q.length} characters long; keep it under ${SEARCH_QUERY_MAX}. Example: \`/docket search acme widget\``) }
          : { response_type: "ephemeral", ...renderSearching(q) },
      }),
    },
  );

  // One listener for every Previous / More results button: in a message, or in the search modal.
  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.searchPage), async (args) => {
    const { ack, body, action, respond, client } = args;
    await ack();
    if (body.container?.type === "view" && body.view) {
      await onModalPage(rt, client, body, action);
      return;
    }
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(rt.deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:search_page");
    const value = decodeSearchPage(action.value);
    if (!value) {
      ctx.log.warn("search page button value did not decode");
      await respond({ response_type: "ephemeral", replace_original: false, ...renderSearchProblem(STALE_SEARCH) });
      return;
    }
    await respond({ response_type: "ephemeral", replace_original: true, ...renderSearching(value.q) });
    await showPage(rt, ctx, value.q, value.offset, respond);
  });
}
