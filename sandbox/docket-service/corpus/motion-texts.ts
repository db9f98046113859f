/**
 * Motion practice in a federal civil case: a motion, its papers, the ruling. Rulings carry the
 * service's `analyze` object ({ type: "order", outcome: "granted" | "denied" | "granted in part" }),
 * which the bot shows as `ORDER · GRANTED` (message-style.md, Alerts).
 */
import type { EntrySpec } from "./docket-writer.ts";
import { htmlToText } from "./html.ts";
import { due, signed, type ScriptCtx } from "./script-kit.ts";

const plain = htmlToText;

export type Outcome = "granted" | "denied" | "granted in part";

export interface MotionKind {
  /** "MOTION to Dismiss for Failure to State a Claim" */
  title: string;
  /** "motion to dismiss" */
  short: string;
  /** What the movant argues, one sentence. */
  argument: string;
}

export const DISMISS: MotionKind = {
  title: "MOTION to Dismiss for Failure to State a Claim",
  short: "motion to dismiss",
  argument: "the Complaint fails to state a claim upon which relief can be granted under Federal Rule of Civil Procedure 12(b)(6)",
};

export const DISMISS_101: MotionKind = {
  title: "MOTION to Dismiss Pursuant to 35 U.S.C. § 101",
  short: "motion to dismiss",
  argument: "the asserted claims are directed to an abstract idea and are ineligible for patenting under 35 U.S.C. § 101",
};

export const SUMMARY_JUDGMENT: MotionKind = {
  title: "MOTION for Summary Judgment",
  short: "motion for summary judgment",
  argument: "there is no genuine dispute as to any material fact and the movant is entitled to judgment as a matter of law",
};

export const STAY_IPR: MotionKind = {
  title: "MOTION to Stay Pending Inter Partes Review",
  short: "motion to stay",
  argument: "a stay pending the Patent Trial and Appeal Board's review of the asserted patents will simplify the issues",
};

export const TRANSFER: MotionKind = {
  title: "MOTION to Transfer Venue under 28 U.S.C. § 1404(a)",
  short: "motion to transfer venue",
  argument: "the convenience of the parties and witnesses and the interest of justice favor transfer",
};

export const COMPEL: MotionKind = {
  title: "MOTION to Compel Discovery",
  short: "motion to compel",
  argument: "the opposing party has failed to produce documents responsive to its requests for production",
};

export function motion(ctx: ScriptCtx, kind: MotionKind, by: "P" | "D"): EntrySpec {
  const who = by === "P" ? ctx.P : ctx.D;
  return {
    html: (on) => `${kind.title}. Document filed by ${who}. Responses due by ${due(on, 14)}.${by === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text: `${plain(who)} respectfully submits this ${kind.short}. The motion should be granted because ${kind.argument}.`, pages: ctx.rng.int(3, 8) },
    analyze: { type: "motion" },
  };
}

export type Stance = "Support" | "Opposition" | "Reply";

export function memo(ctx: ScriptCtx, kind: MotionKind, motionNo: string | undefined, by: "P" | "D", stance: Stance): EntrySpec {
  const who = by === "P" ? ctx.P : ctx.D;
  const heading = stance === "Reply" ? "REPLY MEMORANDUM OF LAW in Support" : `MEMORANDUM OF LAW in ${stance}`;
  const text =
    stance === "Opposition"
      ? `${plain(who)} opposes the ${kind.short}. The movant ignores the well-pleaded facts and the governing standard; at a minimum, the issues raised present disputed questions that cannot be resolved now. The motion should be denied.`
      : stance === "Reply"
        ? `${plain(who)} submits this reply in further support of its ${kind.short}. The opposition does not answer the central point: ${kind.argument}.`
        : `${plain(who)} submits this memorandum in support of its ${kind.short}. ${cap(kind.argument)}. The authorities cited confirm that the motion should be granted.`;
  return {
    html: `${heading} re: ${ctx.w.link(motionNo)} ${kind.title}. Document filed by ${who}.${by === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text, pages: ctx.rng.int(10, 25) },
    gap: stance === "Support" ? 0 : 1.5,
  };
}

export function declaration(ctx: ScriptCtx, kind: MotionKind, motionNo: string | undefined, by: "P" | "D", declarant: string): EntrySpec {
  const count = ctx.rng.int(1, 4);
  const exhibits = Array.from({ length: count }, (_, i) => `Exhibit ${String.fromCharCode(65 + i)}`);
  return {
    html: `DECLARATION of ${declarant} in Support re: ${ctx.w.link(motionNo)} ${kind.title}. Document filed by ${by === "P" ? ctx.P : ctx.D}. (Attachments: ${exhibits.map((e, i) => `# ${i + 1} ${e}`).join(", ")})${by === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text: `I, ${declarant}, declare that I am counsel in this action and that the attached exhibits are true and correct copies of the documents they purport to be.`, pages: 3 },
    exhibits,
    gap: 0,
  };
}

export function ruling(ctx: ScriptCtx, kind: MotionKind, motionNo: string | undefined, outcome: Outcome, detail?: string): EntrySpec {
  const word = outcome === "granted in part" ? "GRANTED in part and DENIED in part" : outcome.toUpperCase();
  const lead = kind.short === SUMMARY_JUDGMENT.short || kind.short === DISMISS.short ? "OPINION AND ORDER" : "ORDER";
  const why = detail ?? defaultDetail(kind, outcome);
  return {
    html: (on) => `${lead} re: ${ctx.w.link(motionNo)} ${kind.title} filed by ${kind === COMPEL ? ctx.P : ctx.D}. For the reasons set forth in this Opinion and Order, the ${kind.short} is ${word}. ${why} ${signed(ctx, on)}`,
    doc: { text: `Before the Court is the ${kind.short} (ECF No. ${motionNo ?? "—"}). Having considered the parties' submissions, the ${kind.short} is ${word}. ${why} SO ORDERED.`, pages: ctx.rng.int(4, 40) },
    analyze: { type: "order", outcome },
    gap: 3,
  };
}

function defaultDetail(kind: MotionKind, outcome: Outcome): string {
  if (kind.short === DISMISS.short) {
    if (outcome === "granted") return "The Complaint is dismissed. Plaintiff may file an amended complaint within 21 days.";
    if (outcome === "denied") return "Defendant shall answer the Complaint within 14 days.";
    return "The claims for willful infringement and unjust enrichment are dismissed without prejudice; the remaining claims may proceed. Defendant shall answer within 14 days.";
  }
  if (kind === STAY_IPR) return outcome === "denied" ? "The case will proceed on the current schedule." : "The case is stayed pending the Patent Trial and Appeal Board's decision on institution.";
  if (kind === SUMMARY_JUDGMENT) return outcome === "granted" ? "The Clerk of Court is directed to enter judgment accordingly." : "The case will proceed to trial.";
  return "";
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
