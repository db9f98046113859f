/**
 * `/docket alerts`: for everyone in the channel, its significant filings nobody has docketed yet,
 * oldest first, each with a Docketed ✓ button (issue 12, item 4); for admins, above that, the
 * delivery state of this channel's matters, with Retry and Dismiss for parked (dead) deliveries
 * (issue 5, Operations). A dismissal is kept with who and when (the audit trail).
 * `/docket alerts settings` is settings-command.ts. Walls: everything is scoped to the channel's matters.
 */
import type { App } from "@slack/bolt";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { context, divider } from "../../slack/blockkit/blocks.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { ALERTS_DISMISS_ACTION, ALERTS_RETRY_ACTION, renderAlertStatus } from "./views/alert-status.ts";
import { renderUndocketed, UNDOCKETED_SHOWN } from "./views/undocketed-list.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

async function status(deps: AlertsHandlerDeps, ctx: RequestContext) {
  const scope = { matters: ctx.matters };
  const [outbox, pushes, dead] = await Promise.all([
    deps.store.outboxStats(scope),
    deps.store.pushStats(scope),
    deps.store.listDeliveries({ ...scope, state: "dead", limit: 10 }),
  ]);
  return renderAlertStatus({
    matters: ctx.matters, counts: outbox.byMatter, quarantined: pushes.quarantined, held: pushes.held,
    oldestPendingAgeMs: outbox.oldestPendingAgeMs, dead, ref: ctx.log.ref,
  });
}

async function undocketed(deps: AlertsHandlerDeps, ctx: RequestContext) {
  if (!ctx.channelId) return renderUndocketed({ filings: [], more: false }, { siteUrl: deps.siteUrl });
  const read = await deps.store.undocketed({ teamId: ctx.teamId, channelId: ctx.channelId }, { matters: ctx.matters }, UNDOCKETED_SHOWN + 1);
  return renderUndocketed({ filings: read.slice(0, UNDOCKETED_SHOWN), more: read.length > UNDOCKETED_SHOWN }, { siteUrl: deps.siteUrl });
}

const MEMBERS_NOTE = "Only docketbot admins can see alert delivery.";

/** What `/docket alerts` shows this user in this channel (also re-rendered after a click on it). */
export async function alertsMessage(deps: AlertsHandlerDeps, ctx: RequestContext): Promise<MessagePayload> {
  const list = await undocketed(deps, ctx);
  if (!ctx.isAdmin) {
    return { text: `${list.text} ${MEMBERS_NOTE}`, blocks: [...list.blocks, context(`${MEMBERS_NOTE} · ref ${ctx.log.ref}`)] };
  }
  const state = await status(deps, ctx);
  return { text: `${state.text} ${list.text}`, blocks: [...state.blocks, divider(), ...list.blocks] as MessagePayload["blocks"] };
}

const NO_MATTER = "This channel isn't linked to a client matter, so it has no alerts. Link one with `/docket matter link ACME-001`.";

function refusal(ctx: RequestContext): string | undefined {
  if (!ctx.isAdmin) return "Only docketbot admins can see alert delivery. Ask one of them to run `/docket alerts`.";
  if (ctx.matters.length === 0) return NO_MATTER;
  return undefined;
}

export function registerAlertsCommand(app: App, router: CommandRouter, deps: AlertsHandlerDeps): void {
  router.on("alerts", async ({ ack, ctx }) => {
    if (ctx.matters.length === 0) return void (await ack({ response_type: "ephemeral", text: NO_MATTER }));
    // A few local SQLite reads: fast enough to answer inside the acknowledgement.
    await ack({ response_type: "ephemeral", ...(await alertsMessage(deps, ctx)) });
  });

  app.action(ALERTS_RETRY_ACTION, async ({ ack, body, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: body.channel?.id }, "action:alerts_retry");
    const no = refusal(ctx);
    if (no) return void (await respond({ response_type: "ephemeral", replace_original: false, text: no }));
    const scope = { matters: ctx.matters };
    const dead = await deps.store.listDeliveries({ ...scope, state: "dead", limit: 10_000 });
    const retried = await deps.store.retryDead(dead.map((d) => d.id), scope, { teamId: ctx.teamId, channelId: ctx.channelId ?? "", userId: ctx.userId });
    deps.outbox?.notify();
    ctx.log.info({ retried }, "admin retried dead deliveries");
    await respond({ response_type: "ephemeral", replace_original: true, ...(await alertsMessage(deps, ctx)) });
    await respond({ response_type: "ephemeral", replace_original: false, text: `Retrying ${retried} alert${retried === 1 ? "" : "s"} now.` });
  });

  app.action(ALERTS_DISMISS_ACTION, async ({ ack, body, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: body.channel?.id }, "action:alerts_dismiss");
    const no = refusal(ctx);
    if (no) return void (await respond({ response_type: "ephemeral", replace_original: false, text: no }));
    const scope = { matters: ctx.matters };
    const dead = await deps.store.listDeliveries({ ...scope, state: "dead", limit: 10_000 });
    const dismissed = await deps.store.dismissDead(dead.map((d) => d.id), ctx.userId, scope);
    ctx.log.info({ dismissed }, "admin dismissed parked deliveries");
    await respond({ response_type: "ephemeral", replace_original: true, ...(await alertsMessage(deps, ctx)) });
    await respond({
      response_type: "ephemeral", replace_original: false,
      text: `Dismissed ${dismissed} parked alert${dismissed === 1 ? "" : "s"}: ${dismissed === 1 ? "it" : "they"} will not be posted. \`/docket audit\` shows who dismissed ${dismissed === 1 ? "it" : "them"}.`,
    });
  });
}
