/**
 * Pure rules of the usage ledger that features share with the store: utcMonthBounds, the UTC
 * calendar month a moment falls in (the month `/docket usage` and budgets count).
 */
export { utcMonthBounds } from "./areas/usage.ts";
