/**
 * What an admin reads of a channel's audit trail, end to end through the bot: `/docket audit`
 * (its message text and blocks) and `/docket audit export` (the CSV the stand-in kept).
 */
import { ackBody, command, textOf } from "../features/tracking/helpers.ts";
import type { BotHarness } from "./bot-harness.ts";

export async function readAudit(h: BotHarness, channel: string, admin = "U0ADMIN"): Promise<{ text: string; csv: string }> {
  const text = textOf(ackBody(await command(h, "audit", admin, channel)));
  const before = new Set(h.slack.state.files().map((f) => f.id));
  await command(h, "audit export", admin, channel);
  const file = await h.slack.waitFor(
    () => h.slack.state.files().find((f) => f.name.startsWith("docketbot-audit-") && !before.has(f.id)),
    { what: "the audit CSV" },
  );
  // The stand-in keeps the uploaded bytes (its state's file store; the view type doesn't list it).
  const store = (h.slack.state as unknown as { fileStore: { get(id: string): { bytes?: Buffer } | undefined } }).fileStore;
  return { text, csv: store.get(file.id)!.bytes!.toString("utf8") };
}
