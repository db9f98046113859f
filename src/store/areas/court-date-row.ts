/**
 * A court_dates row as a CourtDateRecord (court-dates.ts, court-date-desk.ts, court-date-follows.ts),
 * and a case's key as court_dates.case_key and court_date_matters.case_key hold it.
 */
import { caseKey } from "../../court/case-key.ts";
import type { CourtDate, CourtDateChange, CourtDateKind, CourtDateMet, CourtDateStatus } from "../../court/deadlines/court-date.ts";
import { COURT_DATE_KINDS } from "../../court/deadlines/court-date.ts";
import type { CourtDateRecord } from "../court-date-records.ts";
import type { Dialect } from "../sql/context.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import type { Row } from "../sql/statement.ts";

/**
 * court/case-key.ts's caseKey as stored: it joins court and docket with a NUL, which SQLite's text
 * holds as is and PostgreSQL's cannot (Dialect.storableText escapes it there). The key is only
 * ever compared, never read back.
 */
export const storedCaseKey = (ctx: { dialect: Dialect }, ref: { court: string; docket: string }): string =>
  ctx.dialect.storableText(caseKey(ref));

const STATUSES: readonly CourtDateStatus[] = ["scheduled", "moved", "cancelled"];

function parseHistory(json: string): CourtDateChange[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as CourtDateChange[]) : [];
  } catch {
    return [];
  }
}

/** What the extractor decided about a date, kept beside it (migration 18): JSON columns. */
export interface StoredEvidence {
  changedBy?: CourtDate["changedBy"];
  setBy?: CourtDate["setBy"];
  conflict?: CourtDate["conflict"];
  evidence?: CourtDate["evidence"];
}
export interface StoredComputedFrom {
  computed?: CourtDate["computed"];
  byRule?: CourtDate["byRule"];
}

function parseObject<T extends object>(row: Row, column: string): T {
  const v = row[column];
  if (v == null) return {} as T;
  try {
    const parsed: unknown = JSON.parse(String(v));
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as T) : ({} as T);
  } catch {
    return {} as T;
  }
}

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The JSON of the evidence, computed-from and met columns of a date (null when empty). */
export function evidenceColumns(d: Partial<CourtDate>): { evidence: string | null; computedFrom: string | null; met: string | null } {
  const evidence = defined<StoredEvidence>({ changedBy: d.changedBy, setBy: d.setBy, conflict: d.conflict, evidence: d.evidence });
  const computedFrom = defined<StoredComputedFrom>({ computed: d.computed, byRule: d.byRule });
  const json = (o: object) => (Object.keys(o).length === 0 ? null : JSON.stringify(o));
  return { evidence: json(evidence), computedFrom: json(computedFrom), met: d.met ? JSON.stringify(d.met) : null };
}

export function toCourtDate(row: Row): CourtDateRecord {
  const matters = row.matters == null ? [] : (JSON.parse(text(row, "matters")) as string[]);
  const number = optText(row, "source_number");
  return {
    id: int(row, "id"),
    court: text(row, "court"),
    docket: text(row, "docket"),
    caseTitle: optText(row, "case_title"),
    key: text(row, "date_key"),
    kind: oneOf<CourtDateKind>(row, "kind", COURT_DATE_KINDS),
    title: text(row, "title"),
    date: text(row, "date"),
    ...(row.time == null ? {} : { time: text(row, "time") }),
    ...(row.place == null ? {} : { place: text(row, "place") }),
    ...(row.judge == null ? {} : { judge: text(row, "judge") }),
    status: oneOf(row, "status", STATUSES),
    source: { ...(number === undefined ? {} : { entryNumber: number }), entryDate: text(row, "source_date"), entryIndex: -1 },
    confidence: Number(row.confidence),
    history: parseHistory(text(row, "history")),
    ...defined(parseObject<StoredEvidence>(row, "evidence")),
    ...defined(parseObject<StoredComputedFrom>(row, "computed_from")),
    ...(row.met == null ? {} : { met: parseObject<CourtDateMet>(row, "met") }),
    matters: [...matters].sort(),
    sequence: int(row, "sequence"),
    createdAt: int(row, "created_at"),
    updatedAt: int(row, "updated_at"),
  };
}
