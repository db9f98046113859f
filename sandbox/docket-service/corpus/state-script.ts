/**
 * State-court dockets. Their entries are terse clerk's notes, mostly without numbers; documents are
 * named rather than numbered (`28082014_OTHER_0`, observed-facts.md), except in courts that number
 * them (NYSCEF).
 */
import type { EntrySpec } from "./docket-writer.ts";
import { htmlToText } from "./html.ts";
import { due, money, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";
import type { StateCourt, StateKind } from "./state-courts.ts";

const plain = htmlToText;

type Step = readonly [html: string | ((on: number) => string), doc: string, kind: string, analyze?: EntrySpec["analyze"]];

function steps(c: ScriptCtx, kind: StateKind): { open: Step[]; middle: () => Step; close: Step[] } {
  const P = c.P;
  const D = c.D;
  switch (kind) {
    case "criminal":
      return {
        open: [
          ["ARREST REPORT FILED", `Arrest report for ${plain(D)}.`, "REPORT"],
          ["INFORMATION FILED: COUNT 1 - GRAND THEFT (F3); COUNT 2 - DEALING IN STOLEN PROPERTY (F2)", `The State Attorney charges ${plain(D)} with grand theft and dealing in stolen property.`, "INFORMATION"],
          ["ARRAIGNMENT HELD - PLEA OF NOT GUILTY ENTERED - WRITTEN PLEA FILED", "Defendant waives formal reading and enters a plea of not guilty.", "PLEA"],
          ["STATE'S DISCOVERY EXHIBIT AND NOTICE OF DISCOVERY", "The State lists witnesses and tangible evidence.", "DISCOVERY"],
        ],
        middle: () => c.rng.pick<Step>([
          [(on) => `ORDER SETTING PRETRIAL CONFERENCE FOR ${due(on, 30)}`, "Pretrial conference set.", "ORDER", { type: "order" }],
          ["DEFENDANT'S MOTION TO CONTINUE", "Defense requests a continuance to complete depositions.", "MOTION", { type: "motion" }],
          ["ORDER GRANTING MOTION TO CONTINUE", "The motion to continue is granted.", "ORDER", { type: "order", outcome: "granted" }],
          ["NOTICE OF TAKING DEPOSITION", "Notice of deposition of the investigating officer.", "NOTICE"],
          ["PRETRIAL CONFERENCE HELD - RESET", "Case reset for pretrial conference.", "OTHER"],
        ]),
        close: [
          ["PLEA OF GUILTY - NEGOTIATED PLEA ACCEPTED BY COURT", "Defendant enters a negotiated plea of guilty to Count 1; Count 2 nolle prossed.", "PLEA"],
          [`JUDGMENT AND SENTENCE: ${c.rng.int(1, 5)} YEARS PROBATION, RESTITUTION ${money(c.rng, 500, 20_000)}`, `${plain(D)} is adjudicated guilty and sentenced to probation with restitution.`, "JUDGMENT", { type: "judgment" }],
        ],
      };
    case "appeal":
      return {
        open: [
          ["Notice of appeal lodged/received.", `${plain(P)} appeals from the judgment of the trial court.`, "NOTICE"],
          ["Record on appeal filed.", "Clerk's transcript and reporter's transcript filed.", "RECORD"],
          ["Appellant's opening brief.", `${plain(P)} argues that the trial court abused its discretion.`, "BRIEF"],
          ["Respondent's brief.", `${plain(D)} argues that substantial evidence supports the judgment.`, "BRIEF"],
        ],
        middle: () => c.rng.pick<Step>([
          ["Application for extension of time to file brief.", "Counsel requests a 30-day extension.", "MOTION", { type: "motion" }],
          ["Extension granted.", "The application for extension is granted.", "ORDER", { type: "order", outcome: "granted" }],
          ["Appellant's reply brief.", `${plain(P)} replies to the respondent's brief.`, "BRIEF"],
        ]),
        close: [
          ["Oral argument held; cause argued and submitted.", "The cause was argued and submitted.", "OTHER"],
          ["Opinion filed. Judgment affirmed in full. (Signed Published)", "The judgment of the trial court is affirmed.", "OPINION", { type: "opinion", outcome: "affirmed" }],
          ["Remittitur issued.", "The remittitur issues to the trial court.", "OTHER"],
        ],
      };
    case "eviction":
      return {
        open: [
          ["PETITION FOR EVICTION FILED", `${plain(P)} seeks possession of the premises and unpaid rent from ${plain(D)}.`, "PETITION"],
          ["CITATION ISSUED", "Citation issued for service by the constable.", "CITATION"],
          ["CITATION RETURNED SERVED", "The citation was served.", "RETURN"],
        ],
        middle: () => ["HEARING RESET", "The hearing was reset at the request of the parties.", "OTHER"],
        close: [
          [`JUDGMENT FOR PLAINTIFF: POSSESSION AND ${money(c.rng, 800, 9_000)} RENT`, "Judgment for plaintiff for possession and rent owed.", "JUDGMENT", { type: "judgment" }],
          ["WRIT OF POSSESSION ISSUED", "Writ of possession issued to the constable.", "WRIT"],
        ],
      };
    case "civil":
      return {
        open: [
          ["SUMMONS + COMPLAINT", `${plain(P)} sues ${plain(D)} for breach of contract and unjust enrichment, seeking damages of ${money(c.rng, 50_000, 4_000_000)}.`, "COMPLAINT"],
          ["AFFIDAVIT OF SERVICE", `Service on ${plain(D)} was completed.`, "AFFIDAVIT"],
          ["ANSWER AND AFFIRMATIVE DEFENSES", `${plain(D)} denies liability and asserts affirmative defenses.`, "ANSWER"],
        ],
        middle: () => c.rng.pick<Step>([
          ["NOTICE OF MOTION - MOTION TO DISMISS", `${plain(D)} moves to dismiss for failure to state a cause of action.`, "MOTION", { type: "motion" }],
          ["AFFIRMATION IN OPPOSITION TO MOTION", `${plain(P)} opposes the motion.`, "AFFIRMATION"],
          ["DECISION + ORDER ON MOTION: MOTION DENIED", "The motion to dismiss is denied.", "ORDER", { type: "order", outcome: "denied" }],
          [(on) => `NOTICE OF HEARING SET FOR ${due(on, 20)}`, "Hearing noticed.", "NOTICE"],
          ["PRELIMINARY CONFERENCE ORDER", "The Court sets a discovery schedule.", "ORDER", { type: "order" }],
          ["MEDIATION REPORT - IMPASSE", "The parties mediated and reached an impasse.", "REPORT"],
        ]),
        close: [
          ["STIPULATION OF DISCONTINUANCE WITH PREJUDICE", "The parties stipulate that the action is discontinued with prejudice.", "STIPULATION"],
          ["FINAL JUDGMENT / DISPOSITION - SETTLED", "The action is disposed as settled.", "JUDGMENT", { type: "judgment" }],
        ],
      };
  }
}

/** One routine clerk's entry of a state case of this kind (live pulls). */
export function stateRoutine(ctx: ScriptCtx, kind: StateKind, numbered: boolean): EntrySpec {
  const [html, doc, docKind, analyze] = steps(ctx, kind).middle();
  const spec: EntrySpec = { html, numbered, docKind, doc: { text: doc, pages: ctx.rng.int(1, 12) } };
  if (analyze) spec.analyze = analyze;
  return spec;
}

export function writeState(ctx: ScriptCtx, court: StateCourt, kind: StateKind): void {
  const plan = steps(ctx, kind);
  const add = (s: Step, gap = 1): void => {
    const [html, doc, docKind, analyze] = s;
    const spec: EntrySpec = { html, numbered: court.numbered, docKind, gap, doc: ctx.rng.chance(0.85) ? { text: doc, pages: ctx.rng.int(1, 25) } : null };
    if (analyze) spec.analyze = analyze;
    ctx.w.add(spec);
  };
  const stages: Stage[] = [
    (c) => plan.open.forEach((s, i) => add(s, i === 0 ? 0 : 1)),
    (c) => {
      for (let i = 0; i < Math.max(0, c.target - c.w.count - plan.close.length); i++) add(plan.middle());
    },
    (c) => {
      if (!c.close) return;
      for (const s of plan.close) add(s);
      terminate(c);
    },
  ];
  runStages(ctx, stages);
}
