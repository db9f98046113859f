/**
 * "Set a budget" on App Home (issue 14 item 3). Admins only; the matters offered are those of the
 * channels the admin is in now, and the submission is checked again (admin, matter still theirs,
 * amounts readable) inside Slack's 3 seconds, errors shown on their fields. The matter's channels
 * are told who set what, as `/docket budget set` tells the channel it is typed in.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { section } from "../../slack/blockkit/blocks.ts";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { buildContext } from "../../slack/context.ts";
import { parseDollars } from "../../slack/commands/dollars.ts";
import { postMessage, tellUserPrivately } from "../../slack/outbound.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import { monthSpend } from "./spend.ts";
import { budgetSetText } from "./views/budget-list.ts";
import { BUDGET_BLOCK, BUDGET_ELEMENT, BUDGET_MODAL_CALLBACK, renderBudgetModal } from "./views/budget-modal.ts";
import type { BudgetsDeps } from "./deps.ts";

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];
const NOT_ADMIN = "Only docketbot admins can set budgets. `/docket budget` in a matter's channel shows its budget.";

export function registerHomeBudgetForm(app: App, deps: BudgetsDeps): void {
  app.action<BlockAction<ButtonAction>>(ACTION.homeBudgetSet, async ({ ack, body, client }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: undefined }, ACTION.homeBudgetSet);
    if (!ctx.isAdmin) return void (await tellUserPrivately(client, ctx, undefined, NOT_ADMIN));
    const matters = await mattersOfUser(deps, client, ctx).catch((): string[] => []);
    if (matters.length === 0) return void (await tellUserPrivately(client, ctx, undefined, "None of your channels is linked to a client matter, so there is no budget to set."));
    await client.views.open({ trigger_id: body.trigger_id, view: renderBudgetModal({ matters }) as unknown as ViewArg })
      .catch((err: unknown) => ctx.log.warn({ err }, "could not open the budget form"));
  });

  app.view(BUDGET_MODAL_CALLBACK, async ({ ack, body, view, client }) => {
    const value = (block: string) => {
      const v = view.state.values[block]?.[BUDGET_ELEMENT];
      return v?.type === "static_select" ? (v.selected_option?.value ?? "") : (v?.value ?? "");
    };
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: undefined }, "view:budget");
    const matter = value(BUDGET_BLOCK.matter);
    const cap = parseDollars(value(BUDGET_BLOCK.cap));
    const askRaw = value(BUDGET_BLOCK.askAbove).trim();
    const ask = askRaw === "" ? undefined : parseDollars(askRaw);
    const errors: Record<string, string> = {};
    if (!ctx.isAdmin) errors[BUDGET_BLOCK.matter] = NOT_ADMIN;
    if (!cap.ok) errors[BUDGET_BLOCK.cap] = `${cap.why}: write it like $500 or $1,250.50.`;
    if (ask && !ask.ok) errors[BUDGET_BLOCK.askAbove] = `${ask.why}: write it like $0.25, or leave it empty.`;
    if (Object.keys(errors).length > 0) return void (await ack({ response_action: "errors", errors }));
    // users.conversations can take longer than Slack's 3 seconds at worst: close the form first.
    await ack();
    const allowed = await mattersOfUser(deps, client, ctx).catch((): string[] => []);
    if (!allowed.includes(matter)) return void (await tellUserPrivately(client, ctx, undefined, "That matter isn't one of your channels' any more, so I changed nothing."));
    const monthlyCap = cap.ok ? cap.dollars : 0;
    const askAbove = ask?.ok ? ask.dollars : undefined;
    await deps.store.setBudget({ clientMatter: matter, monthlyCap, askAbove, setBy: ctx.userId, teamId: ctx.teamId });
    const [spend] = await monthSpend(deps.store, [matter], deps.clock.now());
    const text = `${budgetSetText({ clientMatter: matter, cap: monthlyCap, askAbove, spent: spend?.spent ?? 0 })} Set by <@${ctx.userId}> from Home.`;
    ctx.log.info({ matter, cap: monthlyCap, askAbove }, "budget set from Home");
    const channels = [...new Set((await deps.store.channelsOfMatter(matter)).map((l) => l.channelId))];
    for (const channel of [...channels, ctx.userId]) {
      await postMessage(client, { channel, message: { text, blocks: [section(text)] } }).catch((err: unknown) => ctx.log.warn({ err, channel }, "could not announce the budget"));
    }
  });
}
