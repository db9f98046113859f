/**
 * The `/docket help` guide: compact, with one example per command (issue 4, Commands).
 */
import type { KnownBlock } from "@slack/types";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";

export interface HelpModel {
  qaEnabled: boolean;
  isAdmin: boolean;
  /** The channel's linked matters. */
  matters: readonly string[];
}

export function renderHelp(model: HelpModel): { text: string; blocks: KnownBlock[] } {
  const lines = [
    "`/docket search acme widget` — search cases (phrases, `party:(name:acme type:defendant)`, `court:(nysd)`)",
    "`/docket case nysd 1:23-cv-01234` — show a case, only to you until you *Share to channel* (a court code, a citation like `S.D.N.Y.`, or a pasted case link)",
    ...(model.qaEnabled ? ["`/docket ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?` — ask about a case; follow up by mentioning @docketbot in its thread"] : []),
    "`/docket pacer Acme type:civil filed:2023-01-01..2024-12-31` — live federal search (PACER fees; I ask first)",
    "`/docket track nysd 1:23-cv-01234 daily` · `untrack …` — new filings in this channel",
    '`/docket watch "widget patent" weekly` · `unwatch …` — new cases matching a search',
    "`/docket tracking` — what this channel tracks · `/docket usage` — calls and spend this month",
    "`/docket budget` — each matter's monthly cap and spend · `budget set ACME-001 $500 ask-above $0.25` (admins)",
    "`/docket alerts` — filings nobody has docketed yet · `/docket digest` — what came in since the last digest (only you see it)",
    "`/docket alerts settings` — what posts to this channel and when digests come (admins)",
    "`/docket matter` — this channel's client matters · `matter link ACME-001` · `matter unlink ACME-001` (admins)",
    "`/docket audit` (admins) — who tracked, changed, linked and signed off what, for this channel's matters · `audit export` as a CSV",
    "`/docket deadlines` — court dates of this channel's matters in the next 30 days, with Mark calendared · `deadlines settings 7 1` — reminder days (admins)",
    "`/docket calendar` — a matter's court dates as a calendar feed for Outlook or Google Calendar: make or revoke its URL (admins)",
  ];
  const matterLine =
    model.matters.length > 0
      ? `This channel's matter${model.matters.length > 1 ? "s" : ""}: ${model.matters.map((m) => `*${toMrkdwnLine(m)}*`).join(", ")}.`
      : "This channel isn't linked to a client matter yet, so it can look cases up but not track them.";
  const admin = model.isAdmin ? " As an admin you can `/docket matter link ACME-001` or `unlink` it." : " An admin can link one with `/docket matter link ACME-001`.";
  return {
    text: "docketbot help: search, show, ask about and track court cases with /docket.",
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: "*docketbot* brings court dockets into this channel." } },
      { type: "section", text: { type: "mrkdwn", text: lines.map((l) => `• ${l}`).join("\n") } },
      { type: "context", elements: [{ type: "mrkdwn", text: matterLine + (model.matters.length > 0 ? "" : admin) }] },
      { type: "context", elements: [{ type: "mrkdwn", text: "Shortcuts: *Look up case*, *Ask about this case* and *Track this case* on any message; *Search dockets* from the ⚡ menu." }] },
    ],
  };
}
