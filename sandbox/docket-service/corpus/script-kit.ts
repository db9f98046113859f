/**
 * What every docket script shares: the case being written, its writer, the cast (names already
 * escaped for HTML) and small phrase helpers in PACER's voice.
 */
import { addDays, fmtDate, fmtLong, toWeekday } from "./dates.ts";
import type { DocketWriter } from "./docket-writer.ts";
import { esc } from "./html.ts";
import { filer } from "./parties.ts";
import type { Rng } from "./random.ts";
import type { EmuCase, EmuParty } from "./types.ts";

export interface ScriptCtx {
  rng: Rng;
  w: DocketWriter;
  kase: EmuCase;
  /** Entries wanted in all; stages stop early once it is reached. */
  target: number;
  /** Close the case at the end of the script (sets dateTerminated). */
  close: boolean;
  /** Presiding judge, "Judge Eleanor R. Whitcombe" style without the title. */
  judge: string;
  /** Lead parties on each side, escaped. */
  P: string;
  D: string;
  pFiler: string;
  dFiler: string;
  /** Clerk's initials appended to court-entered items: "(jgo)". */
  clerk: string;
  /** Prefix of fee receipts: "ANYSDC" for S.D.N.Y. */
  feePrefix: string;
}

export type Stage = (ctx: ScriptCtx) => void;

export function makeCtx(
  rng: Rng,
  w: DocketWriter,
  kase: EmuCase,
  opts: { target: number; close: boolean; sides: readonly [string, string]; courtCode?: string },
): ScriptCtx {
  const { target, close, sides } = opts;
  const byType = (t: string): EmuParty | undefined => kase.parties.find((p) => p.type === t);
  const first = byType(sides[0]) ?? kase.parties[0];
  const second = byType(sides[1]) ?? kase.parties[1];
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return {
    rng,
    w,
    kase,
    target,
    close,
    judge: kase.judges[0] ?? "Eleanor R. Whitcombe",
    P: esc(first?.name ?? "Plaintiff"),
    D: esc(second?.name ?? "Defendant"),
    pFiler: esc(filer(first?.counsel[0])),
    dFiler: esc(filer(second?.counsel[0])),
    clerk: `(${rng.pick([...letters])}${rng.pick([...letters])}${rng.pick([...letters])})`,
    feePrefix: `A${(opts.courtCode ?? "nysd").toUpperCase()}C`,
  };
}

/** Run stages in order until the target count is reached or the case's end date arrives. */
export function runStages(ctx: ScriptCtx, stages: readonly Stage[]): void {
  stages.forEach((stage, i) => {
    // The opening stage always runs: a case filed on its last day still has its complaint.
    if (i > 0 && (ctx.w.count >= ctx.target || ctx.w.ended || ctx.kase.dateTerminated)) return;
    stage(ctx);
  });
}

/** Entries still wanted before the closing stages, keeping `reserve` for them. */
export function budget(ctx: ScriptCtx, reserve: number): number {
  return Math.max(0, ctx.target - ctx.w.count - reserve);
}

export function signed(ctx: ScriptCtx, on: number): string {
  return `(Signed by Judge ${ctx.judge} on ${fmtDate(on)}) ${ctx.clerk}`;
}

/** A business day `days` after `on`, as the court writes it. */
export function due(on: number, days: number): string {
  return fmtDate(toWeekday(addDays(on, days)));
}

export function dueLong(on: number, days: number): string {
  return fmtLong(toWeekday(addDays(on, days)));
}

/** A filing-fee receipt number in PACER's form: "ANYSDC-27465123". */
export function receipt(ctx: ScriptCtx): string {
  return `${ctx.feePrefix}-${ctx.rng.int(10_000_000, 29_999_999)}`;
}

export function money(rng: Rng, min: number, max: number): string {
  const cents = rng.int(min * 100, max * 100);
  return `$${commas(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** 1234567 -> "1,234,567" (toLocaleString is slow and locale-dependent). */
export function commas(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** The side's lawyers other than lead, for notices of appearance and pro hac vice motions. */
export function lawyers(kase: EmuCase, type: string): string[] {
  return kase.parties.filter((p) => p.type === type).flatMap((p) => p.counsel.filter((c) => !c.prose).map((c) => c.name));
}

/** Close the case at the writer's current date. */
export function terminate(ctx: ScriptCtx): void {
  const last = ctx.w.entries[ctx.w.entries.length - 1];
  ctx.kase.dateTerminated = last?.date ?? fmtDate(ctx.w.date);
  ctx.kase.status = "Closed";
}
