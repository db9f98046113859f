/**
 * Alerts' App Home entry (slack/home-sections.ts; issue 12, item 3): admins get "Alert settings",
 * which asks which channel and opens its settings. Nothing for other users.
 */
import type { HomeSection } from "../../slack/home-sections.ts";
import { homeAlertSettingsBlocks } from "./views/home-alert-settings.ts";

export function alertSettingsHomeSection(): HomeSection {
  return { id: "alert-settings", order: 40, render: async ({ request }) => homeAlertSettingsBlocks({ isAdmin: request.isAdmin }) };
}
