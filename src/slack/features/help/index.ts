/** `/docket help`: answered in the acknowledgement itself (no slow work). */
import type { CommandRouter } from "../../commands/router.ts";
import type { SlackDeps } from "../../deps.ts";
import { renderHelp } from "../../../render/help.ts";

export function registerHelp(router: CommandRouter, deps: SlackDeps): void {
  router.on("help", async ({ ack, ctx }) => {
    await ack({ response_type: "ephemeral", ...renderHelp({ qaEnabled: deps.qaEnabled, isAdmin: ctx.isAdmin, matters: ctx.matters }) });
  });
}
