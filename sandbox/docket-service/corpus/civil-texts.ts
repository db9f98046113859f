/**
 * Entry texts of a federal civil case, in PACER's voice, each with the few sentences of its document
 * that ask_docket reads. Names arrive escaped; document texts are plain, so they are unescaped here.
 */
import { htmlToText } from "./html.ts";
import { due, receipt, signed, type ScriptCtx } from "./script-kit.ts";
import type { EntrySpec } from "./docket-writer.ts";

const plain = htmlToText;

/** "'456 patent" from "10,123,456". */
export function patentShort(n: string): string {
  return `'${n.replace(/\D/g, "").slice(-3)} patent`;
}

export function patentList(ctx: ScriptCtx): string {
  return ctx.kase.patents.map((p) => `U.S. Patent No. ${p}`).join(", ");
}

export function complaint(ctx: ScriptCtx): EntrySpec {
  const patent = ctx.kase.patents.length > 0;
  const exhibits = ["Civil Cover Sheet", ...ctx.kase.patents.map((p, i) => `Exhibit ${String.fromCharCode(65 + i)} - U.S. Patent No. ${p}`)];
  const what = patent ? "COMPLAINT for Patent Infringement" : "COMPLAINT";
  const nos = ctx.kase.natureOfSuit ?? "civil";
  return {
    html: `${what} against ${ctx.D}. (Filing Fee $ 405.00, Receipt Number ${receipt(ctx)}) Document filed by ${ctx.P}. (Attachments: ${exhibits.map((e, i) => `# ${i + 1} ${e}`).join(", ")})${ctx.pFiler}`,
    doc: {
      text: patent
        ? `${plain(ctx.P)} brings this action for infringement of ${patentList(ctx)} against ${plain(ctx.D)}. The accused products practice every limitation of at least claim 1 of each asserted patent. Plaintiff seeks damages adequate to compensate for the infringement, a finding of willfulness, and a permanent injunction. Plaintiff demands a trial by jury.`
        : `${plain(ctx.P)} brings this action against ${plain(ctx.D)} (nature of suit: ${nos}). The complaint alleges that Defendant's conduct caused Plaintiff substantial damages and asserts claims for relief under federal and state law. Plaintiff seeks compensatory damages, costs, attorneys' fees and such other relief as the Court deems just. Plaintiff demands a trial by jury.`,
      pages: ctx.rng.int(12, 80),
    },
    exhibits,
    gap: 0,
  };
}

export function disclosure(ctx: ScriptCtx, who: "P" | "D"): EntrySpec {
  const name = who === "P" ? ctx.P : ctx.D;
  const parent = ctx.rng.chance(0.6) ? "No Corporate Parent." : "Corporate Parent Holdings identified.";
  return {
    html: `Rule 7.1 CORPORATE DISCLOSURE STATEMENT. ${parent} Document filed by ${name}.${who === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text: `Pursuant to Federal Rule of Civil Procedure 7.1, ${plain(name)} states that ${parent === "No Corporate Parent." ? "it has no parent corporation and no publicly held corporation owns 10% or more of its stock" : "its parent corporation is identified herein and no other publicly held corporation owns 10% or more of its stock"}.`, pages: 2 },
    gap: 0.3,
  };
}

export function assignment(ctx: ScriptCtx, magistrate: string | undefined): EntrySpec {
  return {
    html: `CASE OPENING INITIAL ASSIGNMENT NOTICE: The above-entitled action is assigned to Judge ${ctx.judge}.${magistrate ? ` Please download and review the Individual Practices of the assigned District Judge. Magistrate Judge ${magistrate} is designated to handle matters that may be referred in this case.` : ""} ${ctx.clerk}`,
    numbered: false,
    gap: 0.2,
  };
}

export function summonsIssued(ctx: ScriptCtx, complaintNo: string | undefined): EntrySpec {
  return {
    html: `ELECTRONIC SUMMONS ISSUED as to ${ctx.D}, re: ${ctx.w.link(complaintNo)} Complaint. ${ctx.clerk}`,
    doc: { text: `Summons in a civil action issued to ${plain(ctx.D)}. A lawsuit has been filed against you. Within 21 days after service of this summons on you, you must serve on the plaintiff an answer to the complaint or a motion under Rule 12.`, pages: 2 },
    gap: 0.4,
  };
}

export function patentReport(ctx: ScriptCtx): EntrySpec {
  return {
    html: `REPORT ON THE FILING OR DETERMINATION OF AN ACTION REGARDING A PATENT OR TRADEMARK. Form AO 120 mailed to the Director of the U.S. Patent and Trademark Office. (${patentList(ctx)}.) ${ctx.clerk}`,
    doc: { text: `Report to the Director of the U.S. Patent and Trademark Office: an action has been filed concerning ${patentList(ctx)}.`, pages: 1 },
    gap: 0.2,
  };
}

export function appearance(ctx: ScriptCtx, lawyer: string, side: "P" | "D"): EntrySpec {
  const who = side === "P" ? ctx.P : ctx.D;
  return {
    html: `NOTICE OF APPEARANCE by ${lawyer} on behalf of ${who}. ${side === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text: `Please take notice that ${lawyer} hereby appears as counsel for ${plain(who)} in this action and requests that all papers be served upon the undersigned.`, pages: 1 },
    gap: 0.3,
  };
}

