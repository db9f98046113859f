/**
 * Case management in a federal civil case: conferences, scheduling orders (whose deadlines ask_docket
 * reads for "next deadline"), protective orders, discovery traffic, claim construction, trial,
 * judgment, appeal and dismissal.
 */
import type { EntrySpec } from "./docket-writer.ts";
import { htmlToText } from "./html.ts";
import { patentList, patentShort } from "./civil-texts.ts";
import { due, money, signed, type ScriptCtx } from "./script-kit.ts";

const plain = htmlToText;

export function conferenceNotice(ctx: ScriptCtx): EntrySpec {
  return {
    html: (on) => `NOTICE OF INITIAL PRETRIAL CONFERENCE: Initial Conference set for ${due(on, 21)} at 10:00 AM in Courtroom ${ctx.rng.int(3, 26)}${ctx.rng.pick(["A", "B", "C", "D"])} before Judge ${ctx.judge}. ${ctx.clerk}`,
    doc: (on) => ({ text: `An initial pretrial conference will be held on ${due(on, 21)} at 10:00 AM. Counsel shall confer and submit a proposed case management plan one week before the conference.`, pages: 2 }),
  };
}

export function minute(ctx: ScriptCtx, what: string, extra = ""): EntrySpec {
  return {
    html: (on) => `Minute Entry for proceedings held before Judge ${ctx.judge}: ${what} held on ${due(on, 0)}.${extra ? ` ${extra}` : ""} (Court Reporter ${ctx.rng.pick(["Kristen Alvarez", "Joseph Mendel", "Dana Whitford"])}) ${ctx.clerk}`,
    numbered: false,
  };
}

export function schedulingOrder(ctx: ScriptCtx): EntrySpec {
  const patent = ctx.kase.patents.length > 0;
  const items = (on: number): string[] =>
    patent
      ? [
          `Infringement Contentions due by ${due(on, 30)}`,
          `Invalidity Contentions due by ${due(on, 75)}`,
          `Joint Claim Construction Statement due by ${due(on, 120)}`,
          `Claim Construction Hearing set for ${due(on, 180)} at 09:30 AM`,
          `Fact Discovery due by ${due(on, 300)}`,
          `Expert Discovery due by ${due(on, 390)}`,
          `Dispositive Motions due by ${due(on, 430)}`,
          `Jury Trial set for ${due(on, 540)} at 09:00 AM`,
        ]
      : [
          `Amended Pleadings due by ${due(on, 45)}`,
          `Fact Discovery due by ${due(on, 180)}`,
          `Expert Discovery due by ${due(on, 240)}`,
          `Dispositive Motions due by ${due(on, 280)}`,
          `Final Pretrial Conference set for ${due(on, 360)} at 02:00 PM`,
        ];
  return {
    html: (on) => `CIVIL CASE MANAGEMENT PLAN AND SCHEDULING ORDER: ${items(on).join(". ")}. ${signed(ctx, on)}`,
    doc: (on) => ({ text: `The Court adopts the following schedule. ${items(on).join(". ")}. These deadlines will not be extended absent good cause shown. SO ORDERED.`, pages: ctx.rng.int(3, 9) }),
    analyze: { type: "order" },
  };
}

export function protectiveOrder(ctx: ScriptCtx): EntrySpec {
  return {
    html: (on) => `STIPULATED PROTECTIVE ORDER governing the production and use of Confidential and Highly Confidential - Attorneys' Eyes Only information. ${signed(ctx, on)}`,
    doc: { text: "Documents designated Confidential may be used only for this litigation. Highly Confidential - Attorneys' Eyes Only material may be disclosed only to outside counsel and approved experts. SO ORDERED.", pages: ctx.rng.int(12, 20) },
    analyze: { type: "order", outcome: "granted" },
  };
}

