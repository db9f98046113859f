/**
 * The life of a federal civil case, stage by stage: pleadings, appearances, service, a motion to
 * dismiss, the answer, scheduling, discovery, claim construction (patent cases), dispositive motions,
 * trial or settlement. How far a case gets depends on its target size and its end date.
 */
import * as T from "./civil-texts.ts";
import * as M from "./management-texts.ts";
import { DISMISS, DISMISS_101, STAY_IPR, SUMMARY_JUDGMENT, TRANSFER, declaration, memo, motion, ruling, type MotionKind, type Outcome } from "./motion-texts.ts";
import { budget, lawyers, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

export interface CivilOptions {
  magistrate?: string;
  /** Extra opening stages (an MDL's transfer orders) and per-item filler for long dockets. */
  filler?: (ctx: ScriptCtx) => void;
}

export function writeCivil(ctx: ScriptCtx, o: CivilOptions = {}): void {
  const patent = ctx.kase.patents.length > 0;
  let complaintNo: string | undefined;
  const stages: Stage[] = [
    (c) => {
      complaintNo = c.w.add(T.complaint(c));
      c.w.add(T.assignment(c, o.magistrate));
      if (c.rng.chance(0.8)) c.w.add(T.disclosure(c, "P"));
      if (patent) c.w.add(T.patentReport(c));
      c.w.add(T.summonsIssued(c, complaintNo));
    },
    (c) => appearances(c, "Plaintiff", "P"),
    (c) => {
      c.w.add(T.summonsReturned(c));
      if (c.rng.chance(0.6)) c.w.add(T.soOrdered(c, c.w.add(T.extensionStipulation(c)), "Stipulation extending time to respond to the Complaint"));
    },
    (c) => {
      appearances(c, "Defendant", "D");
      if (c.rng.chance(0.7)) c.w.add(T.disclosure(c, "D"));
    },
    (c) => {
      if (c.rng.chance(0.15)) motionRound(c, TRANSFER, "D", c.rng.pick(["denied", "denied", "granted"] as const));
    },
    (c) => {
      if (!c.rng.chance(patent ? 0.5 : 0.55)) return;
      const outcome = c.rng.weighted<Outcome>([["granted in part", 35], ["denied", 40], ["granted", 25]]);
      motionRound(c, patent && c.rng.chance(0.5) ? DISMISS_101 : DISMISS, "D", outcome);
      if (outcome === "granted" && c.close && c.rng.chance(0.5)) {
        c.w.add({ html: `CLERK'S JUDGMENT: It is hereby ORDERED, ADJUDGED AND DECREED that for the reasons stated in the Court's Opinion and Order, the Complaint is dismissed; accordingly, the case is closed. ${c.clerk}`, doc: { text: "Judgment is entered dismissing the Complaint. The case is closed.", pages: 1 }, analyze: { type: "judgment" } });
        terminate(c);
      }
    },
    (c) => {
      const counter = patent && c.rng.chance(0.6);
      c.w.add(T.answer(c, counter));
      if (counter) c.w.add(T.answerCounterclaim(c));
    },
    (c) => {
      c.w.add(M.conferenceNotice(c));
      c.w.add({ ...M.minute(c, "Initial Pretrial Conference"), gap: 1.5 });
      c.w.add(M.schedulingOrder(c));
      if (c.rng.chance(0.7)) c.w.add(M.protectiveOrder(c));
    },
    (c) => {
      if (patent && c.rng.chance(0.35)) motionRound(c, STAY_IPR, "D", c.rng.pick(["granted", "denied"] as const));
    },
    (c) => discovery(c, Math.round(budget(c, patent ? 24 : 14) * 0.5), o),
    (c) => {
      if (patent) for (const spec of M.claimConstruction(c)) c.w.add(spec);
    },
    (c) => discovery(c, budget(c, 12), o),
    (c) => {
      if (c.rng.chance(0.45)) motionRound(c, SUMMARY_JUDGMENT, c.rng.chance(0.7) ? "D" : "P", c.rng.pick(["denied", "granted in part", "granted"] as const));
    },
    (c) => {
      if (c.close && c.rng.chance(0.25)) {
        for (const spec of M.verdictAndJudgment(c)) c.w.add(spec);
        terminate(c);
      }
    },
  ];
  runStages(ctx, stages);
  if (ctx.close && !ctx.kase.dateTerminated) {
    for (const spec of M.dismissal(ctx)) ctx.w.add(spec);
    terminate(ctx);
  }
}

function appearances(c: ScriptCtx, type: string, side: "P" | "D"): void {
  const names = lawyers(c.kase, type);
  names.forEach((lawyer, i) => {
    if (i > 0 && c.rng.chance(0.35)) {
      const no = c.w.add(T.proHacVice(c, lawyer, side));
      c.w.add(T.proHacViceOrder(c, lawyer, no));
    } else {
      c.w.add(T.appearance(c, lawyer, side));
    }
  });
}

export function motionRound(c: ScriptCtx, kind: MotionKind, by: "P" | "D", outcome: Outcome): void {
  const other = by === "P" ? "D" : "P";
  const no = c.w.add(motion(c, kind, by));
  c.w.add(memo(c, kind, no, by, "Support"));
  if (c.rng.chance(0.6)) c.w.add(declaration(c, kind, no, by, lawyers(c.kase, by === "P" ? "Plaintiff" : "Defendant")[0] ?? "counsel"));
  c.w.add(memo(c, kind, no, other, "Opposition"));
  c.w.add(memo(c, kind, no, by, "Reply"));
  if (c.rng.chance(0.3)) c.w.add({ ...M.minute(c, `Oral Argument on the ${kind.short}`, "Decision reserved."), gap: 1.5 });
  c.w.add(ruling(c, kind, no, outcome));
}

function discovery(c: ScriptCtx, count: number, o: CivilOptions): void {
  let lastLetter: string | undefined;
  for (let i = 0; i < count && !c.w.ended; i++) {
    if (o.filler && c.rng.chance(0.5)) {
      o.filler(c);
      continue;
    }
    const spec = M.discoveryItem(c, () => lastLetter);
    const no = c.w.add(spec);
    if (spec.analyze?.type === "motion" && no) lastLetter = no;
  }
}
