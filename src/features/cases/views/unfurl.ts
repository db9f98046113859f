/**
 * The compact case card for `link_shared` unfurls (issue 4, "Shortcuts, unfurls, Home"): the
 * identity line, the status, and the latest entry. It never names a client matter or carries a
 * correlation id: an unfurl is read by everyone in the channel, whatever matter fetched it.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { entryText, sortEntriesNewestFirst } from "../../../slack/blockkit/case-entries.ts";
import { statusLabel } from "./case-facts.ts";
import type { CaseViewModel } from "./case-model.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

export function renderCaseUnfurl(model: CaseViewModel, opts: { siteUrl: string }): MessagePayload {
  const target = { title: model.info.title, court: model.court, docket: model.docket };
  const entries = sortEntriesNewestFirst(model.docket_report);
  const facts = [
    courtDate(model.info.date_filed) ? `Filed ${toMrkdwnLine(courtDate(model.info.date_filed)!)}` : "",
    toMrkdwnLine(statusLabel(model.info) ?? "", 60),
    entries.length > 0 ? plural(entries.length, "docket entry", "docket entries") : "No docket entries yet",
  ].filter((p) => p !== "");
  const blocks: MessagePayload["blocks"] = [section(caseIdentity(target, { siteUrl: opts.siteUrl })), context(facts.join(" · "))];
  const latest = entries[0];
  if (latest) {
    const ctx = { siteUrl: opts.siteUrl, court: courtLongName(model.court), docket: model.docket };
    blocks.push(section(`*Latest:* ${entryText(latest, ctx)}`));
  }
  const status = statusLabel(model.info);
  return { text: `${caseIdentityText(target)}${status ? ` · ${toPlainText(status, 60)}` : ""}`, blocks };
}
