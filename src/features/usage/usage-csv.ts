/**
 * The usage export as CSV (issue 14 item 4): one row per call with its date, user, channel, matter,
 * endpoint, fee kind, amount, whether the amount is reported or estimated, and the reference id
 * (the ref users see in messages and logs carry). RFC 4180 (CRLF, every field quoted); fields
 * starting with = + - @ are prefixed with ' so a spreadsheet reads text, not formulas. Amounts are
 * billable.ts feeOf, the same the `/docket usage` view sums. Pure.
 */
import type { UsageEntry } from "../../store/store.ts";
import { feeOf } from "./billable.ts";

const HEADER = ["date_utc", "user", "channel", "matter", "endpoint", "fee_kind", "amount_usd", "estimate_or_reported", "reference_id"];

function field(v: string | undefined): string {
  const s = v ?? "";
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Up to six decimals (AI prices go below a cent), no float noise. */
function amount(n: number): string {
  return n.toFixed(6).replace(/0{1,4}$/, "");
}

export function usageCsv(entries: readonly UsageEntry[]): string {
  const rows = entries.map((e) => {
    const f = feeOf(e);
    const priced = f.basis === "reported" || f.basis === "estimate";
    return [
      new Date(e.at).toISOString(), e.userId, e.channelId, e.clientMatter, e.endpoint,
      f.kind === "" ? "none" : f.kind === "ai" ? "ai" : e.feeKind, priced ? amount(f.amount) : "", f.basis === "none" ? "" : f.basis, e.correlationId,
    ];
  });
  return [HEADER, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}
