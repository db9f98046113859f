/**
 * New entries for an active case: what a live pull finds and what the push scheduler announces.
 * Entries continue the docket (numbers after the highest so far, dates from the newest entry up to
 * `now`) in the case's own voice. Deterministic given the rng.
 */
import { emuCourtByName } from "../courts.ts";
import { chapter11Routine } from "./chapter11-script.ts";
import { consumerRoutine } from "./bankruptcy-script.ts";
import { criminalRoutine } from "./criminal-script.ts";
import { DAY_MS, parseDate, startOfDay } from "./dates.ts";
import { createDocketWriter, nextNumber, type EntrySpec, type EntryStyle } from "./docket-writer.ts";
import { esc } from "./html.ts";
import { discoveryItem } from "./management-texts.ts";
import type { Rng } from "./random.ts";
import { due, lawyers, makeCtx, signed, type ScriptCtx } from "./script-kit.ts";
import { isStateCourtName, type StateKind } from "./state-courts.ts";
import { stateRoutine } from "./state-script.ts";
import type { EmuCase, EmuEntry } from "./types.ts";

export function entryStyle(kase: EmuCase): EntryStyle {
  const kind = emuCourtByName(kase.court)?.kind;
  if (kind === "agency") return "agency";
  if (kind !== undefined || kase.federal) return "federal";
  return isStateCourtName(kase.court) ? "state" : "federal";
}

/**
 * What a demo asks the court to docket (the sandbox page's "Push a new filing now"): an order,
 * which the bot brings to the channel, and a routine filing, which stays in the case thread; and
 * (issue 16) a scheduling order setting a status conference about two weeks ahead and a letter
 * deadline, which the alert names and the channel's reminders follow; and (issue 23) a return of
 * service of the summons and a motion, whose deadlines docketbot computes from the rules (FRCP
 * 12(a)(1)(A)(i): the answer 21 days after service; the district's local rule: the opposition and
 * the reply) and shows as "computed — verify".
 */
export type DemoFiling = "order" | "routine" | "scheduling" | "summons" | "motion";

