/**
 * A court of appeals docket: docketing, appearances, briefing, argument, opinion, judgment, mandate.
 * Appeals point back at the originating district case through `related`.
 */
import { htmlToText } from "./html.ts";
import { due, runStages, terminate, type ScriptCtx, type Stage } from "./script-kit.ts";

const plain = htmlToText;

export type AppealOutcome = "affirmed" | "reversed" | "vacated and remanded" | "dismissed";

export function writeAppeal(ctx: ScriptCtx, origin: { court: string; docket: string }, panel: readonly string[]): void {
  const A = ctx.P;
  const E = ctx.D;
  const stages: Stage[] = [
    (c) => {
      c.w.add({
        html: `CIVIL CASE docketed. Notice of appeal filed by Appellant ${A} from the ${origin.court}, case no. ${origin.docket}. [${c.kase.docket}] ${c.clerk}`,
        doc: { text: `Case opening notice. ${plain(A)} appeals from the judgment of the ${origin.court} in case no. ${origin.docket}. Counsel must file appearance forms within 14 days.`, pages: c.rng.int(5, 25) },
        exhibits: ["Case Opening Notice", "Abbreviated Record"],
        gap: 0,
      });
      c.w.add({ html: `Entry of Appearance filed by counsel for Appellant ${A}. [${c.kase.docket}]${c.pFiler}`, doc: { text: `Counsel enters an appearance for appellant ${plain(A)}.`, pages: 1 } });
      c.w.add({ html: `Entry of Appearance filed by counsel for Appellee ${E}. [${c.kase.docket}]${c.dFiler}`, doc: { text: `Counsel enters an appearance for appellee ${plain(E)}.`, pages: 1 } });
      c.w.add({ html: (on) => `BRIEFING SCHEDULE set: Appellant's opening brief due ${due(on, 40)}. Appellee's brief due ${due(on, 70)}. Optional reply brief due 21 days after service of appellee's brief. [${c.kase.docket}] ${c.clerk}`, doc: null, numbered: false });
    },
    (c) => {
      if (c.rng.chance(0.5)) {
        const m = c.w.add({ html: (on) => `MOTION filed by Appellant ${A} for an extension of time to file the opening brief until ${due(on, 30)}. [${c.kase.docket}]${c.pFiler}`, doc: { text: "Appellant requests a 30-day extension because of counsel's trial schedule. Appellee does not oppose.", pages: 3 }, analyze: { type: "motion" } });
        c.w.add({ html: `CLERK ORDER granting motion to extend time to file opening brief [${m ?? ""}]. [${c.kase.docket}] ${c.clerk}`, doc: { text: "The motion for an extension of time is GRANTED.", pages: 1 }, analyze: { type: "order", outcome: "granted" } });
      }
      c.w.add({ html: `OPENING BRIEF filed by Appellant ${A}. [${c.kase.docket}]${c.pFiler}`, doc: { text: `${plain(A)} argues that the district court erred as a matter of law and that the judgment should be reversed.`, pages: c.rng.int(40, 70) }, exhibits: ["Excerpts of Record Vol. 1", "Excerpts of Record Vol. 2"] });
      c.w.add({ html: `ANSWERING BRIEF filed by Appellee ${E}. [${c.kase.docket}]${c.dFiler}`, doc: { text: `${plain(E)} argues that the district court correctly applied the law and that the judgment should be affirmed.`, pages: c.rng.int(40, 70) }, gap: 3 });
      c.w.add({ html: `REPLY BRIEF filed by Appellant ${A}. [${c.kase.docket}]${c.pFiler}`, doc: { text: `${plain(A)} replies that the appellee's brief misstates the standard of review.`, pages: c.rng.int(15, 30) } });
    },
    (c) => {
      for (let i = 0; i < Math.max(0, c.target - c.w.count - 5); i++) {
        c.w.add(c.rng.chance(0.5)
          ? { html: `Filed (ECF) Notice of Supplemental Authority pursuant to FRAP 28(j) by ${c.rng.chance(0.5) ? A : E}. [${c.kase.docket}]`, doc: { text: "A recently decided case bears on the issues on appeal.", pages: 2 } }
          : { html: `AMICUS BRIEF filed in support of ${c.rng.chance(0.5) ? "Appellant" : "Appellee"}. [${c.kase.docket}]`, doc: { text: "Amicus curiae addresses the broader consequences of the district court's ruling.", pages: 30 } });
      }
    },
    (c) => {
      c.w.add({ html: (on) => `Case calendared for oral argument on ${due(on, 35)} before ${panel.join(", ")}. [${c.kase.docket}] ${c.clerk}`, numbered: false, gap: 3 });
      c.w.add({ html: `ARGUED AND SUBMITTED TO ${panel.join(", ")}. [${c.kase.docket}]`, numbered: false, gap: 2 });
    },
    (c) => {
      if (!c.close) return;
      const outcome = c.rng.weighted<AppealOutcome>([["affirmed", 60], ["reversed", 12], ["vacated and remanded", 18], ["dismissed", 10]]);
      const word = outcome.toUpperCase();
      c.w.add({
        html: `FILED OPINION (${panel.join(", ")}). ${word}. Judge ${panel[0] ?? ""} authored the opinion. FILED AND ENTERED JUDGMENT. [${c.kase.docket}]`,
        doc: { text: `We hold that the district court's judgment must be ${outcome}. ${outcome === "affirmed" ? "The district court correctly applied the governing standard." : "The district court applied the wrong legal standard; further proceedings are required."}`, pages: c.rng.int(10, 45) },
        analyze: { type: "opinion", outcome },
        gap: 4,
      });
      c.w.add({ html: `MANDATE ISSUED. [${c.kase.docket}] ${c.clerk}`, doc: { text: "The judgment of this Court takes effect this date. The mandate issues.", pages: 1 }, gap: 2 });
      terminate(c);
    },
  ];
  runStages(ctx, stages);
}
