/**
 * How a held fee's price is said (message-style.md, Money and consent: what, how much, who pays).
 * A question's or a search's price is an estimate ("about $0.02", a button's "~$0.02"); a court fee
 * is not known until the court answers, so it is said as its most: PACER bills $0.10 a page and
 * caps a document or a docket report at $3.00 ("up to $3.00"), never "about $0.00". Pure.
 */
import { estimate, money } from "../../../slack/blockkit/format.ts";

export interface Price {
  expected: number;
  /** `expected` is the most it can cost (a court fee), not an estimate. */
  ceiling?: boolean | undefined;
}

/** "about $0.02" or "up to $3.00". */
export const priceWords = (p: Price): string => (p.ceiling === true ? `up to ${money(p.expected)}` : `about ${estimate(p.expected)}`);

/** A button's price: "~$0.02" or "≤ $3.00". */
export const priceTag = (p: Price): string => (p.ceiling === true ? `≤ ${money(p.expected)}` : `~${estimate(p.expected)}`);
