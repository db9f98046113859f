/**
 * Linking a second matter into a channel asks the admin first (issue 13, item 3): every member
 * will start to see that matter's alerts, tracked cases and usage, and may spend under it. The
 * question names what; the button links. Pure.
 */
import { actions, button, context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { codec } from "../../../slack/blockkit/codec.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";

const CONTROL = /[\u0000-\u001F\u007F]/;
const LINK = codec((w): { m: string } | undefined => {
  const m = w.m;
  return typeof m === "string" && m.trim() !== "" && m.length <= 50 && !CONTROL.test(m) ? { m } : undefined;
}, { maxLength: SLACK_LIMITS.buttonValue, what: "button value" });

export const encodeLinkMatter = (matter: string): string => LINK.mustEncode({ m: matter });
export const decodeLinkMatter = (raw: unknown): string | undefined => LINK.decode(raw)?.m;

export interface ConfirmLinkModel {
  matter: string;
  /** The channel's matters now (at least one). */
  existing: readonly string[];
  /** Cases and saved searches the matter follows, and its other channels: what starts to show here. */
  subscriptions: number;
  otherChannels: number;
}

export function renderConfirmLink(m: ConfirmLinkModel): MessagePayload {
  const name = matterName(m.matter);
  const plain = toPlainText(m.matter, 50);
  const now = m.existing.map((x) => matterName(x)).join(", ");
  const follows = m.subscriptions > 0 ? ` (it follows ${plural(m.subscriptions, "case or saved search", "cases and saved searches")})` : "";
  const shared = m.otherChannels > 0 ? ` It is linked to ${plural(m.otherChannels, "other channel", "other channels")} already.` : "";
  return {
    text: `Link ${plain} to this channel as well? Everyone here will start to see its alerts and tracked cases.`,
    blocks: [
      section(`Link ${name} to this channel as well? It is linked to ${now} now.`),
      context(
        `Everyone in this channel will start to see ${name}'s alerts${follows}, its tracked cases and saved searches in \`/docket tracking\` and on Home, ` +
          `its usage in \`/docket usage\`, and may track cases and run searches billed to it; with more than one matter here, each question, search or court fee asks which one pays.${shared} Nothing changes unless you click the button.`,
      ),
      actions([button({ text: `Link ${plain}`, style: "primary", actionId: actionId(ACTION.linkMatter, 0), value: encodeLinkMatter(m.matter) })]),
    ],
  };
}
