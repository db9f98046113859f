/** `/docket help`: answered in the acknowledgement itself (no slow work). */
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { renderHelp } from "./views/help.ts";

export function registerHelp(router: CommandRouter, deps: SlackDeps): void {
  router.on("help", async ({ ack, ctx }) => {
    await ack({ response_type: "ephemeral", ...renderHelp({ qaEnabled: deps.qaEnabled, isAdmin: ctx.isAdmin, matters: ctx.matters }) });
  });
}
