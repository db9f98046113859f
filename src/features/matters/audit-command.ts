/**
 * `/docket audit` and `/docket audit export` (issue 13, item 4), for docketbot admins: the
 * channel's matters' audit trail (never another matter's), shown privately, or uploaded as a CSV
 * to the channel (files.uploadV2 through the WebClient: Slack's upload flow of
 * files.getUploadURLExternal then files.completeUploadExternal).
 */
import type { CommandRouter } from "../../slack/commands/router.ts";
import { addForUser, ephemeral } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { auditCsv } from "./audit-csv.ts";
import { AUDIT_SHOWN, renderAuditLog } from "./views/audit-log.ts";
import type { MattersDeps } from "./deps.ts";

/** Rows in an export: the newest 5,000 (a file of ~1 MB). */
export const EXPORT_MAX = 5000;
const ADMINS_ONLY = "Only docketbot admins can see the audit trail. Ask one of them to run `/docket audit` here.";
const NO_MATTER = "This channel isn't linked to a client matter, so it has no audit trail.";

export function registerAuditCommand(router: CommandRouter, deps: MattersDeps): void {
  router.on("audit", async ({ command, ack, respond, client, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(ADMINS_ONLY)));
    if (ctx.matters.length === 0 || !ctx.channelId) return void (await ack(ephemeral(NO_MATTER)));
    const scope = { matters: [...ctx.matters] };
    if (!command.export) {
      try {
        // One local SQLite read: the answer goes in the ack.
        const events = await deps.store.auditLog(ctx.teamId, scope, { limit: AUDIT_SHOWN });
        return void (await ack(ephemeral(renderAuditLog({ matters: ctx.matters, events }))));
      } catch (error) {
        ctx.log.error({ err: error }, "could not read the audit trail");
        return void (await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref }))));
      }
    }
    await ack(ephemeral(":hourglass_flowing_sand: Preparing the audit trail as a CSV file…"));
    try {
      const events = await deps.store.auditLog(ctx.teamId, scope, { limit: EXPORT_MAX });
      const day = new Date(deps.clock.now()).toISOString().slice(0, 10);
      await client.files.uploadV2({
        channel_id: ctx.channelId,
        filename: `docketbot-audit-${day}.csv`,
        title: `docketbot audit trail, ${day}`,
        content: auditCsv(events),
        initial_comment: `Audit trail of ${ctx.matters.join(", ")}: ${events.length} action${events.length === 1 ? "" : "s"}, exported by <@${ctx.userId}>.`,
      });
      ctx.log.info({ rows: events.length }, "audit trail exported");
    } catch (error) {
      ctx.log.error({ err: error }, "could not export the audit trail");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
