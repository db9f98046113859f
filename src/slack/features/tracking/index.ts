/** Matters, tracking, usage and App Home (issue 4): registered by the tracking feature. */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../commands/router.ts";
import type { SlackDeps } from "../../deps.ts";

export function registerTracking(_app: App, _router: CommandRouter, _deps: SlackDeps): void {}
