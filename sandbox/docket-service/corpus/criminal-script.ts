/**
 * A federal criminal case: indictment, arrest, appearances, detention or bond, motions, plea or
 * trial, sentencing and judgment. Plea agreements and presentence reports are sealed, as they are on
 * real dockets.
 */
import type { EntrySpec } from "./docket-writer.ts";
import { htmlToText } from "./html.ts";
import { minute } from "./management-texts.ts";
import { due, money, runStages, signed, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

const plain = htmlToText;

export const CHARGES = [
  "18:1343 Wire Fraud", "18:1349 Conspiracy to Commit Wire Fraud", "21:846 Conspiracy to Distribute Controlled Substances",
  "18:1956(h) Conspiracy to Commit Money Laundering", "18:922(g)(1) Felon in Possession of a Firearm",
  "18:1028A Aggravated Identity Theft", "15:78j(b) Securities Fraud", "18:1030 Computer Fraud",
] as const;

export function writeCriminal(ctx: ScriptCtx, charge: string): void {
  const D = ctx.D;
  const sealedIndictment = ctx.rng.chance(0.3);
  const stages: Stage[] = [
    (c) => {
      c.w.add({
        html: `${sealedIndictment ? "SEALED " : ""}INDICTMENT as to ${D} (1) count(s) 1-${c.rng.int(1, 9)}. ${c.clerk}`,
        doc: { text: `The Grand Jury charges that ${plain(D)} committed ${charge.replace(/^\S+ /, "")} in violation of Title ${charge.split(":")[0]}, United States Code. A TRUE BILL.`, pages: c.rng.int(5, 40), sealed: sealedIndictment, cached: !sealedIndictment },
        gap: 0,
      });
      if (sealedIndictment) c.w.add({ html: (on) => `ORDER to Unseal Indictment as to ${D}. ${signed(c, on)}`, doc: { text: "The indictment is unsealed.", pages: 1 }, analyze: { type: "order", outcome: "granted" } });
      c.w.add({ html: `Arrest Warrant Returned Executed as to ${D}. ${c.clerk}`, doc: { text: `${plain(D)} was arrested on the warrant issued in this case.`, pages: 1, cached: false } });
    },
    (c) => {
      c.w.add(minute(c, `Initial Appearance as to ${D}`, "Defendant advised of rights and charges."));
      c.w.add({
        html: (on) => `CJA 20 as to ${D}: Appointment of Attorney ${c.kase.parties[1]?.counsel[0]?.name ?? "Federal Defender"} for ${D}. ${signed(c, on)}`,
        doc: { text: `Counsel is appointed to represent ${plain(D)} under the Criminal Justice Act.`, pages: 1 },
        gap: 0,
      });
      c.w.add({ html: `NOTICE OF ATTORNEY APPEARANCE: ${c.kase.parties[0]?.counsel[0]?.name ?? "AUSA"} appearing for USA. ${c.pFiler}`, doc: { text: "The undersigned Assistant United States Attorney appears for the United States.", pages: 1 }, gap: 0.3 });
    },
    (c) => {
      const detained = c.rng.chance(0.4);
      c.w.add(minute(c, `Detention Hearing as to ${D}`, detained ? "Defendant detained pending trial." : "Bond set."));
      c.w.add(
        detained
          ? { html: (on) => `ORDER OF DETENTION PENDING TRIAL as to ${D}. ${signed(c, on)}`, doc: { text: `${plain(D)} is a flight risk and no condition or combination of conditions will reasonably assure the defendant's appearance. Defendant is detained pending trial.`, pages: 3 }, analyze: { type: "order" } }
          : { html: `BOND SET AT ${money(c.rng, 10_000, 500_000).replace("$", "")} as to ${D}. Conditions: surrender passport, travel restricted. ${c.clerk}`, doc: { text: `${plain(D)} is released on an unsecured bond with conditions including travel restrictions and surrender of passport.`, pages: 4 } },
      );
      c.w.add(minute(c, `Arraignment as to ${D} (1) Count 1`, "Plea of NOT GUILTY entered."));
    },
    (c) => {
      c.w.add({
        html: (on) => `ORDER as to ${D}: Status Conference set for ${due(on, 45)} at 10:30 AM. Time is excluded under the Speedy Trial Act, 18 U.S.C. § 3161(h)(7)(A), in the interests of justice. ${signed(c, on)}`,
        doc: { text: "The Court finds that the ends of justice served by excluding time outweigh the best interest of the public and the defendant in a speedy trial.", pages: 2 },
        analyze: { type: "order" },
      });
      c.w.add(protectiveOrder(c));
    },
    (c) => {
      if (!c.rng.chance(0.45)) return;
      const no = c.w.add({ html: (on) => `MOTION to Suppress Evidence by ${D}. Response due by ${due(on, 14)}. ${c.dFiler}`, doc: { text: `${plain(D)} moves to suppress evidence obtained in a warrantless search, which violated the Fourth Amendment.`, pages: 12 }, analyze: { type: "motion" } });
      c.w.add({ html: `RESPONSE in Opposition by USA as to ${D} re ${c.w.link(no)} MOTION to Suppress. ${c.pFiler}`, doc: { text: "The search was supported by probable cause and, in any event, the good-faith exception applies. The motion should be denied.", pages: 15 } });
      c.w.add(minute(c, `Suppression Hearing as to ${D}`));
      c.w.add({ html: (on) => `ORDER denying ${c.w.link(no)} Motion to Suppress as to ${D}. ${signed(c, on)}`, doc: { text: "The motion to suppress is DENIED. The officers had probable cause. SO ORDERED.", pages: 9 }, analyze: { type: "order", outcome: "denied" }, gap: 2 });
    },
    (c) => {
      for (let i = 0; i < Math.max(0, c.target - c.w.count - 8); i++) c.w.add(criminalRoutine(c));
    },
    (c) => {
      c.w.add(minute(c, `Change of Plea Hearing as to ${D}`, "Defendant pleads GUILTY to Count 1. Sentencing set."));
      c.w.add({ html: `PLEA AGREEMENT as to ${D}. ${c.clerk}`, doc: { text: `SEALED PLEA AGREEMENT: cooperation terms and sentencing stipulations between the United States and ${plain(D)}.`, sealed: true, cached: false, pages: 14 }, gap: 0 });
      c.w.add({ html: `SEALED PRESENTENCE INVESTIGATION REPORT as to ${D}. ${c.clerk}`, doc: { text: `SEALED PRESENTENCE REPORT: criminal history, family circumstances and financial condition of ${plain(D)}.`, sealed: true, cached: false, pages: 30 }, gap: 3 });
      c.w.add({ html: `SENTENCING MEMORANDUM by ${D}. ${c.dFiler}`, doc: { text: `${plain(D)} asks for a sentence below the advisory Guidelines range in light of acceptance of responsibility and family circumstances.`, pages: 18 } });
      c.w.add(minute(c, `Sentencing as to ${D}`));
      const months = c.rng.int(12, 120);
      c.w.add({
        html: (on) => `JUDGMENT IN A CRIMINAL CASE as to ${D}: Count 1, ${months} months imprisonment, 3 years supervised release, $100 special assessment. ${signed(c, on)}`,
        doc: { text: `${plain(D)} is sentenced to ${months} months of imprisonment followed by 3 years of supervised release, and shall pay a special assessment of $100.`, pages: 7 },
        analyze: { type: "judgment" },
        gap: 0.3,
      });
      if (c.close) terminate(c);
    },
  ];
  runStages(ctx, stages);
  if (ctx.close && !ctx.kase.dateTerminated) terminate(ctx);
}

function protectiveOrder(c: ScriptCtx): EntrySpec {
  return { html: (on) => `PROTECTIVE ORDER governing discovery as to ${c.D}. ${signed(c, on)}`, doc: { text: "Discovery material may be used only for the defense of this case and may not be disseminated.", pages: 4 }, analyze: { type: "order", outcome: "granted" } };
}

export function criminalRoutine(c: ScriptCtx): EntrySpec {
  const pick = c.rng.pick(["status", "continuance", "exhibit", "letter"] as const);
  if (pick === "status") return minute(c, `Status Conference as to ${c.D}`, "Time excluded.");
  if (pick === "continuance")
    return { html: (on) => `MOTION to Continue Status Conference to ${due(on, 30)} by ${c.D}. ${c.dFiler}`, doc: { text: "Defense counsel needs additional time to review voluminous discovery.", pages: 2 }, analyze: { type: "motion" } };
  if (pick === "exhibit") return { html: `NOTICE of Discovery Production by USA as to ${c.D}. ${c.pFiler}`, doc: { text: "The government produced additional discovery to defense counsel.", pages: 1 } };
  return { html: `LETTER by USA as to ${c.D} addressed to Judge ${c.judge} regarding the status of plea negotiations. ${c.pFiler}`, doc: { text: "The parties are engaged in plea discussions and request that the next conference be adjourned.", pages: 1 } };
}
