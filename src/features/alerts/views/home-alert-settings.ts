/**
 * App Home's "Alert settings" entry (issue 12, item 3), for admins only: Home is per user and has
 * no channel, so the button first asks which channel (alert-settings-picker.ts), then opens that
 * channel's settings. App Home composes these blocks as it composes tracking's section. Pure.
 */
import { button, section, type Block } from "../../../slack/blockkit/blocks.ts";

export const ALERT_SETTINGS_HOME_ACTION = "alert_settings_home";

export function homeAlertSettingsBlocks(m: { isAdmin: boolean }): Block[] {
  if (!m.isAdmin) return [];
  return [
    section(
      "*Alert settings*\nChoose which filings post to a channel and when its digest comes. Orders, opinions and judgments always post.",
      button({ text: "Alert settings", actionId: ALERT_SETTINGS_HOME_ACTION, value: "pick" }),
    ),
  ];
}
