/**
 * Matters, tracking, usage and App Home (issue 4: "Matters, ethical walls and the fee guard";
 * Commands `track`, `untrack`, `watch`, `unwatch`, `tracking`, `matter …`, `usage`; the Track
 * button and `docket_track` shortcut; App Home). Slack wiring lives in the *-commands, track-modal,
 * tracking-list and home files; the service logic in trackers.ts and track-service.ts.
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { registerHome } from "../matters/home.ts";
import { registerMatterCommands } from "../matters/matter-commands.ts";
import { registerTrackCommands } from "./track-commands.ts";
import { registerTrackModal } from "./track-modal.ts";
import { registerTrackingList } from "./tracking-list.ts";
import { registerUsageCommand } from "../matters/usage-command.ts";

export function registerTracking(app: App, router: CommandRouter, deps: SlackDeps): void {
  registerMatterCommands(router, deps);
  registerTrackCommands(app, router, deps);
  registerTrackingList(app, router, deps);
  registerTrackModal(app, deps);
  registerUsageCommand(router, deps);
  registerHome(app, deps);
}
