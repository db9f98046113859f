/**
 * Consumer bankruptcy dockets (chapters 7 and 13): petition, the 341 meeting notice (which sets
 * `date341Meeting`), schedules, stay relief, plan confirmation, discharge (`dateDischarged`), closing.
 * Chapter 11 lives in chapter11-script.ts.
 */
import type { EntrySpec } from "./docket-writer.ts";
import { addDays, fmtDate, toWeekday } from "./dates.ts";
import { htmlToText } from "./html.ts";
import { due, money, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

const plain = htmlToText;

export function bkSigned(c: ScriptCtx, on: number): string {
  return `(Signed by Judge ${c.judge} on ${fmtDate(on)}) ${c.clerk}`;
}

export function petition(c: ScriptCtx, chapter: string, fee: string): EntrySpec {
  return {
    html: `Chapter ${chapter} Voluntary Petition for ${chapter === "11" ? "Non-Individuals" : "Individuals"}. Fee Amount $${fee} Filed by ${c.P}. (Attachments: # 1 Declaration re: Electronic Filing)${c.pFiler}`,
    doc: { text: `${plain(c.P)} files a voluntary petition for relief under chapter ${chapter} of title 11 of the United States Code. The debtor estimates that funds will${chapter === "7" ? " not" : ""} be available for distribution to unsecured creditors.`, pages: c.rng.int(8, 60) },
    exhibits: ["Declaration re: Electronic Filing"],
    gap: 0,
  };
}

/** The notice that sets the 341 meeting; records the date on the case. */
export function meetingNotice(c: ScriptCtx, chapter: string, trustee: string): EntrySpec {
  return {
    html: (on) => {
      const meeting = toWeekday(addDays(on, c.rng.int(21, 40)));
      c.kase.date341Meeting = fmtDate(meeting);
      return `Meeting of Creditors with 341(a) meeting to be held on ${fmtDate(meeting)} at ${c.rng.pick(["09:00 AM", "10:30 AM", "01:00 PM"])} via Video Conference. Last day to oppose discharge or dischargeability is ${due(meeting, 60)}. Proofs of Claims due by ${due(meeting, 70)}. ${chapter === "11" ? "" : `${trustee} appointed as trustee. `}${c.clerk}`;
    },
    doc: (on) => ({ text: `Notice of Chapter ${chapter} Bankruptcy Case. The meeting of creditors under 11 U.S.C. § 341(a) will be held on ${c.kase.date341Meeting ?? due(on, 30)}. The debtor must attend the meeting to be questioned under oath. Creditors may attend but are not required to do so.`, pages: 3 }),
    gap: 0.2,
  };
}

export function schedules(c: ScriptCtx): EntrySpec {
  return {
    html: `Schedules A/B-J, Summary of Assets and Liabilities, Statement of Financial Affairs, and Chapter 7 Statement of Your Current Monthly Income Filed by ${c.P}.${c.pFiler}`,
    doc: { text: `${plain(c.P)} lists assets of ${money(c.rng, 5_000, 400_000)} and liabilities of ${money(c.rng, 40_000, 900_000)}, including secured debt on a vehicle and a residence and unsecured credit card debt.`, pages: c.rng.int(30, 70) },
  };
}

export function writeConsumer(ctx: ScriptCtx, chapter: "7" | "13", trustee: string, creditor: string): void {
  const C = creditor;
  const stages: Stage[] = [
    (c) => {
      c.w.add(petition(c, chapter, chapter === "7" ? "338" : "313"));
      c.w.add({ html: `Statement of Social Security Number(s) Filed by ${c.P}.${c.pFiler}`, doc: { text: `Restricted: full Social Security number of ${plain(c.P)}.`, sealed: true, cached: false, pages: 1 }, gap: 0 });
      c.w.add({ html: `Certificate of Credit Counseling Filed by ${c.P}.${c.pFiler}`, doc: { text: `${plain(c.P)} received a briefing from an approved nonprofit budget and credit counseling agency within 180 days before filing.`, pages: 1 }, gap: 0 });
      c.w.add(meetingNotice(c, chapter, trustee));
      c.w.add({ html: `BNC Certificate of Mailing - Meeting of Creditors. Notice Date ${due(c.w.date, 2)}. (Admin.)`, doc: { text: "The Bankruptcy Noticing Center mailed the notice of the meeting of creditors to all creditors on the mailing matrix.", pages: 4 }, gap: 0.3 });
      c.w.add(schedules(c));
    },
    (c) => {
      if (chapter !== "13") return;
      const plan = c.w.add({ html: `Chapter 13 Plan Filed by ${c.P}.${c.pFiler}`, doc: { text: `${plain(c.P)} proposes to pay the trustee ${money(c.rng, 300, 2_500)} per month for 60 months. Secured claims on the residence will be paid through the plan.`, pages: 9 } });
      const obj = c.w.add({ html: `Objection to Confirmation of Plan Filed by ${trustee}, Chapter 13 Trustee (RE: related document(s)${c.w.link(plan)} Chapter 13 Plan).`, doc: { text: "The Trustee objects because the plan is not feasible and does not commit all projected disposable income.", pages: 3 }, analyze: { type: "motion" } });
      const amended = c.w.add({ html: `Amended Chapter 13 Plan Filed by ${c.P} (RE: related document(s)${c.w.link(obj)} Objection).${c.pFiler}`, doc: { text: "The amended plan increases monthly payments to resolve the Trustee's objection.", pages: 9 } });
      c.w.add({ html: (on) => `Order Confirming Chapter 13 Plan (RE: related document(s)${c.w.link(amended)} Amended Chapter 13 Plan). ${bkSigned(c, on)}`, doc: { text: "The amended chapter 13 plan is CONFIRMED.", pages: 4 }, analyze: { type: "order", outcome: "granted" }, gap: 2 });
    },
    (c) => {
      if (!c.rng.chance(0.5)) return;
      const m = c.w.add({ html: (on) => `Motion for Relief from Stay re: 2021 ${c.rng.pick(["Toyota Camry", "Ford F-150", "Honda Accord"])}. Fee Amount $199, Filed by ${C}. Hearing scheduled for ${due(on, 21)} at 09:30 AM.`, doc: { text: `${plain(C)} holds a perfected lien on the vehicle, the debtor has missed payments, and there is no equity in the collateral. The creditor asks the Court to lift the automatic stay.`, pages: 6 }, exhibits: ["Exhibit A - Retail Installment Contract", "Exhibit B - Certificate of Title"], analyze: { type: "motion" } });
      c.w.add({ html: (on) => `Order Granting Motion for Relief from Stay (RE: related document(s)${c.w.link(m)} Motion for Relief From Stay). ${bkSigned(c, on)}`, doc: { text: "The automatic stay is terminated as to the vehicle described in the motion.", pages: 2 }, analyze: { type: "order", outcome: "granted" }, gap: 2 });
    },
    (c) => {
      for (let i = 0; i < Math.max(0, c.target - c.w.count - 3); i++) c.w.add(consumerRoutine(c, C, trustee, chapter));
    },
    (c) => {
      if (chapter === "7") c.w.add({ html: `Chapter 7 Trustee's Report of No Distribution: ${trustee} reports that the estate has been fully administered and there is no property available for distribution.`, numbered: false });
      if (!c.close) return;
      c.w.add({
        html: (on) => {
          c.kase.dateDischarged = fmtDate(on);
          return `ORDER OF DISCHARGE. ${bkSigned(c, on)}`;
        },
        doc: { text: `The debtor ${plain(c.P)} is granted a discharge under 11 U.S.C. § ${chapter === "7" ? "727" : "1328(a)"}.`, pages: 2 },
        analyze: { type: "order", outcome: "granted" },
        gap: 2,
      });
      c.w.add({ html: `Final Decree. Bankruptcy Case Closed. ${c.clerk}`, doc: { text: "The estate has been fully administered. The case is closed.", pages: 1 }, gap: 1 });
      terminate(c);
    },
  ];
  runStages(ctx, stages);
  if (ctx.close && !ctx.kase.dateTerminated) {
    ctx.w.add({ html: `Order Dismissing Case for failure to file required documents. ${bkSigned(ctx, ctx.w.date)}`, doc: { text: "The case is dismissed because the debtor failed to file the documents required by 11 U.S.C. § 521.", pages: 1 }, analyze: { type: "order" } });
    terminate(ctx);
  }
}

export function consumerRoutine(c: ScriptCtx, creditor: string, trustee: string, chapter: string): EntrySpec {
  const kind = c.rng.pick(["claimNotice", "amended", "address", "payment", "trusteeReport"] as const);
  switch (kind) {
    case "claimNotice":
      return { html: `Notice of Appearance and Request for Notice Filed by ${creditor}.`, doc: { text: `${plain(creditor)} requests that all notices in this case be served on its counsel.`, pages: 2 } };
    case "amended":
      return { html: `Amended Schedule E/F: Creditors Who Have Unsecured Claims Filed by ${c.P}.${c.pFiler}`, doc: { text: "The debtor adds two unsecured creditors that were omitted from the original schedules.", pages: 5 } };
    case "address":
      return { html: `Notice of Change of Address Filed by ${c.P}.${c.pFiler}`, doc: { text: "The debtor gives notice of a new mailing address.", pages: 1 } };
    case "payment":
      return chapter === "13"
        ? { html: `Notice of Mortgage Payment Change Filed by ${creditor}.`, doc: { text: "The monthly mortgage payment changes because of an escrow adjustment.", pages: 4 } }
        : { html: `Reaffirmation Agreement Between Debtor and ${creditor}.`, doc: { text: `The debtor agrees to reaffirm the debt owed to ${plain(creditor)} on the vehicle loan.`, pages: 8 } };
    case "trusteeReport":
      return { html: `Trustee's Interim Report Filed by ${trustee}.`, doc: { text: "The trustee reports receipts and disbursements to date.", pages: 2 } };
  }
}
