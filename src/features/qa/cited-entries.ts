/**
 * The entries an answer was based on, from `show_relevant` data whose shape the spec does not show
 * (schemas/ask.ts keeps items as sent). Entry-like objects give a number, a date and maybe a link;
 * a bare string counts when it is an entry number (`12`, `#12`, `12-1`). Anything else is skipped.
 */
import type { RelevantItem } from "../../docket/schemas/index.ts";
import type { CitedEntry } from "./views/answer.ts";

const NUMBER_KEYS = ["number", "entry_number", "docket_entry_number", "document_number"] as const;
const DATE_KEYS = ["date", "entry_date", "date_filed", "date_entered"] as const;
const LINK_KEYS = ["link_viewer", "link", "url"] as const;
const ENTRY_NUMBER = /^#?(\d{1,6}(?:-\d{1,4})?)$/;

function textOf(v: unknown, max: number): string | undefined {
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t === "" || t.length > max ? undefined : t;
}

function first(item: Record<string, unknown>, keys: readonly string[], max: number): string | undefined {
  for (const k of keys) {
    const v = textOf(item[k], max);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function citedEntries(items: readonly RelevantItem[]): CitedEntry[] {
  const out: CitedEntry[] = [];
  for (const item of items.slice(0, 200)) {
    if (typeof item === "string") {
      const m = ENTRY_NUMBER.exec(item.trim());
      if (m) out.push({ number: m[1] });
      continue;
    }
    const raw = first(item, NUMBER_KEYS, 20);
    const number = raw === undefined ? undefined : ENTRY_NUMBER.exec(raw)?.[1];
    const date = first(item, DATE_KEYS, 40);
    // Query and fragment dropped: a link is shown to the channel, and none of ours needs one (a
    // service link could carry a login_token, which must never be posted).
    const href = first(item, LINK_KEYS, 2_000)?.split(/[?#]/)[0];
    if (number === undefined && date === undefined) continue;
    out.push({ number, date, href });
  }
  return out;
}

/**
 * An answer's citations checked against the stored docket (answers you can cite): a cited number
 * the docket has takes the docket's own date (a provider's date for it is not evidence), and one it
 * does not have (a provider's invention, or an attachment of an entry it lacks) is kept, marked
 * `notOnDocket`, never linked. `12-1` (an attachment) is checked by its entry, 12. Without the
 * docket (not read), the citations are as the service sent them.
 */
export function checkCited(cited: readonly CitedEntry[], docket: ReadonlyMap<string, string | undefined> | undefined): CitedEntry[] {
  if (!docket) return [...cited];
  return cited.map((c) => {
    if (c.number === undefined) return c;
    const entry = c.number.split("-")[0]!;
    if (!docket.has(entry)) return { number: c.number, notOnDocket: true };
    const date = docket.get(entry);
    return { ...c, ...(date ? { date } : {}) };
  });
}
