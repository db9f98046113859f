/** Thread Q&A (issue 4): registered by the qa feature. */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../commands/router.ts";
import type { SlackDeps } from "../../deps.ts";

export function registerQa(_app: App, _router: CommandRouter, _deps: SlackDeps): void {}
