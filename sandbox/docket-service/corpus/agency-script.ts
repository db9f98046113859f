/**
 * Proceedings before the Patent Trial and Appeal Board (inter partes review) and the International
 * Trade Commission (Section 337 investigations). Both are patent fights, so they share patents with
 * district cases and link to them through `related`.
 */
import { patentList, patentShort } from "./civil-texts.ts";
import { htmlToText } from "./html.ts";
import { due, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

const plain = htmlToText;

export function writePtab(ctx: ScriptCtx, apjs: readonly string[]): void {
  const P = ctx.P; // petitioner
  const O = ctx.D; // patent owner
  const p = ctx.kase.patents[0] ?? "";
  const stages: Stage[] = [
    (c) => {
      c.w.add({ html: `Petition for Inter Partes Review of ${patentList(c)} filed by Petitioner ${P}.`, doc: { text: `${plain(P)} requests inter partes review and cancellation of claims 1-20 of the ${patentShort(p)} as obvious over the cited prior art.`, pages: c.rng.int(60, 80) }, exhibits: ["Ex. 1001 - The challenged patent", "Ex. 1002 - Declaration of Petitioner's Expert", "Ex. 1003 - Prior art reference"], gap: 0 });
      c.w.add({ html: `Power of Attorney filed by Petitioner ${P}.`, doc: { text: "Petitioner designates lead and back-up counsel.", pages: 2 }, gap: 0 });
      c.w.add({ html: (on) => `Notice of Filing Date Accorded to Petition and Time for Filing Patent Owner Preliminary Response. Preliminary response due ${due(on, 90)}.`, doc: { text: "The petition has been accorded a filing date. The patent owner may file a preliminary response within three months.", pages: 5 } });
      c.w.add({ html: `Patent Owner's Mandatory Notices filed by ${O}.`, doc: { text: `${plain(O)} identifies related matters, including litigation in district court concerning the ${patentShort(p)}.`, pages: 4 } });
    },
    (c) => {
      c.w.add({ html: `Patent Owner Preliminary Response filed by ${O}.`, doc: { text: `${plain(O)} argues that the petition fails to show a reasonable likelihood that any challenged claim is unpatentable and that the Board should exercise its discretion to deny institution.`, pages: 60 }, gap: 3 });
      const instituted = c.rng.chance(0.65);
      c.w.add({
        html: `DECISION ${instituted ? "Granting" : "Denying"} Institution of Inter Partes Review. ${apjs.join(", ")}.`,
        doc: { text: instituted ? `Petitioner has demonstrated a reasonable likelihood of prevailing with respect to at least one challenged claim of the ${patentShort(p)}. We institute inter partes review of all challenged claims on all grounds.` : `Petitioner has not demonstrated a reasonable likelihood of prevailing. We deny institution of inter partes review.`, pages: c.rng.int(20, 50) },
        analyze: { type: "decision", outcome: instituted ? "granted" : "denied" },
        gap: 3,
      });
      if (!instituted) {
        if (c.close) terminate(c);
        return;
      }
      c.w.add({ html: (on) => `Scheduling Order. Patent Owner Response due ${due(on, 90)}. Oral hearing set for ${due(on, 270)}.`, doc: { text: "The Board sets the schedule for the trial, including the due dates for the patent owner response, petitioner reply and the oral hearing.", pages: 8 }, analyze: { type: "order" }, gap: 0 });
    },
    (c) => {
      c.w.add({ html: `Patent Owner Response filed by ${O}.`, doc: { text: `${plain(O)} argues that the prior art does not teach the claimed "substantially aligned" limitation.`, pages: 70 }, exhibits: ["Ex. 2001 - Declaration of Patent Owner's Expert"], gap: 3 });
      c.w.add({ html: `Petitioner's Reply filed by ${P}.`, doc: { text: `${plain(P)} replies that the limitation is expressly disclosed in the primary reference.`, pages: 35 }, gap: 3 });
      c.w.add({ html: `Patent Owner's Sur-Reply filed by ${O}.`, doc: { text: "Patent owner responds to the new arguments raised in the reply.", pages: 25 } });
      c.w.add({ html: `Record of Oral Hearing.`, doc: { text: "Transcript of the oral hearing before the panel.", pages: 60 }, gap: 2 });
    },
    (c) => {
      if (!c.close) return;
      const outcome = c.rng.weighted([["all challenged claims unpatentable", 60], ["some challenged claims unpatentable", 20], ["no challenged claims unpatentable", 20]] as const);
      c.w.add({ html: `FINAL WRITTEN DECISION: ${outcome}. 35 U.S.C. § 318(a). ${apjs.join(", ")}.`, doc: { text: `Petitioner has shown by a preponderance of the evidence that ${outcome.replace(" unpatentable", "")} of the ${patentShort(p)} are unpatentable.`, pages: c.rng.int(40, 90) }, analyze: { type: "final written decision", outcome }, gap: 4 });
      terminate(c);
    },
  ];
  runStages(ctx, stages);
}

export function writeItc(ctx: ScriptCtx, alj: string): void {
  const C = ctx.P;
  const R = ctx.D;
  const stages: Stage[] = [
    (c) => {
      c.w.add({ html: `Complaint under Section 337 of the Tariff Act of 1930 filed by ${C} concerning certain products infringing ${patentList(c)}.`, doc: { text: `${plain(C)} alleges that ${plain(R)} imports into the United States products that infringe ${patentList(c)} and requests a limited exclusion order and cease and desist orders.`, pages: 90 }, gap: 0 });
      c.w.add({ html: `Notice of Receipt of Complaint; Solicitation of Comments Relating to the Public Interest.`, doc: { text: "The Commission has received a complaint and solicits comments on any public interest issues raised.", pages: 3 } });
      c.w.add({ html: `Notice of Institution of Investigation. Administrative Law Judge ${alj} assigned.`, doc: { text: "The Commission institutes an investigation to determine whether there is a violation of section 337.", pages: 4 }, analyze: { type: "notice" } });
      c.w.add({ html: `Order No. 1: Protective Order. (${alj})`, doc: { text: "Confidential business information may be disclosed only to authorized persons.", pages: 10 }, analyze: { type: "order" } });
      c.w.add({ html: (on) => `Order No. 2: Procedural Schedule. Evidentiary hearing set for ${due(on, 240)}. Target date ${due(on, 480)}. (${alj})`, doc: { text: "The ALJ sets the procedural schedule, including the Markman hearing, the evidentiary hearing and the target date.", pages: 5 }, analyze: { type: "order" } });
    },
    (c) => {
      for (let i = 0; i < Math.max(0, c.target - c.w.count - 4); i++) {
        c.w.add({ html: `Order No. ${i + 3}: ${c.rng.pick(["Granting Motion to Compel", "Granting Joint Motion to Amend Procedural Schedule", "Construing the Terms of the Asserted Claims", "Denying Motion for Summary Determination", "Granting Motion for Leave to Amend Complaint"])}. (${alj})`, doc: { text: "The Administrative Law Judge rules on the pending motion for the reasons stated.", pages: c.rng.int(3, 40) }, analyze: { type: "order" } });
      }
    },
    (c) => {
      const violation = c.rng.chance(0.55);
      c.w.add({ html: `Final Initial Determination on Violation of Section 337: ${violation ? "violation found" : "no violation"}. (${alj})`, doc: { text: violation ? `${plain(R)} has violated section 337 by importing products that infringe the asserted claims.` : "The asserted claims are not infringed; there is no violation of section 337.", pages: 250 }, analyze: { type: "initial determination", outcome: violation ? "violation" : "no violation" }, gap: 4 });
      if (!c.close) return;
      c.w.add({ html: `Commission Opinion and Notice of Final Determination; ${violation ? "Issuance of a Limited Exclusion Order and Cease and Desist Orders" : "Termination of the Investigation"}.`, doc: { text: violation ? "The Commission affirms the finding of a violation and issues a limited exclusion order." : "The Commission determines that there is no violation and terminates the investigation.", pages: 60 }, analyze: { type: "final determination", outcome: violation ? "violation" : "no violation" }, gap: 4 });
      terminate(c);
    },
  ];
  runStages(ctx, stages);
}
