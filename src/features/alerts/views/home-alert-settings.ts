/**
 * App Home's "Alert settings" entry (issue 12, item 3; everyone may view, issue 25 item 11): Home is per user and has
 * no channel, so the button first asks which channel (alert-settings-picker.ts), then opens that
 * channel's settings. App Home composes these blocks as it composes tracking's section. Pure.
 */
import { button, section, type Block } from "../../../slack/blockkit/blocks.ts";

export const ALERT_SETTINGS_HOME_ACTION = "alert_settings_home";

export function homeAlertSettingsBlocks(m: { isAdmin: boolean }): Block[] {
  // Everyone may look (issue 25 item 11); only admins change them.
  return [
    section(
      m.isAdmin
        ? "*Alert settings*\nChoose which filings post to a channel and when its digest comes. Orders, opinions and judgments always post."
        : "*Alert settings*\nSee which filings post to a channel and when its digest comes. Only docketbot admins can change them.",
      button({ text: m.isAdmin ? "Alert settings" : "View alert settings", actionId: ALERT_SETTINGS_HOME_ACTION, value: "pick" }),
    ),
  ];
}
