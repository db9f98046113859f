/**
 * Rows of the alert desk's filings table (migration 8) as FilingRecords, on both databases: the
 * one mapper the filings area and the sign-off area share.
 */
import type { FilingLevel, FilingRecord } from "../store.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import type { Row } from "../sql/statement.ts";

const LEVELS: readonly FilingLevel[] = ["urgent", "notable", "routine"];
const SHOWN: readonly FilingRecord["shown"][] = ["channel", "thread", "muted"];

export function toFiling(row: Row): FilingRecord {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    court: text(row, "court"),
    docket: text(row, "docket"),
    entryKey: text(row, "entry_key"),
    entryNumber: optText(row, "entry_number"),
    entryDate: optText(row, "entry_date"),
    level: oneOf(row, "level", LEVELS),
    kind: text(row, "kind"),
    summary: text(row, "summary"),
    link: optText(row, "link"),
    caseTitle: optText(row, "case_title"),
    deliveryId: optInt(row, "delivery_id"),
    shown: oneOf(row, "shown", SHOWN),
    messageTs: optText(row, "message_ts"),
    createdAt: int(row, "created_at"),
    docketedBy: optText(row, "docketed_by"),
    docketedAt: optInt(row, "docketed_at"),
    assignee: optText(row, "assignee"),
    assignedBy: optText(row, "assigned_by"),
    assignedAt: optInt(row, "assigned_at"),
  };
}
