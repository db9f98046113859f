/**
 * "What does the latest order require us to do, and by when?" (issue 25 items 1 and 3): answered
 * from the order's own words, not by quoting it whole under a lead that answers another question.
 * The duties are its sentences that direct someone ("shall", "must", "is directed to", "are
 * ordered to"); the "by when" is each duty's own date or period when it states one, and the dates
 * the order sets otherwise. Nothing is computed that the order does not say.
 */
import type { EmuCase, EmuEntry } from "../corpus/types.ts";
import type { Finding, Intent } from "./answer-intents.ts";
import { cite, excerpt, plain } from "./answer-text.ts";

const ASKS_DUTIES = /\b(require[sd]?|requirements?|obligations?|must we|do we (?:have|need) to|what (?:do|does|must|should) (?:we|i|the parties|plaintiffs?|defendants?)|(?:have|need) to do|directs?|comply|by when|deadline)\b/;
const ASKS_ORDER = /\b(orders?|ruling|decision|directive)\b/;
const DUTY = /\b(?:shall|must|is directed to|are directed to|is ordered to|are ordered to|is required to|are required to)\b/i;
const DATE = /\b\d{1,2}\/\d{1,2}\/\d{4}\b(?:\s+at\s+\d{1,2}:\d{2}\s*[AP]M)?/g;
const PERIOD = /\b(?:within|no later than|by|before|on or before)\s+(?:[a-z-]+\s+){0,3}(?:days?|weeks?|months?)\b[^.;]*|\b(?:one|two|three|[0-9]+)\s+(?:days?|weeks?)\s+(?:before|after|from)\b[^.;]*/i;

const isOrder = (e: EmuEntry): boolean => e.analyze?.type === "order" || e.analyze?.type === "opinion" || /^\W*(?:[A-Z-]+ )*(?:ORDER|Order)\b/.test(plain(e).slice(0, 80));

const sentences = (text: string): string[] => text.split(/(?<=[.;])\s+(?=[A-Z(])/).map((s) => s.trim()).filter(Boolean);

export const orderDuties: Intent = (kase: EmuCase, q: string) => {
  if (!ASKS_ORDER.test(q) || !ASKS_DUTIES.test(q)) return undefined;
  const orders = kase.entries.filter(isOrder);
  const order = orders[orders.length - 1];
  if (!order) return { lead: "The docket does not show any order yet, so no order requires anything.", details: [], cites: [], found: false };
  const text = plain(order);
  const duties = sentences(text).filter((s) => DUTY.test(s));
  // The dates the order sets, not the day it was entered or signed.
  const dates = [...new Set(text.match(DATE) ?? [])].filter((d) => !d.startsWith(order.date) && !new RegExp(`(?:entered|signed|filed|dated)(?: by [^.]{0,60})? on ${d.replace(/\//g, "\\/")}`, "i").test(text));
  if (duties.length === 0) {
    const when = dates.length > 0 ? ` It sets ${dates.join(", ")}.` : "";
    return { lead: `The latest order, ${cite(order)}, does not direct anyone to do anything in its text.${when}`, details: [excerpt(text, 240)], cites: [{ entry: order }], found: true };
  }
  const byWhen = (duty: string): string => {
    const own = duty.match(DATE)?.[0] ?? PERIOD.exec(duty)?.[0]?.trim();
    return own ? ` By when: ${excerpt(own, 120)}${!duty.match(DATE) && dates.length > 0 ? ` (the order's dates: ${dates.join(", ")})` : ""}.` : " The order gives no date for it.";
  };
  const [first, ...rest] = duties.slice(0, 4);
  return {
    lead: `The latest order, ${cite(order)}, requires: ${excerpt(first!, 280)}${byWhen(first!)}`,
    details: rest.map((d) => `It also requires: ${excerpt(d, 240)}${byWhen(d)}`),
    cites: [{ entry: order }],
    found: true,
  };
};
