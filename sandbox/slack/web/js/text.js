/** Block Kit text objects (plain_text, mrkdwn) as nodes, or as one plain string for labels. */
import { decodeEntities, emojiFor } from "./format.js";
import { mrkdwn, textWithEmoji } from "./mrkdwn.js";

export function renderText(obj, ctx) {
  if (!obj || typeof obj.text !== "string") return null;
  if (obj.type === "mrkdwn") return mrkdwn(obj.text, ctx);
  // plain_text is shown as written; `emoji` (default true) turns :codes: into emoji.
  return textWithEmoji(obj.text, obj.emoji !== false, false);
}

/** For <option>s, aria-labels and titles: no markup at all. */
export function plainString(obj) {
  if (!obj || typeof obj.text !== "string") return "";
  const s = obj.type === "mrkdwn" ? decodeEntities(obj.text) : obj.text;
  return s.replace(/:([a-z0-9_+-]{1,50}):/g, (code, name) => emojiFor(name) ?? code);
}
