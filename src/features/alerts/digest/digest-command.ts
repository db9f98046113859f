/**
 * `/docket digest` (issue 12, item 6): the channel's digest under way — every filing since its last
 * digest, as the scheduled one would list it — shown to the asker alone. Walls: the channel's
 * matters (the request context). A few local SQLite reads: answered inside the acknowledgement.
 */
import type { CommandRouter } from "../../../slack/commands/router.ts";
import { renderDigest } from "../views/digest.ts";
import { currentDigestSince } from "./gather.ts";
import type { AlertsHandlerDeps } from "../deps.ts";

export const NO_MATTER = "This channel isn't linked to a client matter, so it has no digest. Link one with `/docket matter link ACME-001`.";
export const NO_CHANNEL = "Run `/docket digest` in a channel to see its digest.";

export function registerDigestCommand(router: CommandRouter, deps: AlertsHandlerDeps): void {
  router.on("digest", async ({ ack, ctx }) => {
    if (!ctx.channelId) return void (await ack({ response_type: "ephemeral", text: NO_CHANNEL }));
    if (ctx.matters.length === 0) return void (await ack({ response_type: "ephemeral", text: NO_MATTER }));
    const channel = { teamId: ctx.teamId, channelId: ctx.channelId };
    const now = deps.clock.now();
    const since = await currentDigestSince(deps.store, channel, now);
    // Up to and including now: [since, now + 1).
    const filings = await deps.store.filingsBetween(channel, since, now + 1, { matters: ctx.matters });
    await ack({ response_type: "ephemeral", ...renderDigest({ period: "current", since, until: now, filings }, { siteUrl: deps.siteUrl }) });
  });
}
