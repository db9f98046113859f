/**
 * The buttons of held fee actions (issue 14 items 2 and 3): Go ahead / Cancel on the requester's
 * card, Approve / Decline in an admin's DM. Thin: ack, ask fee-actions.ts (which runs an action
 * once, whoever else clicks), then say what happened in place of the buttons. A card changes only
 * once its click was accepted (issue 22 item 8): a refused click leaves it as it was. A click that came too
 * late (someone else decided) gets one sentence, privately.
 */
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { section } from "../../slack/blockkit/blocks.ts";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { matterName, mention } from "../../slack/blockkit/names.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { addForUser, postMessage, replaceForUser, updateMessage } from "../../slack/outbound.ts";
import type { FeeAction } from "../../store/store.ts";
import { approvalModel, readPayload, type ReleaseOutcome } from "./fee-actions.ts";
import type { FeeGuard } from "./fee-guard.ts";
import { monthSpend } from "./spend.ts";
import { renderApprovalDecided } from "./views/fee-approval.ts";
import { feeActionGoneText, renderDeclined, renderHeldOutcome } from "./views/fee-hold.ts";
import { replaceCard } from "./fee-card.ts";
import type { BudgetsDeps } from "./deps.ts";

/** A matter button's value (views/fee-hold.ts matterChoiceValue); untrusted, so checked field by field. */
function readMatterChoice(raw: unknown): { a: number; m: string } | undefined {
  try {
    const v = JSON.parse(String(raw)) as { a?: unknown; m?: unknown };
    if (typeof v.a !== "number" || !Number.isSafeInteger(v.a) || v.a <= 0) return undefined;
    if (typeof v.m !== "string" || v.m.length === 0 || v.m.length > 50) return undefined;
    return { a: v.a, m: v.m };
  } catch {
    return undefined;
  }
}

type Click = { body: BlockAction; action: ButtonAction; client: WebClient; respond: RespondFn; ctx: RequestContext };

/** Replaces the clicked message: chat.update for a posted one, the response_url for an ephemeral one. */
async function replaceClicked(c: Click, p: MessagePayload): Promise<void> {
  const channel = c.body.container.channel_id ?? c.body.channel?.id;
  const ts = c.body.container.message_ts;
  if (!c.body.container.is_ephemeral && channel && ts) {
    await updateMessage(c.client, { channel, ts }, p).catch((err: unknown) => c.ctx.log.warn({ err }, "could not update the fee card"));
  } else {
    await replaceForUser(c.respond, c.ctx, p);
  }
}

function refusal(out: Extract<ReleaseOutcome, { ok: false }>, as: string): string {
  if (out.reason === "not_allowed") return as === "approve" || as === "deny" ? "Only docketbot admins can approve or decline fees past a budget." : "Only the person who asked can confirm or cancel this.";
  if (out.reason === "failed") return "It was approved but failed when it ran; the requester was told why.";
  if (out.reason === "gone" && out.action) return feeActionGoneText(out.action.status, out.action.decidedBy);
  return "That request is no longer waiting.";
}

async function budgetNow(deps: BudgetsDeps, action: FeeAction): Promise<{ spent: number; cap: number }> {
  const [[budget], [spend]] = await Promise.all([deps.store.budgetsOf([action.clientMatter]), monthSpend(deps.store, [action.clientMatter], deps.clock.now())]);
  return { spent: spend?.spent ?? 0, cap: budget?.monthlyCap ?? 0 };
}

