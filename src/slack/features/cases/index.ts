/** Case views, documents, lookups and unfurls (issue 4): registered by the cases feature. */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../commands/router.ts";
import type { SlackDeps } from "../../deps.ts";

export function registerCases(_app: App, _router: CommandRouter, _deps: SlackDeps): void {}
