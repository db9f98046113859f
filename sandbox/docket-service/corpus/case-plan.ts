/**
 * The shape of a case's life before any entry is written: when it was filed, until when it has
 * entries, how many, whether it is closed, and whether a live pull may still find something new.
 */
import { emuCourtByCode } from "../courts.ts";
import { addDays, DAY_MS, fmtDate, startOfDay, toPrevWeekday, toWeekday } from "./dates.ts";
import type { DocketIssuer } from "./docket-numbers.ts";
import { createDocketWriter, type DocketWriter, type EntryStyle } from "./docket-writer.ts";
import type { Directory } from "./parties.ts";
import type { Rng } from "./random.ts";
import type { EmuCase } from "./types.ts";

export interface GenEnv {
  rng: Rng;
  now: number;
  issuer: DocketIssuer;
  dir: Directory;
}

export interface CasePlan {
  filed: number;
  /** The last day entries may carry. */
  end: number;
  target: number;
  close: boolean;
  active: boolean;
}

export interface PlanOptions {
  /** Age of the case at `now`, in days. */
  age: readonly [number, number];
  closeShare: number;
  sizes: readonly (readonly [readonly [number, number], number])[];
  /** Share of open cases that are still active. */
  activeShare?: number;
  /** Allow many entries a day (MDLs, mega bankruptcies). */
  dense?: boolean;
}

export const TYPICAL_SIZES: PlanOptions["sizes"] = [
  [[3, 12], 25], [[12, 40], 40], [[40, 90], 25], [[90, 220], 10],
];

export function planCase(rng: Rng, now: number, o: PlanOptions): CasePlan {
  const today = startOfDay(now);
  const filed = Math.min(toWeekday(addDays(today, -rng.int(o.age[0], o.age[1]))), toPrevWeekday(addDays(today, -1)));
  const ageDays = Math.max(1, Math.round((today - filed) / DAY_MS));
  const close = ageDays > 45 && rng.chance(o.closeShare);
  const active = !close && rng.chance(o.activeShare ?? 0.5);
  let end: number;
  if (close) end = addDays(filed, rng.int(Math.min(40, ageDays - 1), Math.max(41, ageDays - 2)));
  else if (active) end = addDays(today, -rng.int(1, 3));
  else end = addDays(today, -rng.int(Math.min(5, ageDays), Math.max(5, Math.min(200, ageDays - 1))));
  end = Math.max(filed, Math.min(end, addDays(today, -1)));
  const [lo, hi] = rng.weighted(o.sizes);
  // A young case has few entries: about one every two days at most, unless it is a mega docket.
  const span = Math.round((end - filed) / DAY_MS);
  const cap = o.dense ? Number.POSITIVE_INFINITY : Math.max(4, Math.round(span / 2));
  // ...and an old one is rarely silent for more than a couple of months.
  const floor = Math.min(150, Math.round(span / 60));
  return { filed, end, target: Math.min(Math.max(rng.int(lo, hi), floor), cap), close, active };
}

export function writerFor(rng: Rng, kase: EmuCase, plan: CasePlan, style: EntryStyle, cachedShare = 0.8): DocketWriter {
  const days = Math.max(1, (plan.end - plan.filed) / DAY_MS);
  return createDocketWriter({
    rng,
    kase,
    start: plan.filed,
    end: plan.end,
    // Entries fall on weekdays only: five days in seven carry the docket.
    pace: Math.max(0.04, (days * 5) / 7 / (plan.target * 1.1)),
    style,
    cachedShare,
  });
}

export function courtName(code: string): string {
  const court = emuCourtByCode(code);
  if (!court) throw new Error(`corpus: court code ${code} is not in the emulator's court list (courts.ts)`);
  return court.name;
}

/** A case with every list empty; builders fill it in. */
export function skeleton(env: GenEnv, plan: CasePlan, fields: Pick<EmuCase, "court" | "docket" | "title" | "type" | "federal"> & Partial<EmuCase>): EmuCase {
  return {
    dateFiled: fmtDate(plan.filed),
    status: "Open",
    judges: [],
    patents: [],
    entries: [],
    parties: [],
    related: [],
    claims: [],
    active: plan.active,
    cachedAt: recentPull(env),
    ...fields,
  };
}

/** The service last pulled the case within the past few hours (after its newest entry's day). */
function recentPull(env: GenEnv): number {
  return env.now - env.rng.int(0, 8 * 60) * 60_000;
}
