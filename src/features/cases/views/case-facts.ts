/**
 * The top of the case view (message-style.md, Case view 2-4): the context line (court · docket ·
 * filed · status), the fields that matter for this kind of case, and the parties in brief.
 */
import { caseUrl } from "../../../court/refs.ts";
import type { Counsel, Party } from "../../../docket/schemas/index.ts";
import type { CaseViewModel } from "./case-model.ts";
import { courtDate, courtLabel, courtLongName } from "../../../court/labels.ts";
import { count } from "../../../slack/blockkit/format.ts";
import { siteLink, toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";

const SEP = " · ";
/** Case links longer than this are left out, so a page's size never depends on the site's URL. */
export const CONTEXT_LINK_MAX = 500;
export const PARTIES_IN_BRIEF = 6;
const FIELD_VALUE_MAX = 300;

/** `Open`, `Closed 3/4/2026`, or the service's own status word; undefined when nothing is known. */
export function statusLabel(info: CaseViewModel["info"]): string | undefined {
  const terminated = courtDate(info.date_terminated);
  if (terminated) return `Closed ${terminated}`;
  const status = info.status?.trim();
  if (!status) return undefined;
  if (/^(closed|terminated)$/i.test(status)) return "Closed";
  if (/^open$/i.test(status)) return "Open";
  return status;
}

/** `S.D.N.Y. · <url|1:23-cv-01234> · Filed 9/11/2002 · Open` (mrkdwn). */
export function contextLine(model: CaseViewModel, siteUrl: string): string {
  const docket = toMrkdwnLine(model.docket, 80);
  const url = caseUrl(siteUrl, { court: courtLongName(model.court), docket: model.docket }, model.info.title);
  const parts = [
    toMrkdwnLine(courtLabel(model.court), 120),
    url.length <= CONTEXT_LINK_MAX ? siteLink(url, docket, { siteUrl }) : docket,
  ];
  const filed = courtDate(model.info.date_filed);
  if (filed) parts.push(`Filed ${toMrkdwnLine(filed)}`);
  const status = statusLabel(model.info);
  if (status) parts.push(toMrkdwnLine(status, 60));
  return parts.filter((p) => p !== "").join(SEP);
}

function field(label: string, value: string | undefined): string | undefined {
  const v = value === undefined ? "" : toMrkdwnLine(value, FIELD_VALUE_MAX);
  return v === "" ? undefined : `*${label}*\n${v}`;
}

function listed(values: readonly string[], shown: number): string | undefined {
  const clean = values.map((v) => v.trim()).filter((v) => v !== "");
  if (clean.length === 0) return undefined;
  const more = clean.length > shown ? `, +${count(clean.length - shown)} more` : "";
  return clean.slice(0, shown).join(", ") + more;
}

/** A string-valued key the spec does not name (looseObject passes unknown keys through). */
function extra(info: CaseViewModel["info"], ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = (info as Record<string, unknown>)[k];
    if (typeof v === "string" && v.trim() !== "") return v;
  }
  return undefined;
}

/**
 * The fields for this kind of case: judges, nature of suit and cause for all; patents when there
 * are any; chapter, 341 meeting and discharge for bankruptcy; the originating court for appeals
 * (when the service names it). At most 10 (Slack's limit for a section).
 */
export function caseFields(model: CaseViewModel): string[] {
  const info = model.info;
  const judges = info.judges.length > 0 ? info.judges : info.judge ? [info.judge] : [];
  const chapter = info.chapter?.trim();
  const fields = [
    field(judges.length > 1 ? "Judges" : "Judge", listed(judges, 4)),
    field("Nature of suit", info.nature_of_suit),
    field("Cause", info.cause),
    field(info.patents.length > 1 ? "Patents" : "Patent", listed(info.patents, 6)),
    field("Chapter", chapter),
    field("341 meeting", courtDate(info.date_341_meeting)),
    field("Discharged", courtDate(info.date_discharged)),
    field("Originating court", extra(info, "originating_court", "lower_court", "appeal_from", "origin_court")),
  ];
  return fields.filter((f): f is string => f !== undefined).slice(0, 10);
}

/** `(Jones Day — lead: A. Smith)`, `(pro se)`, or "" without counsel. */
function counselNote(counsel: readonly Counsel[]): string {
  const lead = counsel.find((c) => c.lead) ?? counsel[0];
  if (!lead) return "";
  if (lead.prose) return " (pro se)";
  const name = toMrkdwnLine(lead.name, 60);
  const firm = lead.firm ? toMrkdwnLine(lead.firm, 60) : "";
  const who = name === "" ? "" : lead.lead ? `lead: ${name}` : name;
  const note = [firm, who].filter((p) => p !== "").join(" — ");
  return note === "" ? "" : ` (${note})`;
}

/** `*Plaintiff:* Acme Corp (Jones Day — lead: A. Smith)` (mrkdwn). */
export function partyLine(p: Party): string {
  const role = toMrkdwnLine(p.type ?? "", 40) || "Party";
  const name = toMrkdwnLine(p.name, 120) || "(unnamed)";
  return `*${role}:* ${name}${counselNote(p.counsel)}`;
}

/** The parties in brief, or undefined when there are none; says how many more there are. */
export function partiesBrief(parties: readonly Party[]): string | undefined {
  if (parties.length === 0) return undefined;
  const lines = parties.slice(0, PARTIES_IN_BRIEF).map(partyLine);
  const rest = parties.length - PARTIES_IN_BRIEF;
  if (rest > 0) lines.push(`_…and ${count(rest)} more ${rest === 1 ? "party" : "parties"}_`);
  return lines.join("\n");
}
