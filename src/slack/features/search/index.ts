/** Search, PACER search and the Search dockets shortcut (issue 4): registered by the search feature. */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../commands/router.ts";
import type { SlackDeps } from "../../deps.ts";

export function registerSearch(_app: App, _router: CommandRouter, _deps: SlackDeps): void {}