/** One routine item of discovery and motion traffic; many of these make a long docket. */
export function discoveryItem(ctx: ScriptCtx, lastNo: () => string | undefined): EntrySpec {
  const side = ctx.rng.chance(0.5) ? "P" : "D";
  const who = side === "P" ? ctx.P : ctx.D;
  const f = side === "P" ? ctx.pFiler : ctx.dFiler;
  const picked = ctx.rng.weighted([
    ["letter", 16], ["letterOrder", 8], ["extension", 8], ["seal", 5], ["sealed", 3], ["transcript", 5],
    ["deposition", 6], ["service", 6], ["status", 6], ["address", 2], ["conference", 5], ["withdraw", 2],
  ] as const);
  // An order needs a letter motion to rule on.
  const kind = picked === "letterOrder" && lastNo() === undefined ? "letter" : picked;
  switch (kind) {
    case "letter":
      return {
        html: (on) => `LETTER MOTION for Discovery Conference addressed to Judge ${ctx.judge} from ${side === "P" ? "Plaintiff" : "Defendant"}'s counsel dated ${due(on, 0)}. Document filed by ${who}.${f}`,
        doc: { text: `${plain(who)} requests a conference regarding deficiencies in the opposing party's document production and interrogatory responses. The parties met and conferred but could not resolve the dispute.`, pages: 3 },
        analyze: { type: "motion" },
      };
    case "letterOrder": {
      const outcome = ctx.rng.pick(["granted", "denied"] as const);
      return {
        html: (on) => `ORDER ${outcome === "granted" ? "granting" : "denying"} ${ctx.w.link(lastNo())} Letter Motion for Conference. ${outcome === "granted" ? `A discovery conference is scheduled for ${due(on, 10)} at 11:00 AM.` : "The parties shall continue to meet and confer."} ${signed(ctx, on)}`,
        doc: { text: `The letter motion is ${outcome.toUpperCase()}. SO ORDERED.`, pages: 1 },
        analyze: { type: "order", outcome },
      };
    }
    case "extension":
      return {
        html: (on) => `FIRST LETTER MOTION for Extension of Time to Complete Discovery to ${due(on, 60)} addressed to Judge ${ctx.judge}. Document filed by ${who}.${f}`,
        doc: (on) => ({ text: `The parties jointly request a 60-day extension of the fact discovery deadline to ${due(on, 60)} to complete depositions. No prior request has been made.`, pages: 2 }),
        analyze: { type: "motion" },
      };
    case "seal":
      return {
        html: `LETTER MOTION for Leave to File Document under Seal addressed to Judge ${ctx.judge}. Document filed by ${who}.${f}`,
        doc: { text: `${plain(who)} requests leave to file under seal exhibits containing confidential business information designated under the Protective Order.`, pages: 2 },
        analyze: { type: "motion" },
      };
    case "sealed":
      return {
        html: `SEALED DOCUMENT placed in vault. ${ctx.clerk}`,
        doc: { text: `SEALED: confidential licensing terms and royalty rates of ${plain(who)}; internal revenue projections for fiscal years 2024 through 2027.`, sealed: true, cached: false, pages: ctx.rng.int(5, 40) },
      };
    case "transcript":
      return {
        html: (on) => `TRANSCRIPT of Proceedings re: Conference held on ${due(on, -14)} before Judge ${ctx.judge}. Redaction Request due ${due(on, 21)}. Release of Transcript Restriction set for ${due(on, 90)}. ${ctx.clerk}`,
        doc: { text: "Transcript of a discovery conference. The Court heard argument on the parties' discovery dispute and directed them to submit a joint status letter.", pages: ctx.rng.int(20, 60), cached: false },
      };
    case "deposition":
      return {
        html: (on) => `NOTICE of Deposition of ${ctx.rng.pick(["its Rule 30(b)(6) designee", "its Chief Technology Officer", "its former Vice President of Sales", "Plaintiff's damages expert"])} on ${due(on, 20)}. Document filed by ${who}.${f}`,
        doc: { text: `Please take notice that ${plain(who)} will take the deposition upon oral examination before a certified court reporter.`, pages: 3 },
      };
    case "service":
      return { html: `CERTIFICATE OF SERVICE of discovery responses served on all counsel of record. Document filed by ${who}.${f}`, doc: { text: "I certify that the foregoing was served on all counsel of record by electronic mail.", pages: 1 } };
    case "status":
      return {
        html: `JOINT STATUS REPORT. Document filed by ${ctx.P}, ${ctx.D}.${ctx.pFiler}`,
        doc: { text: "The parties report that document production is substantially complete, depositions are ongoing, and they have scheduled a private mediation. No other matters require the Court's attention at this time.", pages: 3 },
      };
    case "address":
      return { html: `NOTICE of Change of Address by counsel for ${who}.${f}`, doc: { text: "Counsel gives notice of a new office address; the email address of record is unchanged.", pages: 1 } };
    case "conference":
      return minute(ctx, "Discovery Conference", "The Court ruled on the record as stated.");
    case "withdraw":
      return {
        html: `MOTION for Attorney to Withdraw as Attorney. Document filed by ${who}.${f}`,
        doc: { text: `An attorney of record for ${plain(who)} is leaving the firm and moves to withdraw. Other counsel of record will continue to represent ${plain(who)}.`, pages: 2 },
        analyze: { type: "motion" },
      };
  }
}

