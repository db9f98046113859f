/**
 * `/docket usage` (issue 4, fee guard): month-to-date calls and spend per matter of this channel.
 * Only the channel's own matters are asked for, so no other matter's figures can appear. The
 * ledger is a local SQLite read, so the answer goes in the ack.
 */
import { renderUsage } from "./views/usage.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { ephemeral } from "../../slack/outbound.ts";

export function registerUsageCommand(router: CommandRouter, deps: SlackDeps): void {
  router.on("usage", async ({ ack, ctx }) => {
    try {
      const usage = ctx.matters.length > 0 ? await deps.store.usageMonthToDate(ctx.matters) : [];
      await ack(ephemeral(renderUsage({ usage, testMode: deps.testMode })));
    } catch (error) {
      ctx.log.error({ err: error }, "could not read usage");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });
}
