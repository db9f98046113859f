/**
 * The first step of alert settings from App Home (issue 12, item 3): which channel. Submitting it
 * replaces this modal with that channel's settings (alert-settings-modal.ts). Pure.
 */
import { context, plainText, type InputBlock, type ModalView, type Block } from "../../../slack/blockkit/blocks.ts";

export const ALERT_SETTINGS_PICK_CALLBACK = "alert_settings_pick";
export const PICK_BLOCK = "alert_settings_channel";
export const PICK_ELEMENT = "channel";

export function renderAlertSettingsPicker(): ModalView {
  const blocks: Array<Block | InputBlock> = [
    {
      type: "input", block_id: PICK_BLOCK, label: plainText("Channel", 2000),
      element: {
        type: "conversations_select", action_id: PICK_ELEMENT, placeholder: plainText("Choose a channel", 150),
        // Alerts go to channels linked to a client matter, never to DMs.
        filter: { include: ["public", "private"], exclude_bot_users: true, exclude_external_shared_channels: true },
      },
    },
    context("Alert settings belong to a channel linked to a client matter."),
  ];
  return {
    type: "modal", callback_id: ALERT_SETTINGS_PICK_CALLBACK, title: plainText("Alert settings", 24),
    submit: plainText("Next", 24), close: plainText("Cancel", 24), blocks,
  };
}
