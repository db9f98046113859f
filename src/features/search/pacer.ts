/**
 * `/docket pacer <party> [court:..] [type:..] [nos:..] [filed:a..b]` and its buttons (issue 4;
 * message-style.md, "Money and consent"). The command only asks: the acknowledgement itself is the
 * confirmation, naming the search, the fee and the matter that pays. Nothing is searched (or
 * charged) until "Run PACER search" is clicked and its confirm dialog accepted.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { PACER_FEES } from "../../docket/call-info.ts";
import { isDocketError } from "../../docket/errors.ts";
import { pacerParams } from "../../docket/requests.ts";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { PACER_CHOICES_MAX, renderPacerCancelled, renderPacerConfirm } from "./views/pacer-confirm.ts";
import { pacerSearchCost } from "./views/fee-confirm.ts";
import { renderSearchProblem } from "./views/search-results.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { billedMatter, buildContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { billingContext, runPacerPage } from "./pacer-flow.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import { renderNeedsMatter } from "../budgets/index.ts";
import { decodePacerSearch, encodePacerSearch } from "./pacer-values.ts";
import { STALE_PACER, type SearchRuntime } from "./runtime.ts";

export function registerPacer(app: App, router: CommandRouter, rt: SearchRuntime): void {
  const { deps } = rt;

  router.on("pacer", async ({ command, ack, client, ctx }) => {
    // The client's own checks (dates, case type, at least one criterion), run now and free, so a
    // search the service would refuse is never offered for confirmation.
    try {
      pacerParams("searchpacer", command.search);
    } catch (error) {
      if (!isDocketError(error, "invalid_argument")) throw error;
      await ack({ response_type: "ephemeral", ...renderSearchProblem(userMessageFor(error, { ref: ctx.log.ref })) });
      return;
    }
    const tooLong = () => ack({ response_type: "ephemeral", ...renderSearchProblem("That search is too long for me to hold. Shorten the party name or use fewer filters.") });
    const charge = { clientMatter: billedMatter(ctx), testMode: deps.testMode };
    if (charge.clientMatter !== "") {
      const runValue = encodePacerSearch({ search: command.search, page: 1, clientMatter: charge.clientMatter });
      if (!runValue) return void (await tooLong());
      // The budget's state before anyone clicks (issue 25 item 6), read by the fee gate itself.
      const verdict = await rt.fees.preview({ clientMatter: charge.clientMatter, expected: pacerSearchCost(PACER_FEES) }).catch((err: unknown) => void ctx.log.warn({ err }, "could not read the matter's budget"));
      const overBudget = verdict?.verdict === "approval" ? { spent: verdict.spent, cap: verdict.cap } : undefined;
      return void (await ack({ response_type: "ephemeral", ...renderPacerConfirm({ search: command.search, runValue, fees: PACER_FEES, charge, overBudget }) }));
    }
    // No one matter here: a channel of several picks among its own; elsewhere (a DM, an unlinked
    // channel) the user picks one of their channels' matters, or is told where to search instead.
    // Nothing is ever billed to no matter, nor to the first of several (issue 14 item 5).
    const matters = ctx.matters.length > 1 ? ctx.matters : await mattersOfUser(deps, client, ctx).catch((err: unknown) => {
      ctx.log.warn({ err }, "could not list the user's channels for a matter to bill");
      return [];
    });
    if (matters.length === 0) return void (await ack({ response_type: "ephemeral", ...renderNeedsMatter({ what: "A live PACER search" }) }));
    const choices = matters.slice(0, PACER_CHOICES_MAX).map((clientMatter) => ({ clientMatter, runValue: encodePacerSearch({ search: command.search, page: 1, clientMatter }) }));
    if (choices.some((c) => !c.runValue)) return void (await tooLong());
    const confirm = renderPacerConfirm({ search: command.search, runValue: "", fees: PACER_FEES, charge, choices: choices as { clientMatter: string; runValue: string }[] });
    await ack({ response_type: "ephemeral", ...confirm });
  });

  const onRun = async ({ ack, body, action, respond, client }: { ack: () => Promise<void>; body: BlockAction; action: ButtonAction; respond: Parameters<typeof runPacerPage>[3]; client: WebClient }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await billingContext(deps, client, await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, `action:${action.action_id}`));
    const pending = decodePacerSearch(action.value);
    if (!pending) {
      ctx.log.warn("PACER button value did not decode");
      await respond({ response_type: "ephemeral", replace_original: false, ...renderSearchProblem(STALE_PACER) });
      return;
    }
    try {
      await runPacerPage(rt, ctx, pending, respond, { client, responseUrl: body.response_url });
    } catch (error) {
      ctx.log.error({ err: error }, "PACER action failed");
      await respond({ response_type: "ephemeral", replace_original: false, ...renderSearchProblem(userMessageFor(error, { ref: ctx.log.ref })) }).catch(() => undefined);
    }
  };
  // `pacer_run` and, on a card offering several matters, `pacer_run:<n>` (action_ids are unique in a message).
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${ACTION.runPacerSearch}(?::\\d{1,2})?$`), onRun);
  app.action<BlockAction<ButtonAction>>(ACTION.pacerPage, onRun);

  app.action<BlockAction<ButtonAction>>(ACTION.cancelPacerSearch, async ({ ack, respond }) => {
    await ack();
    await respond({ response_type: "ephemeral", replace_original: true, ...renderPacerCancelled() });
  });
}
