/**
 * The case view's Older / Newer entries buttons and the private view's "Share to channel".
 *
 * Paging is private (issue 15 item 11): on a private view the page replaces it in place; on a view
 * shared in the channel the clicker gets a private copy of that page (with Share to channel) and
 * the shared message stays as everyone sees it. Share to channel posts the private view's page to
 * the channel and removes the private copy.
 */
import type { App } from "@slack/bolt";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { STALE_BUTTON, onCaseAction } from "./action-kit.ts";
import { showCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export function registerViewActions(app: App, deps: CasesDeps): void {
  onCaseAction(app, deps, ACTION.casePage, async ({ value, respond, surface, ctx, tell }) => {
    if (!respond || surface.kind !== "message") return tell(STALE_BUTTON);
    await showCase({
      deps, ctx, ref: value, page: value.page ?? 0, respond, responseType: "ephemeral", share: true,
      // Only our own private message is rewritten; a shared one is left for everyone as it was.
      replaceOriginal: surface.ephemeral,
    });
  });

  onCaseAction(app, deps, ACTION.shareToChannel, async ({ value, respond, ctx, tell }) => {
    if (!respond) return tell(STALE_BUTTON);
    const shown = await showCase({ deps, ctx, ref: value, page: value.page ?? 0, respond, responseType: "in_channel" });
    if (shown.ok) await respond({ delete_original: true }).catch((err: unknown) => ctx.log.warn({ err }, "could not remove the private view"));
  });
}
