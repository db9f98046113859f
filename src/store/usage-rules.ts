/**
 * Pure rules of the usage ledger that features share with the store (re-exported only; the store
 * rewrite gives them their one home). utcMonthBounds: the UTC calendar month a moment falls in.
 */
export { utcMonthBounds } from "./sqlite/usage.ts";
