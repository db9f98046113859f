/**
 * A chapter 11 docket: first-day motions and orders, the creditors' committee, professional
 * retentions, then months of fee statements, operating reports, claims traffic and hearings, and
 * finally a plan. Large cases (thousands of entries) are mostly that middle part, as on real mega
 * dockets.
 */
import type { EntrySpec } from "./docket-writer.ts";
import { htmlToText } from "./html.ts";
import { bkSigned, meetingNotice, petition } from "./bankruptcy-script.ts";
import { due, money, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

const plain = htmlToText;

const FIRST_DAY = [
  ["Joint Administration", "directing joint administration of the Debtors' chapter 11 cases"],
  ["Cash Management", "authorizing continued use of the Debtors' cash management system and bank accounts"],
  ["Wages", "authorizing payment of prepetition employee wages, salaries and benefits"],
  ["Critical Vendors", "authorizing payment of prepetition claims of critical vendors"],
  ["DIP Financing", "authorizing the Debtors to obtain postpetition financing and use cash collateral"],
  ["Utilities", "approving adequate assurance of payment to utility companies"],
] as const;

export interface Ch11Cast {
  committee: string;
  professionals: readonly string[];
  creditors: readonly string[];
}

export function writeChapter11(ctx: ScriptCtx, cast: Ch11Cast): void {
  const D = ctx.P; // the debtor is the first party
  const stages: Stage[] = [
    (c) => {
      c.w.add(petition(c, "11", "1738"));
      c.w.add({ html: `Declaration of Chief Restructuring Officer in Support of Chapter 11 Petitions and First Day Pleadings Filed by ${D}.${c.pFiler}`, doc: { text: `${plain(D)} commenced these cases to restructure its balance sheet after a liquidity shortfall. The first day motions are necessary to avoid immediate and irreparable harm to the business.`, pages: 80 }, gap: 0 });
      for (const [name, what] of FIRST_DAY) {
        const m = c.w.add({ html: `Motion of Debtors for Entry of Interim and Final Orders ${what} (${name} Motion) Filed by ${D}.${c.pFiler}`, doc: { text: `The Debtors request entry of an order ${what}. Relief is needed to preserve the value of the estates.`, pages: c.rng.int(15, 60) }, analyze: { type: "motion" }, gap: 0 });
        c.w.add({ html: (on) => `Interim Order ${what} (Related Doc # ${c.w.link(m)}). ${bkSigned(c, on)}`, doc: { text: `The ${name} Motion is GRANTED on an interim basis. A final hearing will be held.`, pages: c.rng.int(5, 30) }, analyze: { type: "order", outcome: "granted" }, gap: 0.1 });
      }
      c.w.add(meetingNotice(c, "11", ""));
    },
    (c) => {
      c.w.add({ html: `Notice of Appointment of Official Committee of Unsecured Creditors Filed by U.S. Trustee.`, doc: { text: `The United States Trustee appoints the ${plain(cast.committee)}, consisting of five of the largest unsecured creditors.`, pages: 3 } });
      for (const prof of cast.professionals) {
        const app = c.w.add({ html: `Application to Employ ${prof} as ${c.rng.pick(["Counsel", "Financial Advisor", "Investment Banker", "Claims and Noticing Agent"])} Filed by ${D}.${c.pFiler}`, doc: { text: `The Debtors seek to retain ${prof} effective as of the petition date on the terms of the engagement letter.`, pages: 30 }, analyze: { type: "motion" } });
        c.w.add({ html: (on) => `Order Authorizing Employment and Retention of ${prof} (Related Doc # ${c.w.link(app)}). ${bkSigned(c, on)}`, doc: { text: `The application to employ ${prof} is GRANTED.`, pages: 4 }, analyze: { type: "order", outcome: "granted" } });
      }
      c.w.add({ html: (on) => `Order Establishing Deadlines for Filing Proofs of Claim. General Bar Date set for ${due(on, 60)}. ${bkSigned(c, on)}`, doc: (on) => ({ text: `All persons must file proofs of claim by ${due(on, 60)}. Governmental units must file by ${due(on, 180)}.`, pages: 12 }), analyze: { type: "order", outcome: "granted" } });
    },
    (c) => {
      const n = Math.max(0, c.target - c.w.count - 6);
      for (let i = 0; i < n && !c.w.ended; i++) c.w.add(chapter11Routine(c, cast, D));
    },
    (c) => {
      const ds = c.w.add({ html: `Disclosure Statement for Joint Chapter 11 Plan of Reorganization Filed by ${D}.${c.pFiler}`, doc: { text: "The Plan converts the prepetition term loan into equity of the reorganized Debtors and gives general unsecured creditors a pro rata share of a litigation trust.", pages: 180 } });
      c.w.add({ html: (on) => `Order Approving Disclosure Statement and Solicitation Procedures. Confirmation Hearing set for ${due(on, 45)} at 10:00 AM. ${bkSigned(c, on)}`, doc: { text: `The Disclosure Statement (Doc ${ds ?? ""}) contains adequate information and is APPROVED.`, pages: 25 }, analyze: { type: "order", outcome: "granted" } });
      c.w.add({ html: (on) => `Findings of Fact, Conclusions of Law, and Order Confirming the Joint Chapter 11 Plan of Reorganization. ${bkSigned(c, on)}`, doc: { text: "The Plan satisfies section 1129 of the Bankruptcy Code and is CONFIRMED.", pages: 90 }, analyze: { type: "order", outcome: "granted" }, gap: 3 });
      if (c.close) {
        c.w.add({ html: `Final Decree Closing Chapter 11 Case. ${c.clerk}`, doc: { text: "The estates have been fully administered; the case is closed.", pages: 2 }, gap: 4 });
        terminate(c);
      }
    },
  ];
  runStages(ctx, stages);
}

export function chapter11Routine(c: ScriptCtx, cast: Ch11Cast, D: string): EntrySpec {
  const prof = c.rng.pick(cast.professionals);
  const creditor = c.rng.pick(cast.creditors);
  const kind = c.rng.weighted([
    ["fee", 14], ["cno", 10], ["service", 18], ["transfer", 12], ["mor", 4], ["agenda", 5], ["hearing", 4],
    ["notice", 8], ["omnibus", 3], ["stip", 4], ["lease", 4], ["transcript", 3], ["withdrawal", 3],
  ] as const);
  switch (kind) {
    case "fee":
      return { html: `Monthly Fee Statement of ${prof} for Compensation for Services and Reimbursement of Expenses. Fees: ${money(c.rng, 40_000, 2_500_000)}. Objections due by ${due(c.w.date, 21)}.`, doc: { text: `${prof} requests payment of 80% of fees and 100% of expenses incurred during the statement period.`, pages: c.rng.int(20, 120) } };
    case "cno":
      return { html: `Certificate of No Objection Regarding Monthly Fee Statement of ${prof}.`, doc: { text: `No objection was filed to the monthly fee statement of ${prof}.`, pages: 2 } };
    case "service":
      return { html: `Affidavit/Declaration of Service of Claims and Noticing Agent regarding documents served on the core service list.`, doc: { text: "The claims agent served the listed documents on the core service list and the master service list.", pages: c.rng.int(3, 40) } };
    case "transfer":
      return { html: `Transfer of Claim. Transfer Agreement 3001 (e) 2 Transferor: ${creditor} To ${c.rng.pick(["Cherry Hill Claims Partners LP", "Argo Recovery Fund LLC", "Bayside Distressed Opportunities LP"])}.`, doc: { text: `Notice that the claim of ${plain(creditor)} has been transferred under Bankruptcy Rule 3001(e)(2).`, pages: 3 } };
    case "mor":
      return { html: `Monthly Operating Report Filed by ${D}.${c.pFiler}`, doc: { text: "The Debtors report cash receipts, disbursements and professional fees paid for the month.", pages: 25 } };
    case "agenda":
      return { html: (on) => `Notice of Agenda of Matters Scheduled for Hearing on ${due(on, 2)} at 10:00 AM Filed by ${D}.${c.pFiler}`, doc: { text: "The agenda lists uncontested matters going forward on certification of counsel and contested matters going forward.", pages: 6 } };
    case "hearing":
      return { html: `Hearing Held. Omnibus hearing; uncontested matters approved on the record. ${c.clerk}`, numbered: false };
    case "notice":
      return { html: `Notice of Appearance and Request for Service of Papers Filed by ${creditor}.`, doc: { text: `Counsel appears for ${plain(creditor)} and requests service of all papers.`, pages: 3 } };
    case "omnibus":
      return { html: `Debtors' Omnibus Objection to Claims (Substantive) Filed by ${D}.${c.pFiler}`, doc: { text: "The Debtors object to duplicate, amended and no-liability claims listed on the exhibits.", pages: 30 }, analyze: { type: "motion" } };
    case "stip":
      return { html: (on) => `Order Approving Stipulation Between the Debtors and ${creditor}. ${bkSigned(c, on)}`, doc: { text: `The stipulation resolving the claims of ${plain(creditor)} is APPROVED.`, pages: 6 }, analyze: { type: "order", outcome: "granted" } };
    case "lease":
      return { html: `Notice of Rejection of Executory Contracts and Unexpired Leases Filed by ${D}.${c.pFiler}`, doc: { text: "The Debtors give notice of the rejection of the listed store leases effective as of the rejection date.", pages: 8 } };
    case "transcript":
      return { html: `Transcript regarding Hearing. Remote electronic access to the transcript is restricted until ${due(c.w.date, 90)}.`, doc: { text: "Transcript of the omnibus hearing.", pages: 60, cached: false } };
    case "withdrawal":
      return { html: `Withdrawal of Claim(s) filed by ${creditor}.`, doc: { text: `${plain(creditor)} withdraws its proof of claim.`, pages: 1 } };
  }
}
