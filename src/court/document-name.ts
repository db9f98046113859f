/**
 * The file name a docketing clerk files a PDF under: `2026-10-29 Dkt 54 Amended Scheduling Order.pdf`
 * (issue 15 item 12: `54.pdf` says nothing once it sits in a downloads folder or a document
 * system). Date first so a folder sorts by date; "Dkt" and the entry number as courts cite them;
 * then what the entry is, from the start of its text, the way the docket itself names it.
 *
 * Pure and safe for every file system: no path separators, no characters Windows refuses, no
 * control or invisible characters, at most ~120 characters. Untrusted input (the entry's HTML).
 */
import { parseServiceDate, toPacerDate } from "./dates.ts";
import { entryPlainText } from "./entry-text.ts";

export interface DocumentNameInput {
  /** The entry's filing date as the service sends it (`10/29/2026`). */
  date?: string | null | undefined;
  entry_date?: string | null | undefined;
  number?: string | null | undefined;
  /** The entry's `contents` (HTML). */
  contents?: string | null | undefined;
  /** The docket number, used when the entry has neither number nor text. */
  docket?: string | undefined;
}

const TITLE_MAX = 70;
/** Where the name of a filing ends and its particulars begin. */
const TITLE_END = /\s*(?:[.:;(\[]|\s[-–—]\s|\bre:|\bfiled by\b|\bby\b|\bDocument filed\b|\bSigned\b|\bentered\b|\bfor proceedings\b|\baddressed to\b)/i;
const UNSAFE = /[\\/:*?"<>|\u0000-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
const SMALL = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "re", "the", "to", "with"]);

/**
 * `AMENDED SCHEDULING ORDER` -> `Amended Scheduling Order`. Dockets shout the name of a filing and
 * then go on in mixed case (`MEMORANDUM OF LAW in Opposition`): runs of two or more capitalised
 * words, or a head that is all capitals, read as titles; a lone capitalised word in mixed text is
 * an acronym (`LLC`, `ECF`) and stays.
 */
function titleCase(head: string): string {
  const words = head.split(" ");
  const caps = words.map((w) => /\p{Lu}/u.test(w) && !/\p{Ll}/u.test(w));
  const allCaps = caps.every((c, i) => c || !/\p{L}/u.test(words[i]!));
  return words
    .map((w, i) => {
      const inRun = allCaps || (caps[i] && (caps[i - 1] || caps[i + 1]));
      if (!inRun) return w;
      const lower = w.toLowerCase();
      return i > 0 && SMALL.has(lower) ? lower : lower.replace(/^\p{L}/u, (c) => c.toUpperCase());
    })
    .join(" ");
}

function filingTitle(contents: string | null | undefined): string {
  const text = entryPlainText(contents ?? "", 400);
  const head = text.split(TITLE_END)[0]!.replace(UNSAFE, " ").replace(/\s+/g, " ").trim();
  if (head === "") return "";
  if (head.length <= TITLE_MAX) return titleCase(head);
  const cut = head.slice(0, TITLE_MAX + 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), 20)).trim();
  return titleCase(atWord);
}

export function documentFileName(input: DocumentNameInput): string {
  const date = parseServiceDate(input.date ?? undefined) ?? parseServiceDate(input.entry_date ?? undefined);
  const number = (input.number ?? "").replace(UNSAFE, "").trim().slice(0, 12);
  const parts = [
    date ? toPacerDate(date) : "",
    number ? `Dkt ${number}` : input.docket ? `Dkt ${input.docket.replace(UNSAFE, "-").slice(0, 40)}` : "",
    filingTitle(input.contents),
  ].filter((p) => p !== "");
  const name = parts.join(" ").replace(/\s+/g, " ").replace(/[. ]+$/, "").trim();
  return `${name === "" ? "Docket document" : name}.pdf`;
}