/** The day before `on`, as the court writes it: service is returned a day or so after it is made. */
function fmtServed(on: number): string {
  const d = new Date(on - DAY_MS);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

function demoSpec(ctx: ScriptCtx, kind: DemoFiling): EntrySpec {
  if (kind === "scheduling") {
    return {
      html: (on) => `SCHEDULING ORDER: Status Conference set for ${due(on, 16)} at 10:00 AM in Courtroom 15A before Judge ${ctx.judge}. Joint Letter due by ${due(on, 12)}. ${signed(ctx, on)}`,
      analyze: { type: "order" },
      gap: 0,
    };
  }
  if (kind === "summons") {
    return {
      html: (on) => `SUMMONS Returned Executed by ${ctx.P}. ${ctx.D} served on ${fmtServed(on)}. (Attachments: # 1 Affidavit of Service)`,
      gap: 0,
    };
  }
  if (kind === "motion") {
    return {
      html: `MOTION to Dismiss for Failure to State a Claim. Document filed by ${ctx.D}. (Attachments: # 1 Memorandum of Law)`,
      analyze: { type: "motion" },
      gap: 0,
    };
  }
  if (kind === "order") {
    return {
      html: (on) => `ORDER granting ${ctx.D}'s Motion to Compel Discovery. ${ctx.P} shall produce the requested documents within fourteen days. ${signed(ctx, on)}`,
      analyze: { type: "order", outcome: "granted" },
      gap: 0,
    };
  }
  const counsel = lawyers(ctx.kase, ctx.kase.parties[0]?.type ?? "Plaintiff")[0] ?? "Jordan A. Reyes";
  return { html: `NOTICE of Appearance by ${esc(counsel)} on behalf of ${ctx.P}. (${esc(counsel.split(" ").at(-1) ?? "")}, ${esc(counsel.split(" ")[0] ?? "")})`, gap: 0 };
}

/**
 * Append `count` new entries to `kase` (mutating it) and return them, oldest first. The case's
 * `cachedAt` becomes `now`: finding them is a pull from the court. With `script`, the entries are
 * those demo filings, in that order.
 */
export function appendLiveEntries(kase: EmuCase, rng: Rng, now: number, count: number, script?: readonly DemoFiling[]): EmuEntry[] {
  const before = kase.entries.length;
  const today = startOfDay(now);
  const last = kase.entries[before - 1];
  const lastMs = parseDate(last?.date);
  const filedMs = parseDate(kase.dateFiled);
  const from = Math.min(today, Number.isFinite(lastMs) ? lastMs : Number.isFinite(filedMs) ? filedMs : today);
  const style = entryStyle(kase);
  const numbered = style !== "state" || kase.entries.some((e) => e.number !== undefined);
  const w = createDocketWriter({
    rng,
    kase,
    start: from,
    end: today,
    pace: Math.max(0.2, (today - from) / DAY_MS / Math.max(1, count) / 2),
    style,
    entries: kase.entries,
    firstNumber: nextNumber(kase.entries),
  });
  const sides = sidesOf(kase);
  const ctx = makeCtx(rng, w, kase, { target: before + (script ? script.length : count), close: false, sides });
  const n = script ? script.length : count;
  for (let i = 0; i < n; i++) {
    const spec = script ? demoSpec(ctx, script[i]!) : nextSpec(ctx, style);
    w.add(style === "state" && !numbered ? { ...spec, numbered: false } : spec);
  }
  kase.entries = w.entries;
  kase.cachedAt = now;
  return kase.entries.slice(before);
}

function sidesOf(kase: EmuCase): [string, string] {
  const types = [...new Set(kase.parties.map((p) => p.type))];
  return [types[0] ?? "Plaintiff", types[1] ?? "Defendant"];
}

function nextSpec(ctx: ScriptCtx, style: EntryStyle): EntrySpec {
  const k = ctx.kase;
  if (style === "state") return stateRoutine(ctx, stateKind(k.type), k.entries.some((e) => e.number !== undefined));
  if (k.type === "Bankruptcy" && k.chapter === "11") {
    const creditors = k.parties.filter((p) => p.type === "Creditor").map((p) => esc(p.name));
    const firms = [...new Set(k.parties.flatMap((p) => p.counsel.map((c) => c.firm).filter((f): f is string => !!f)))].map(esc);
    return chapter11Routine(ctx, { committee: "Official Committee of Unsecured Creditors", professionals: firms.length ? firms : [ctx.P], creditors: creditors.length ? creditors : [ctx.D] }, ctx.P);
  }
  if (k.type === "Bankruptcy") return consumerRoutine(ctx, ctx.D, ctx.D, k.chapter ?? "7");
  if (k.type === "Criminal") return criminalRoutine(ctx);
  if (style === "agency") {
    return { html: `Order: ${ctx.rng.pick(["Conduct of the Proceeding", "Granting Motion for Pro Hac Vice Admission", "Granting Joint Motion to Extend Due Dates", "Authorizing Motion to Submit Supplemental Information"])}.`, doc: { text: "The panel enters this order to govern the conduct of the proceeding.", pages: ctx.rng.int(2, 8) }, analyze: { type: "order" } };
  }
  if (k.type === "Appellate") {
    return { html: `Filed (ECF) Notice of Supplemental Authority pursuant to FRAP 28(j) by ${ctx.rng.chance(0.5) ? ctx.P : ctx.D}. [${esc(k.docket)}]`, doc: { text: "A recently decided case bears on the issues on appeal.", pages: 2 } };
  }
  return discoveryItem(ctx, () => lastMotion(k));
}

function lastMotion(k: EmuCase): string | undefined {
  for (let i = k.entries.length - 1; i >= 0; i--) {
    const e = k.entries[i]!;
    if (e.analyze?.type === "motion" && e.number) return e.number;
  }
  return undefined;
}

function stateKind(type: string): StateKind {
  if (type === "Criminal") return "criminal";
  if (type === "Appeal") return "appeal";
  if (type === "Eviction") return "eviction";
  return "civil";
}
