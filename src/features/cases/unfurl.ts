/**
 * `link_shared` for the service's site (issue 4, Shortcuts, unfurls, Home): each case link becomes
 * a compact case card through chat.unfurl. Links on siteUrl's host count (parseCaseUrl checks
 * the host), and PACER CM/ECF links that carry a docket number (manifest.yml unfurl_domains). Walls: the docket read carries the channel's own matter, and the card shows no matter.
 * A link that can't be read is left as it is (logged); an unfurl never posts an error to a channel.
 */
import type { App } from "@slack/bolt";
import type { LinkUnfurls } from "@slack/web-api";
import { caseKey } from "../../court/case-key.ts";
import { caseRefOfLink } from "../../court/case-refs.ts";
import type { CaseRef } from "../../court/refs.ts";
import { renderCaseUnfurl } from "./views/unfurl.ts";
import { buildContext } from "../../slack/context.ts";
import { toSlack } from "../../slack/outbound.ts";
import { slackErrorDetail } from "../../slack/slack-errors.ts";
import { fetchCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

/** Slack sends at most a handful of links per message; more than this are left alone. */
const MAX_UNFURLS = 5;

/** The site's case links among `urls`, each with its case, at most MAX_UNFURLS distinct cases. */
export function caseLinks(urls: readonly string[], siteUrl: string): { url: string; ref: CaseRef }[] {
  const out: { url: string; ref: CaseRef }[] = [];
  const cases = new Set<string>();
  for (const url of urls) {
    const ref = caseRefOfLink(url, siteUrl)?.ref;
    if (!ref) continue;
    const key = caseKey(ref);
    if (!cases.has(key) && cases.size >= MAX_UNFURLS) continue;
    cases.add(key);
    out.push({ url, ref });
  }
  return out;
}

// A PACER CM/ECF link that carries its docket number (issue 15 item 14) unfurls like the site's own
// links (case-refs.ts caseRefOfLink, the one reading of links that /docket case uses too). One that
// names no number is left bare: a card saying "I can't tell which case" on every pasted PACER page
// would be noise; Look up says it when asked.

export function registerUnfurls(app: App, deps: CasesDeps): void {
  app.event("link_shared", async ({ event, body, client }) => {
    const links = caseLinks(event.links.map((l) => l.url), deps.siteUrl);
    if (links.length === 0) return;
    const ctx = await buildContext(deps, { teamId: body.team_id, userId: event.user, channelId: event.channel }, "event:link_shared");
    const unfurls: LinkUnfurls = {};
    const models = new Map<string, Promise<Awaited<ReturnType<typeof fetchCase>> | undefined>>();
    for (const { url, ref } of links) {
      const key = caseKey(ref);
      if (!models.has(key)) {
        models.set(key, fetchCase(deps, ctx, ref).catch((err: unknown) => void ctx.log.warn({ err, court: ref.court, docket: ref.docket }, "no unfurl for a case link")));
      }
      const model = await models.get(key);
      if (model) unfurls[url] = { blocks: toSlack(renderCaseUnfurl(model, { siteUrl: deps.siteUrl })).blocks };
    }
    if (Object.keys(unfurls).length === 0) return;
    const target = event.unfurl_id && event.source ? { unfurl_id: event.unfurl_id, source: event.source } : { channel: event.channel, ts: event.message_ts };
    // Slack may refuse (cannot_unfurl_url, cannot_find_message…: docs.slack.dev/reference/methods/chat.unfurl):
    // the link simply stays bare, nobody is waiting on it, so it is no unhandled error (issue 15 item 7).
    await client.chat.unfurl({ ...target, unfurls } as never).catch((err: unknown) =>
      ctx.log.info({ err, slack: slackErrorDetail(err) }, "Slack refused the unfurl; the link stays as posted"),
    );
  });
}
