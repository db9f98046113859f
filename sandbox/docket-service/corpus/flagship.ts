/**
 * The flagship case for demos and docs: Acme Widgets, Inc. v. Globex Corporation, S.D.N.Y.
 * 1:23-cv-01234, a patent case with about sixty entries, including an opinion granting in part a
 * motion to dismiss. Its first entries are fixed (their numbers and dates do not depend on the
 * corpus seed or on `now`, so docs may cite them); a short tail of recent activity is placed just
 * before `now`, with an amended schedule whose deadlines lie ahead and a status conference set
 * a month after its order (issue 16: dates to list, calendar and be reminded of).
 */
import { createRng } from "./random.ts";
import { addDays, DAY_MS, parseDate, startOfDay } from "./dates.ts";
import { createDocketWriter, nextNumber, type EntrySpec } from "./docket-writer.ts";
import * as T from "./civil-texts.ts";
import * as M from "./management-texts.ts";
import { COMPEL, DISMISS, STAY_IPR, declaration, memo, motion, ruling, type MotionKind } from "./motion-texts.ts";
import { due, makeCtx, signed, type ScriptCtx } from "./script-kit.ts";
import type { EmuCase, EmuCounsel } from "./types.ts";

export const FLAGSHIP = {
  court: "New York Southern District Court",
  docket: "1:23-cv-01234",
  title: "Acme Widgets, Inc. v. Globex Corporation",
  patents: ["10,123,456", "10,987,654"],
} as const;

const FILED = Date.UTC(2023, 1, 14);
const BODY_END = Date.UTC(2025, 8, 30);

const PMTD: MotionKind = {
  ...DISMISS,
  argument: "the Complaint does not plausibly allege pre-suit knowledge of the patents, so the claims for willful and induced infringement fail under Rule 12(b)(6)",
};

function counsel(name: string, firm: string, domain: string, phone: string, lead: boolean): EmuCounsel {
  const email = `${name.toLowerCase().replace(/[^a-z ]/g, "").replace(/ /g, ".")}@${domain}`;
  return { name, firm, email, phone, lead, prose: false };
}

