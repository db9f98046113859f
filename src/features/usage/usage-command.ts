/**
 * `/docket usage` and `/docket usage export [YYYY-MM]` (issue 4, fee guard; issue 14 item 4):
 * month-to-date calls, AI spend and court fees per matter of this channel, and every call of a
 * month as a CSV uploaded to the channel. Only the channel's own matters are asked for, so no other
 * matter's figures can appear. View and CSV are both sums of billable.ts feeOf over the same rows,
 * so their totals agree. The ledger is a local SQLite read, so the view goes in the ack.
 */
import type { CommandRouter } from "../../slack/commands/router.ts";
import { addForUser, ephemeral } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { utcMonthBounds } from "../../store/usage-rules.ts";
import { pickMonth, summarize } from "./billable.ts";
import { USAGE_ROWS_MAX, uploadUsageCsv } from "./usage-upload.ts";
import { renderUsage } from "./views/usage.ts";
import type { UsageDeps } from "./deps.ts";

const NO_MATTER = "This channel isn't linked to a client matter, so no usage is billed to it.";

export function registerUsageCommand(router: CommandRouter, deps: UsageDeps): void {
  router.on("usage", async ({ command, ack, respond, client, ctx }) => {
    const matters = [...ctx.matters];
    if (!command.export) {
      try {
        const { start, end } = utcMonthBounds(deps.clock.now());
        const entries = matters.length > 0 ? await deps.store.usageEntries({ matters, start, end, limit: USAGE_ROWS_MAX }) : [];
        await ack(ephemeral(renderUsage({ usage: summarize(entries, matters, start), testMode: deps.testMode })));
      } catch (error) {
        ctx.log.error({ err: error }, "could not read usage");
        await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
      }
      return;
    }
    if (matters.length === 0 || !ctx.channelId) return void (await ack(ephemeral(NO_MATTER)));
    const month = pickMonth(command.export.month, deps.clock.now());
    if (!month.ok) return void (await ack(ephemeral(month.message)));
    await ack(ephemeral(`:hourglass_flowing_sand: Preparing ${month.label}'s usage as a CSV file…`));
    try {
      const rows = await uploadUsageCsv(deps, client, { channelId: ctx.channelId, matters, month, comment: `exported by <@${ctx.userId}>` });
      ctx.log.info({ rows, month: month.label }, "usage exported");
    } catch (error) {
      ctx.log.error({ err: error }, "could not export usage");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
