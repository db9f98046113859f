/**
 * The case view's "All N parties" button (ACTION.moreParties): every party with its counsel in a
 * modal. The modal opens at once with a "working" line (a trigger_id lives 3 seconds, and the
 * docket read may take longer), then is updated with the parties; its own Previous / Next buttons
 * page through long lists in place.
 */
import type { App } from "@slack/bolt";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { renderPartiesModal, renderPartiesNote } from "./views/parties.ts";
import { onCaseAction } from "./action-kit.ts";
import { caseErrorText, fetchCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export function registerPartiesModal(app: App, deps: CasesDeps): void {
  onCaseAction(app, deps, ACTION.moreParties, async ({ value, body, surface, client, ctx }) => {
    let viewId: string | undefined;
    if (surface.kind === "view") {
      viewId = surface.viewId;
    } else {
      const opened = await client.views.open({ trigger_id: body.trigger_id, view: renderPartiesNote(":hourglass_flowing_sand: Getting the parties…") as never });
      viewId = opened.view?.id;
    }
    if (!viewId) throw new Error("views.open returned no view id");
    const ref = { court: value.court, docket: value.docket };
    let view;
    try {
      view = renderPartiesModal(await fetchCase(deps, ctx, ref), { siteUrl: deps.siteUrl, page: value.page ?? 0 });
    } catch (error) {
      ctx.log.warn({ err: error }, "could not list the parties");
      view = renderPartiesNote(caseErrorText(error, ctx, ref));
    }
    await client.views.update({ view_id: viewId, view: view as never });
  });
}
