/**
 * `/docket alerts` (admins): delivery state of this channel's matters, and Retry for dead
 * deliveries (issue 5, Operations). Walls: everything is scoped to the channel's matters.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { ALERTS_RETRY_ACTION, renderAlertStatus } from "./views/alert-status.ts";

async function status(deps: SlackDeps, ctx: RequestContext) {
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

function refusal(ctx: RequestContext): string | undefined {
  if (!ctx.isAdmin) return "Only docketbot admins can see alert delivery. Ask one of them to run `/docket alerts`.";
  if (ctx.matters.length === 0) return "This channel isn't linked to a client matter, so it has no alerts. Link one with `/docket matter link ACME-001`.";
  return undefined;
}

export function registerAlerts(app: App, router: CommandRouter, deps: SlackDeps): void {
  router.on("alerts", async ({ ack, ctx }) => {
    const no = refusal(ctx);
    if (no) return void (await ack({ response_type: "ephemeral", text: no }));
    // A few local SQLite reads: fast enough to answer inside the acknowledgement.
    await ack({ response_type: "ephemeral", ...(await status(deps, ctx)) });
  });

  app.action(ALERTS_RETRY_ACTION, async ({ ack, body, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: body.channel?.id }, "action:alerts_retry");
    const no = refusal(ctx);
    if (no) return void (await respond({ response_type: "ephemeral", replace_original: false, text: no }));
    const scope = { matters: ctx.matters };
    const dead = await deps.store.listDeliveries({ ...scope, state: "dead", limit: 10_000 });
    const retried = await deps.store.retryDead(dead.map((d) => d.id), scope);
    deps.outbox?.notify();
    ctx.log.info({ retried }, "admin retried dead deliveries");
    await respond({ response_type: "ephemeral", replace_original: true, ...(await status(deps, ctx)) });
    await respond({ response_type: "ephemeral", replace_original: false, text: `Retrying ${retried} alert${retried === 1 ? "" : "s"} now.` });
  });
}
