/** utcMonthBounds' old home: the usage area is written once in ../areas/usage.ts. */
export { utcMonthBounds } from "../areas/usage.ts";