export function buildFlagship(now: number): EmuCase {
  const rng = createRng("flagship");
  const pFirm = "Hargrove & Lindqvist LLP";
  const dFirm = "Fitzgerald, Sandoval & Mercer LLP";
  const kase: EmuCase = {
    court: FLAGSHIP.court,
    docket: FLAGSHIP.docket,
    title: FLAGSHIP.title,
    dateFiled: "2/14/2023",
    type: "Civil",
    status: "Open",
    natureOfSuit: "830 Patent",
    cause: "35:271 Patent Infringement",
    judges: ["Eleanor R. Whitcombe", "Ona P. Whitmore"],
    patents: [...FLAGSHIP.patents],
    federal: true,
    entries: [],
    parties: [
      { name: "Acme Widgets, Inc.", type: "Plaintiff", counsel: [
        counsel("Catherine Holloway", pFirm, "hargrovelindqvist.example", "(212) 555-0142", true),
        counsel("Marcus Okafor", pFirm, "hargrovelindqvist.example", "(212) 555-0143", false),
        counsel("Priya Nakamura", pFirm, "hargrovelindqvist.example", "(650) 555-0178", false),
      ] },
      { name: "Globex Corporation", type: "Defendant", counsel: [
        counsel("Jonathan Pemberton", dFirm, "fitzgeraldsandoval.example", "(212) 555-0190", true),
        counsel("Elena Marchetti", dFirm, "fitzgeraldsandoval.example", "(212) 555-0191", false),
      ] },
    ],
    related: [],
    claims: [
      { type: "Count I", description: "Infringement of U.S. Patent No. 10,123,456 (wireless charging widgets)" },
      { type: "Count II", description: "Infringement of U.S. Patent No. 10,987,654 (wireless charging widgets)" },
    ],
    cachedAt: now - 2 * 3600_000,
    active: true,
    extraInfo: { jury_demand: "Both", jurisdiction: "Federal Question", division: "Foley Square" },
  };
  const bodyEnd = Math.min(BODY_END, addDays(startOfDay(now), -40));
  const w = createDocketWriter({ rng, kase, start: FILED, end: bodyEnd, pace: (BODY_END - FILED) / DAY_MS / 56, style: "federal", cachedShare: 0.8 });
  const c = makeCtx(rng, w, kase, { target: 70, close: false, sides: ["Plaintiff", "Defendant"], courtCode: "nysd" });
  c.clerk = "(jgo)";

  const complaintNo = w.add({ ...T.complaint(c), doc: { text: "Acme Widgets, Inc. brings this action for infringement of U.S. Patent Nos. 10,123,456 and 10,987,654, which cover its wireless charging widgets. Globex Corporation's ChargeDock line practices every limitation of claim 1 of each patent. Acme seeks damages, a finding of willful infringement, and a permanent injunction. Acme demands a trial by jury.", pages: 48 } });
  w.add(T.assignment(c, "Ona P. Whitmore"));
  w.add(T.disclosure(c, "P"));
  w.add(T.patentReport(c));
  w.add(T.summonsIssued(c, complaintNo));
  w.add(T.appearance(c, "Marcus Okafor", "P"));
  const phv = w.add(T.proHacVice(c, "Priya Nakamura", "P"));
  w.add(T.proHacViceOrder(c, "Priya Nakamura", phv));
  w.add(T.summonsReturned(c));
  w.add(T.soOrdered(c, w.add(T.extensionStipulation(c)), "Stipulation extending time to respond to the Complaint"));
  w.add(T.appearance(c, "Jonathan Pemberton", "D"));
  w.add(T.appearance(c, "Elena Marchetti", "D"));
  w.add(T.disclosure(c, "D"));

  const mtd = w.add(motion(c, PMTD, "D"));
  w.add(memo(c, PMTD, mtd, "D", "Support"));
  w.add(declaration(c, PMTD, mtd, "D", "Jonathan Pemberton"));
  w.add(memo(c, PMTD, mtd, "P", "Opposition"));
  w.add(memo(c, PMTD, mtd, "D", "Reply"));
  w.add({ ...M.minute(c, "Oral Argument on the motion to dismiss", "Decision reserved."), gap: 1.5 });
  w.add(ruling(c, PMTD, mtd, "granted in part", "The claims for willful infringement and induced infringement of the '456 patent are dismissed without prejudice; the claims for direct infringement of both patents may proceed. Defendant shall answer within 14 days."));

  w.add(T.answer(c, true));
  w.add(T.answerCounterclaim(c));
  w.add(M.conferenceNotice(c));
  w.add({ ...M.minute(c, "Initial Pretrial Conference"), gap: 1.5 });
  w.add(M.schedulingOrder(c));
  w.add(M.protectiveOrder(c));
  for (const spec of M.claimConstruction(c).slice(0, 3)) w.add(spec);

  motionPair(c, STAY_IPR, "D", "denied", "The petition for inter partes review of the '456 patent has not been instituted, and a stay would unduly prejudice Plaintiff. The case will proceed on the current schedule.");
  for (const spec of M.claimConstruction(c).slice(3)) w.add(spec);
  const seal = w.add({ html: `LETTER MOTION for Leave to File Document under Seal addressed to Judge ${c.judge}. Document filed by ${c.D}.${c.dFiler}`, doc: { text: "Globex Corporation requests leave to file under seal its confidential sales data for the ChargeDock line.", pages: 2 }, analyze: { type: "motion" } });
  w.add({ html: (on) => `ORDER granting ${w.link(seal)} Letter Motion to Seal. ${signed(c, on)}`, doc: { text: "The letter motion to seal is GRANTED.", pages: 1 }, analyze: { type: "order", outcome: "granted" } });
  w.add({ html: `SEALED DOCUMENT placed in vault. ${c.clerk}`, doc: { text: "SEALED: Globex ChargeDock unit sales of 4,812,337 units and net revenue of $212,904,118 for fiscal years 2021 through 2024; royalty rate of 3.25% under the Initech license.", sealed: true, cached: false, pages: 22 } });
  motionPair(c, COMPEL, "P", "granted", "Globex shall produce the ChargeDock source code and technical documents within 30 days.");
  for (let i = 0; w.count < 57 && i < 40; i++) w.add(M.discoveryItem(c, () => undefined));

  // Recent activity, just before `now`.
  kase.entries = w.entries;
  const tailStart = Math.max(startOfDay(now) - 30 * DAY_MS, lastDate(kase));
  const tail = createDocketWriter({ rng, kase, start: tailStart, end: addDays(startOfDay(now), -1), pace: 5, style: "federal", entries: w.entries, firstNumber: nextNumber(w.entries) });
  const tc: ScriptCtx = { ...c, w: tail };
  const ext = tail.add({ html: `JOINT LETTER MOTION for Extension of Time to Complete Expert Discovery addressed to Judge ${c.judge}. Document filed by ${c.P}, ${c.D}.${c.pFiler}`, doc: { text: "The parties jointly request a 60-day extension of the expert discovery schedule because of the Court's order compelling production of source code.", pages: 3 }, analyze: { type: "motion" } });
  tail.add(amendedSchedule(tc, ext));
  tail.add({ html: (on) => `NOTICE of Deposition of Globex Corporation's Rule 30(b)(6) designee on ${due(on, 14)}. Document filed by ${c.P}.${c.pFiler}`, doc: { text: "Acme will take the deposition of Globex's corporate designee on the topics in Schedule A.", pages: 6 } });
  // Issue 16: a status conference ahead of the sandbox clock, beside the amended schedule's deadlines.
  tail.add({ html: (on) => `ORDER: A Status Conference is set for ${due(on, 30)} at 10:00 AM in Courtroom 15A, 500 Pearl Street, New York, NY before Judge ${c.judge}. The parties shall file a joint letter on the status of expert discovery one week before the conference. ${signed(c, on)}`, doc: { text: "A status conference will be held to address the expert discovery schedule.", pages: 1 }, analyze: { type: "order" } });
  tail.add({ html: `JOINT STATUS REPORT. Document filed by ${c.P}, ${c.D}.${c.pFiler}`, doc: { text: "The parties report that source code review is under way, expert reports are being prepared, and a private mediation is scheduled. Neither party requests a conference at this time.", pages: 3 } });
  kase.entries = tail.entries;
  return kase;
}

