/**
 * `/docket case <court> <docket>`, `/docket case <URL>` and a bare `/docket <court> <docket>`
 * (issue 4, Commands): the acknowledgement is the "working" state, shown at once; the case view
 * then replaces it, from the service's stored copy (never a fee), for the user alone with "Share to
 * channel", exactly as the Look up shortcut and search's View show it (issue 15 item 11: private
 * first, shared on purpose; a full case view is too big to drop on a channel by default).
 */
import { renderCaseWorking } from "./views/case-messages.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { responseBody } from "../../slack/outbound.ts";
import { showCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export function registerCaseCommand(router: CommandRouter, deps: CasesDeps): void {
  router.on(
    "case",
    async ({ command, respond, ctx }) => {
      await showCase({ deps, ctx, ref: command.ref, respond, responseType: "ephemeral", replaceOriginal: true, share: true });
    },
    // The working message needs only the command: acked before the channel's matters are read.
    { ackFirst: ({ command }) => ({ answer: responseBody(renderCaseWorking(command.ref), { response_type: "ephemeral" }) }) },
  );
}
