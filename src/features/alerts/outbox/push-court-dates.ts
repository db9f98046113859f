/**
 * A docket push's court dates (the deadlines the court states and those its rules give), read in
 * chunks that yield to the event loop, so a 100,000-entry push never holds it for long: every
 * entry read oldest first with periods counted on the court's holidays, then the rules' deadlines
 * (an entry at a time, in docket order), merged in with the court's date winning, and deadlines a
 * filing of the push meets marked.
 */
import type { CourtDate, CourtDateEntryInput, CourtDateMention } from "../../../court/deadlines/court-date.ts";
import { chronological, docketingRank } from "../../../court/deadlines/entry-order.ts";
import { readDatelessCancels } from "../../../court/deadlines/dateless-cancels.ts";
import { CALENDAR_CONFIDENCE, readEntry } from "../../../court/deadlines/extract.ts";
import { supersede, type Said } from "../../../court/deadlines/supersede.ts";
import { createDeadlineComputer, extractOptionsFor, filingOf, metDeadlinesAmong, type Filing, withRuleDeadlines, type HolidayCalendar } from "../../../court/rules/index.ts";

export interface PushDatesInput {
  court: string;
  docket: string;
  /** The push's entries as sent, and each one's day (yyyymmdd, -1 for none) in the same order. */
  raws: readonly unknown[];
  days: readonly number[];
  /** The docket's latest day (ISO), before which a rule's own date is history. */
  latest: string | undefined;
  holidays: HolidayCalendar;
  chunk: number;
  yieldNow: () => Promise<void>;
}

export interface PushDates {
  courtDates: CourtDate[];
  /** What each entry (by its raw object) states, at calendar confidence. */
  mentionsOf: Map<unknown, CourtDateMention[]>;
}

export async function readPushDates(input: PushDatesInput): Promise<PushDates> {
  const { raws, chunk, yieldNow } = input;
  const entries = raws as CourtDateEntryInput[];
  const order = chronological(entries, input.days as number[]);
  const said: Said[] = [];
  const mentionsOf = new Map<unknown, CourtDateMention[]>();
  const options = extractOptionsFor({ court: input.court, holidays: input.holidays });
  for (let k = 0; k < order.length; k++) {
    if (k > 0 && k % chunk === 0) await yieldNow();
    const raw = entries[order[k]!]!;
    const { mentions, pending } = readEntry(raw, order[k]!, options);
    const found = mentions.filter((m) => m.confidence >= CALENDAR_CONFIDENCE);
    said.push(...found, ...pending.filter((p) => p.relative.confidence >= CALENDAR_CONFIDENCE), ...readDatelessCancels(raw, order[k]!));
    if (found.length > 0) mentionsOf.set(raw, found);
  }
  const computer = createDeadlineComputer({ court: input.court, docket: input.docket }, { calendar: input.holidays });
  const filings: Filing[] = [];
  for (let i = 0; i < entries.length; i++) {
    if (i > 0 && i % chunk === 0) await yieldNow();
    computer.add(entries[i]!, i);
    const filing = filingOf(entries[i]!, i);
    if (filing) filings.push(filing);
  }
  const { deadlines } = computer.result();
  await yieldNow();
  const rank = docketingRank(entries, order);
  const withRules = withRuleDeadlines(supersede(said, options), deadlines, input.latest, rank);
  await yieldNow();
  const courtDates = metDeadlinesAmong(withRules, filings, rank);
  await yieldNow();
  return { courtDates, mentionsOf };
}