export function proHacVice(ctx: ScriptCtx, lawyer: string, side: "P" | "D"): EntrySpec {
  const who = side === "P" ? ctx.P : ctx.D;
  return {
    html: `MOTION for ${lawyer} to Appear Pro Hac Vice. Filing fee $ 200.00, receipt number ${receipt(ctx)}. Motion and supporting papers to be reviewed by Clerk's Office staff. Document filed by ${who}. (Attachments: # 1 Affidavit, # 2 Certificate of Good Standing, # 3 Proposed Order)${side === "P" ? ctx.pFiler : ctx.dFiler}`,
    doc: { text: `${lawyer} moves for admission pro hac vice to appear as counsel for ${plain(who)}. The applicant is a member in good standing of the bar of another state and has never been disciplined.`, pages: 3 },
    exhibits: ["Affidavit", "Certificate of Good Standing", "Proposed Order"],
    analyze: { type: "motion" },
    gap: 0.5,
  };
}

export function proHacViceOrder(ctx: ScriptCtx, lawyer: string, motionNo: string | undefined): EntrySpec {
  return {
    html: (on) => `ORDER FOR ADMISSION PRO HAC VICE granting ${ctx.w.link(motionNo)} Motion for ${lawyer} to Appear Pro Hac Vice. ${signed(ctx, on)}`,
    doc: { text: `The motion for admission of ${lawyer} pro hac vice is GRANTED. Counsel shall comply with the Local Rules of this Court. SO ORDERED.`, pages: 1 },
    analyze: { type: "order", outcome: "granted" },
    gap: 0.6,
  };
}

export function summonsReturned(ctx: ScriptCtx): EntrySpec {
  return {
    html: (on) => `SUMMONS RETURNED EXECUTED. ${ctx.D} served on ${due(on, -4)}, answer due ${due(on, 17)}. Service was accepted by its registered agent. Document filed by ${ctx.P}.${ctx.pFiler}`,
    doc: { text: `Proof of service: the summons and complaint were served on ${plain(ctx.D)} through its registered agent.`, pages: 2 },
    gap: 0.8,
  };
}

export function extensionStipulation(ctx: ScriptCtx): EntrySpec {
  return {
    html: (on) => `STIPULATION AND [PROPOSED] ORDER extending the time for ${ctx.D} to answer, move or otherwise respond to the Complaint to ${due(on, 30)}. Document filed by ${ctx.D}.${ctx.dFiler}`,
    doc: (on) => ({ text: `The parties stipulate that the time for ${plain(ctx.D)} to answer, move or otherwise respond to the Complaint is extended to ${due(on, 30)}. This is the first request for an extension.`, pages: 2 }),
    gap: 0.6,
  };
}

export function soOrdered(ctx: ScriptCtx, stipNo: string | undefined, what: string): EntrySpec {
  return {
    html: (on) => `SO-ORDERED STIPULATION re: ${ctx.w.link(stipNo)} ${what}. ${signed(ctx, on)}`,
    doc: { text: `The foregoing stipulation regarding ${what.toLowerCase()} is approved. SO ORDERED.`, pages: 2 },
    analyze: { type: "order", outcome: "granted" },
    gap: 0.3,
  };
}

export function answer(ctx: ScriptCtx, counterclaim: boolean): EntrySpec {
  return {
    html: `ANSWER to Complaint with Affirmative Defenses${counterclaim ? ` and COUNTERCLAIM against ${ctx.P}` : ""} with JURY DEMAND. Document filed by ${ctx.D}.${ctx.dFiler}`,
    doc: { text: `${plain(ctx.D)} denies the material allegations of the Complaint and asserts affirmative defenses, including failure to state a claim${ctx.kase.patents.length ? ", non-infringement and invalidity of the asserted patents" : ", waiver and estoppel"}.${counterclaim ? " Defendant counterclaims for declaratory judgment of non-infringement and invalidity." : ""} Defendant demands a jury trial.`, pages: ctx.rng.int(15, 45) },
  };
}

export function answerCounterclaim(ctx: ScriptCtx): EntrySpec {
  return {
    html: `ANSWER to Counterclaim. Document filed by ${ctx.P}.${ctx.pFiler}`,
    doc: { text: `${plain(ctx.P)} denies the allegations of the counterclaims and requests that they be dismissed with prejudice.`, pages: 8 },
  };
}
