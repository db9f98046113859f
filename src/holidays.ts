/**
 * The legal-holiday calendar every caller uses (FRCP 6(a)(6); court/rules/holidays.ts), over the
 * `date-holidays` library loaded synchronously the first time a year's holidays are read. Loaded
 * at startup, the library's data for every country (and moment-timezone and astronomia beneath it)
 * cost ~26 MB of RSS in a bot that may count no court date for hours; read a year's table and it is
 * loaded once, the same code and data as a static import (its CommonJS build, lib/index.cjs).
 */
import { createRequire } from "node:module";
import type { Closure } from "./court/rules/closures.ts";
import { createHolidayCalendarOver, type HolidayCalendar, type HolidayLibrary } from "./court/rules/holidays.ts";

const require = createRequire(import.meta.url);

/** `date-holidays`, loaded on the first call (Node's module cache keeps it). */
export function loadHolidayLibrary(): HolidayLibrary {
  return require("date-holidays") as HolidayLibrary;
}

/** A calendar of legal holidays; make one per process and pass it down. */
export function createHolidayCalendar(deps: { closures?: readonly Closure[] } = {}): HolidayCalendar {
  return createHolidayCalendarOver({ ...deps, library: loadHolidayLibrary });
}
