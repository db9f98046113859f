/**
 * `/docket case <court> <docket>` and `/docket case <URL>` (issue 4, Commands): the acknowledgement
 * is the "working" state, shown at once; the case view then goes to the channel (in_channel, as the
 * team asked) from the service's stored copy, which never costs a fee.
 */
import { renderCaseWorking } from "./views/case-messages.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { responseBody } from "../../slack/outbound.ts";
import { showCase } from "./show-case.ts";

export function registerCaseCommand(router: CommandRouter, deps: SlackDeps): void {
  router.on("case", async ({ command, ack, respond, ctx }) => {
    await ack(responseBody(renderCaseWorking(command.ref), { response_type: "ephemeral" }));
    await showCase({ deps, ctx, ref: command.ref, respond, responseType: "in_channel", deleteOriginal: true });
  });
}