export function registerFeeClicks(app: App, deps: BudgetsDeps, guard: FeeGuard): void {
  const on = (actionId: string, handle: (c: Click, id: number) => Promise<void>) =>
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, client, respond }) => {
      await ack();
      const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: body.channel?.id }, actionId);
      const id = Number(action.value);
      const c = { body, action, client, respond, ctx };
      if (!Number.isSafeInteger(id) || id <= 0) return void (await addForUser(respond, ctx, "That button is out of date; nothing was charged."));
      await handle(c, id);
    });

  on(ACTION.feeConfirm, async (c, id) => {
    // The card says "going ahead" only once the click is accepted (issue 22 item 8).
    const goingAhead = () => replaceClicked(c, { text: "Going ahead…", blocks: [section(`:hourglass_flowing_sand: Going ahead, confirmed by ${mention(c.ctx.userId)}…`)] });
    const out = await guard.actions.release(c.client, id, { as: "confirm", userId: c.ctx.userId }, goingAhead);
    if (out.ok) return void (await replaceClicked(c, { text: "Confirmed.", blocks: [section(`:white_check_mark: Confirmed by ${mention(c.ctx.userId)}.`)] }));
    if (out.reason !== "failed") await addForUser(c.respond, c.ctx, refusal(out, "confirm"));
  });

  // `fee_matter:<n>`: the value names the action and the matter, so the id comes from it.
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${ACTION.feeMatter}:\\d{1,2}$`), async ({ ack, body, action, client, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: body.channel?.id }, ACTION.feeMatter);
    const c = { body, action, client, respond, ctx };
    const pick = readMatterChoice(action.value);
    if (!pick) return void (await addForUser(respond, ctx, "That button is out of date; nothing was charged."));
    const allowed = await mattersOfUser(deps, client, ctx).catch((): string[] => []);
    const billed = () => replaceClicked(c, { text: "Going ahead…", blocks: [section(`:hourglass_flowing_sand: Billed to ${matterName(pick.m)}, picked by ${mention(ctx.userId)}.`)] });
    const out = await guard.actions.choose(client, pick.a, { userId: ctx.userId, clientMatter: pick.m, allowed }, billed);
    // Done, as a confirmed fee's card says: the hourglass no longer waits on anything.
    if (out.ok) return void (await replaceClicked(c, { text: "Billed.", blocks: [section(`:white_check_mark: Billed to ${matterName(pick.m)}, picked by ${mention(ctx.userId)}.`)] }));
    if (out.reason !== "failed") await addForUser(respond, ctx, out.reason === "not_allowed" ? "You can only bill a matter of a channel you're in, and only for your own request; nothing was charged." : refusal(out, "confirm"));
  });

  on(ACTION.feeCancel, async (c, id) => {
    const out = await guard.actions.end(id, { as: "cancel", userId: c.ctx.userId });
    if (out.ok) return void (await replaceClicked(c, { text: "Cancelled; nothing was charged.", blocks: [section("Cancelled; nothing was charged.")] }));
    await addForUser(c.respond, c.ctx, refusal(out, "cancel"));
  });

  on(ACTION.feeApprove, async (c, id) => {
    const out = await guard.actions.release(c.client, id, { as: "approve", userId: c.ctx.userId });
    if (!out.ok && out.reason !== "failed") return void (await addForUser(c.respond, c.ctx, refusal(out, "approve")));
    const action = out.action!;
    c.ctx.log.info({ action: id, matter: action.clientMatter, ok: out.ok }, "fee approved past the budget");
    const outcome = out.ok ? "it ran once" : "it failed when it ran; the requester was told";
    await replaceClicked(c, renderApprovalDecided({ ...approvalModel(action, await budgetNow(deps, action)), decision: "approved", by: c.ctx.userId, outcome }));
    // The requester's card no longer says it waits.
    const told = renderHeldOutcome({ what: readPayload(action).what, kind: out.ok ? "ran" : "failed", by: c.ctx.userId });
    await replaceCard(c.client, action.card, told, { now: deps.clock.now(), log: c.ctx.log });
  });

  on(ACTION.feeDeny, async (c, id) => {
    const out = await guard.actions.end(id, { as: "deny", userId: c.ctx.userId });
    if (!out.ok) return void (await addForUser(c.respond, c.ctx, refusal(out, "deny")));
    const p = readPayload(out.action);
    await replaceClicked(c, renderApprovalDecided({ ...approvalModel(out.action, await budgetNow(deps, out.action)), decision: "declined", by: c.ctx.userId }));
    await replaceCard(c.client, out.action.card, renderHeldOutcome({ what: p.what, kind: "declined", by: c.ctx.userId }), { now: deps.clock.now(), log: c.ctx.log });
    await postMessage(c.client, { channel: out.action.requestedBy, message: renderDeclined({ what: p.what, clientMatter: out.action.clientMatter, by: c.ctx.userId, summary: p.summary }) })
      .catch((err: unknown) => c.ctx.log.warn({ err }, "could not tell the requester their fee was declined"));
  });
}