function motionPair(c: ScriptCtx, kind: MotionKind, by: "P" | "D", outcome: "granted" | "denied", detail: string): void {
  const no = c.w.add(motion(c, kind, by));
  c.w.add(memo(c, kind, no, by === "P" ? "D" : "P", "Opposition"));
  c.w.add(ruling(c, kind, no, outcome, detail));
}

function amendedSchedule(c: ScriptCtx, motionNo: string | undefined): EntrySpec {
  const items = (on: number): string => `Expert Reports due by ${due(on, 40)}. Rebuttal Expert Reports due by ${due(on, 70)}. Expert Discovery due by ${due(on, 100)}. Dispositive Motions due by ${due(on, 130)}. Final Pretrial Conference set for ${due(on, 200)} at 02:00 PM`;
  return {
    html: (on) => `AMENDED SCHEDULING ORDER granting ${c.w.link(motionNo)} Joint Letter Motion for Extension of Time: ${items(on)}. ${signed(c, on)}`,
    doc: (on) => ({ text: `The joint motion is GRANTED. The schedule is amended as follows: ${items(on)}. No further extensions will be granted absent extraordinary circumstances. SO ORDERED.`, pages: 2 }),
    analyze: { type: "order", outcome: "granted" },
  };
}

function lastDate(kase: EmuCase): number {
  const last = kase.entries[kase.entries.length - 1];
  return last ? parseDate(last.date) : FILED;
}
