/**
 * The fields of an entry the extractor reads, taken leniently: entries come from the service's
 * getdocket (`date`, `entry_date`, `number` a string or absent, `contents` HTML: spec, Docket
 * entry; observed-facts.md), from pushes, and from the real-docket fixtures, whose shapes vary.
 * Nothing here throws on a field of the wrong type; it is simply absent.
 */
import { parseServiceDate, toPacerDate } from "../dates.ts";
import { entryPlainText } from "../entry-text.ts";
import type { CourtDateEntryInput, CourtDateSource } from "./court-date.ts";

/** How much of an entry's text is read: scheduling orders run long, a hostile entry longer. */
export const ENTRY_TEXT_LIMIT = 20_000;

/** The entry's filing date, ISO, or "" when it has none readable. */
export function entryDateOf(entry: CourtDateEntryInput): string {
  for (const v of [entry.date, entry.entry_date]) {
    const d = typeof v === "string" ? parseServiceDate(v) : undefined;
    if (d && d.year <= 9999) return toPacerDate(d);
  }
  return "";
}

/** The document number as written, when there is one. */
export function entryNumberOf(entry: CourtDateEntryInput): string | undefined {
  const n = entry.number;
  if (typeof n === "number" && Number.isFinite(n)) return String(n);
  if (typeof n === "string" && n.trim() !== "") return n.trim().slice(0, 40);
  return undefined;
}

export function sourceOf(entry: CourtDateEntryInput, index: number): CourtDateSource {
  const entryNumber = entryNumberOf(entry);
  return { ...(entryNumber ? { entryNumber } : {}), entryDate: entryDateOf(entry), entryIndex: index };
}

/** Plain text of the entry: `contents` (HTML), else `description`. */
export function entryTextOf(entry: CourtDateEntryInput): string {
  const html = typeof entry.contents === "string" && entry.contents.trim() !== "" ? entry.contents : entry.description;
  return entryPlainText(html, ENTRY_TEXT_LIMIT);
}
