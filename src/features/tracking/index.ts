/**
 * Tracking (issue 4: "Matters, ethical walls and the fee guard"): commands `track`, `untrack`,
 * `watch`, `unwatch` and `tracking`, the Track button and the `docket_track` shortcut. Slack wiring
 * lives in track-commands, track-modal and tracking-list; the service logic in trackers.ts and
 * track-service.ts. Its App Home section is home-section.ts.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { HomeSections } from "../../slack/home-sections.ts";
import { trackingHomeSection } from "./home-section.ts";
import { registerTrackCommands } from "./track-commands.ts";
import { registerTrackModal } from "./track-modal.ts";
import { registerTrackingList } from "./tracking-list.ts";
import type { TrackingDeps } from "./deps.ts";

export type { TrackingDeps, TrackingStore } from "./deps.ts";

export { createReconciler, type Reconciler } from "./reconciler.ts";

export function registerTracking(app: App, router: CommandRouter, deps: TrackingDeps, ext: { home: HomeSections }): void {
  ext.home.add(trackingHomeSection(deps));
  registerTrackCommands(app, router, deps);
  registerTrackingList(app, router, deps);
  registerTrackModal(app, deps);
}
