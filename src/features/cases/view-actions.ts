/**
 * The case view's Older / Newer entries buttons, which replace the view in place with the page
 * the button names, and the lookup view's "Share to channel", which posts the private view to the
 * channel and removes the private copy.
 */
import type { App } from "@slack/bolt";
import { ACTION } from "../../slack/blockkit/ids.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { STALE_BUTTON, onCaseAction } from "./action-kit.ts";
import { showCase } from "./show-case.ts";

export function registerViewActions(app: App, deps: SlackDeps): void {
  onCaseAction(app, deps, ACTION.casePage, async ({ value, respond, surface, ctx, tell }) => {
    if (!respond || surface.kind !== "message") return tell(STALE_BUTTON);
    await showCase({
      deps, ctx, ref: value, page: value.page ?? 0, respond, replaceOriginal: true,
      responseType: surface.ephemeral ? "ephemeral" : "in_channel",
      // A private (lookup) view keeps its Share button as it pages.
      share: surface.ephemeral,
    });
  });

  onCaseAction(app, deps, ACTION.shareToChannel, async ({ value, respond, ctx, tell }) => {
    if (!respond) return tell(STALE_BUTTON);
    const shown = await showCase({ deps, ctx, ref: value, page: value.page ?? 0, respond, responseType: "in_channel" });
    if (shown.ok) await respond({ delete_original: true }).catch((err: unknown) => ctx.log.warn({ err }, "could not remove the private view"));
  });
}
