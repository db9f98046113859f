/**
 * The audit trail as CSV (RFC 4180: CRLF line ends, every field quoted, quotes doubled), for
 * `/docket audit export`. Fields starting with = + - @ or a tab are prefixed with ' so a
 * spreadsheet opens them as text, not formulas (OWASP, CSV injection): case titles and queries
 * come from users and the service. Times in ISO UTC. Pure.
 */
import type { AuditEvent } from "../../store/store.ts";
import { auditDeed } from "./views/audit-log.ts";

/** `what` says the action in the audit view's words (`set ACME-001's budget to $500 a month`). */
const HEADER = ["time_utc", "action", "user", "matter", "channel", "court", "docket", "saved_search", "entry", "assignee", "detail", "what"];

function field(v: string | undefined): string {
  const s = v ?? "";
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function auditCsv(events: readonly AuditEvent[]): string {
  const rows = events.map((e) => {
    const c = e.target && !("q" in e.target) ? e.target : undefined;
    const q = e.target && "q" in e.target ? e.target.q : undefined;
    return [new Date(e.at).toISOString(), e.action, e.userId, e.clientMatter, e.channelId, c?.court, c?.docket, q, e.entryNumber, e.assignee, e.detail, auditDeed(e, "plain")];
  });
  return [HEADER, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}
