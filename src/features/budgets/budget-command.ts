/**
 * `/docket budget`, `budget set MATTER $CAP [ask-above $PRICE]`, `budget clear MATTER` (issue 14
 * items 2 and 3). Anyone sees the channel's matters' budgets; only admins change them, and only for
 * a matter linked to this channel (a budget names a client's matter: the wall holds here too).
 * Store reads are local, so every answer goes in the ack.
 */
import { toMrkdwnLine } from "../../slack/blockkit/sanitize.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { ephemeral } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { monthSpend } from "./spend.ts";
import { budgetLines } from "./budget-lines.ts";
import { budgetSetText, renderBudgets } from "./views/budget-list.ts";
import type { BudgetsDeps } from "./deps.ts";

const ADMINS_ONLY = "Only docketbot admins can set or clear budgets. `/docket budget` shows this channel's.";
const notHere = (m: string) => `${toMrkdwnLine(m, 50)} isn't linked to this channel, so I changed nothing. Set a matter's budget in its own channel (\`/docket matter\` lists this channel's).`;

export function registerBudgetCommand(router: CommandRouter, deps: BudgetsDeps): void {
  router.on("budget", async ({ ack, ctx }) => {
    try {
      const { lines, month } = await budgetLines(deps, ctx.matters);
      await ack(ephemeral(renderBudgets({ lines, month, isAdmin: ctx.isAdmin })));
    } catch (error) {
      ctx.log.error({ err: error }, "could not read budgets");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });

  router.on("budget_set", async ({ command, ack, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(ADMINS_ONLY)));
    if (!wallAllows(ctx.matters, command.clientMatter)) return void (await ack(ephemeral(notHere(command.clientMatter))));
    try {
      await deps.store.setBudget({ clientMatter: command.clientMatter, monthlyCap: command.monthlyCap, askAbove: command.askAbove, setBy: ctx.userId, teamId: ctx.teamId, channelId: ctx.channelId });
      const [spend] = await monthSpend(deps.store, [command.clientMatter], deps.clock.now());
      ctx.log.info({ matter: command.clientMatter, cap: command.monthlyCap, askAbove: command.askAbove }, "budget set");
      await ack({ response_type: "in_channel", text: `${budgetSetText({ ...command, cap: command.monthlyCap, spent: spend?.spent ?? 0 })} Set by <@${ctx.userId}>.` });
    } catch (error) {
      ctx.log.error({ err: error }, "could not set the budget");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });

  router.on("budget_clear", async ({ command, ack, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(ADMINS_ONLY)));
    if (!wallAllows(ctx.matters, command.clientMatter)) return void (await ack(ephemeral(notHere(command.clientMatter))));
    try {
      const had = await deps.store.clearBudget({ clientMatter: command.clientMatter, userId: ctx.userId, teamId: ctx.teamId, channelId: ctx.channelId });
      if (!had) return void (await ack(ephemeral(`${toMrkdwnLine(command.clientMatter, 50)} had no budget; nothing changed.`)));
      const [spend] = await monthSpend(deps.store, [command.clientMatter], deps.clock.now());
      await ack({ response_type: "in_channel", text: `${budgetSetText({ clientMatter: command.clientMatter, spent: spend?.spent ?? 0 })} Cleared by <@${ctx.userId}>.` });
    } catch (error) {
      ctx.log.error({ err: error }, "could not clear the budget");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });
}