export function claimConstruction(ctx: ScriptCtx): EntrySpec[] {
  const p = ctx.kase.patents[0] ?? "";
  return [
    { html: `NOTICE of Service of Infringement Contentions. Document filed by ${ctx.P}.${ctx.pFiler}`, doc: { text: `${plain(ctx.P)} served its infringement contentions for ${patentList(ctx)}.`, pages: 2 } },
    { html: `NOTICE of Service of Invalidity Contentions. Document filed by ${ctx.D}.${ctx.dFiler}`, doc: { text: `${plain(ctx.D)} served invalidity contentions identifying prior art that anticipates or renders obvious the asserted claims of the ${patentShort(p)}.`, pages: 2 }, gap: 2 },
    { html: `JOINT CLAIM CONSTRUCTION AND PREHEARING STATEMENT. Document filed by ${ctx.P}, ${ctx.D}.${ctx.pFiler}`, doc: { text: `The parties dispute the construction of five terms of the ${patentShort(p)}, including "charging coil assembly" and "substantially aligned".`, pages: 14 }, gap: 2 },
    { html: `OPENING CLAIM CONSTRUCTION BRIEF. Document filed by ${ctx.P}.${ctx.pFiler}`, doc: { text: `${plain(ctx.P)} asks the Court to give the disputed terms their plain and ordinary meaning.`, pages: 25 }, exhibits: ["Exhibit 1 - Declaration of Technical Expert", `Exhibit 2 - ${patentShort(p)} prosecution history`] },
    { html: `RESPONSIVE CLAIM CONSTRUCTION BRIEF. Document filed by ${ctx.D}.${ctx.dFiler}`, doc: { text: `${plain(ctx.D)} argues that the term "substantially aligned" is indefinite and that the remaining terms require construction.`, pages: 25 } },
    minute(ctx, "Claim Construction (Markman) Hearing", "Argument heard; the Court reserved decision."),
    {
      html: (on) => `CLAIM CONSTRUCTION ORDER construing the disputed terms of ${patentList(ctx)}. The term "substantially aligned" is not indefinite. ${signed(ctx, on)}`,
      doc: { text: `The Court construes the disputed terms of the ${patentShort(p)} as set forth in this order and holds that the term "substantially aligned" is not indefinite.`, pages: ctx.rng.int(15, 40) },
      analyze: { type: "order" },
      gap: 3,
    },
  ];
}

export function verdictAndJudgment(ctx: ScriptCtx): EntrySpec[] {
  const award = money(ctx.rng, 1_000_000, 90_000_000);
  const days = ctx.rng.int(2, 5);
  return [
    ...Array.from({ length: days }, (_, i) => ({ ...minute(ctx, `Jury Trial (Day ${i + 1})`), gap: i === 0 ? 2 : 0.1 })),
    { html: `JURY VERDICT in favor of ${ctx.P} against ${ctx.D} in the amount of ${award}. ${ctx.clerk}`, doc: { text: `We, the jury, find in favor of ${plain(ctx.P)} and award damages of ${award}.`, pages: 6 }, gap: 0.1 },
    {
      html: (on) => `JUDGMENT in favor of ${ctx.P} against ${ctx.D} in the amount of ${award}, with post-judgment interest. ${signed(ctx, on)}`,
      doc: { text: `Pursuant to the jury verdict, judgment is entered in favor of ${plain(ctx.P)} and against ${plain(ctx.D)} in the amount of ${award}.`, pages: 2 },
      analyze: { type: "judgment" },
    },
    { html: `NOTICE OF APPEAL from Judgment. Document filed by ${ctx.D}. Filing fee $ 605.00.${ctx.dFiler}`, doc: { text: `${plain(ctx.D)} appeals from the final judgment entered in this action.`, pages: 2 }, gap: 1 },
  ];
}

export function dismissal(ctx: ScriptCtx): EntrySpec[] {
  const settled = ctx.rng.chance(0.7);
  return [
    ...(settled ? [{ html: `NOTICE of Settlement. The parties have reached a settlement in principle. Document filed by ${ctx.P}.${ctx.pFiler}`, doc: { text: "The parties notify the Court that they have reached a settlement in principle and request that all deadlines be adjourned.", pages: 1 } }] : []),
    { html: `STIPULATION OF VOLUNTARY DISMISSAL WITH PREJUDICE pursuant to Fed. R. Civ. P. 41(a)(1)(A)(ii), each party to bear its own costs and fees. Document filed by ${ctx.P}, ${ctx.D}.${ctx.pFiler}`, doc: { text: "The parties stipulate to the dismissal of this action with prejudice, each party to bear its own costs and attorneys' fees.", pages: 2 } },
    {
      html: (on) => `ORDER OF DISMISSAL: This action is dismissed with prejudice. The Clerk of Court is directed to close this case. ${signed(ctx, on)}`,
      doc: { text: "This action is DISMISSED WITH PREJUDICE. The Clerk of Court is directed to terminate all pending motions and close this case. SO ORDERED.", pages: 1 },
      analyze: { type: "order", outcome: "granted" },
      gap: 0.5,
    },
  ];
}
