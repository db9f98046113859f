/**
 * Opposition and reply periods of the districts' local rules, for a motion on the docket. Each was
 * checked against what we know of the rule's text; doubts are kept in `uncertain`. Judges'
 * individual practices and scheduling orders often set other times, which is one reason every
 * computed date says "computed — verify" and a date the court states always wins (./merge.ts).
 *
 * - S.D.N.Y. and E.D.N.Y. share the Joint Local Civil Rules: 6.1(b), opposing papers within 14
 *   days after service of the moving papers, reply within 7 days after service of the answering
 *   papers. 6.1(a)'s shorter times for discovery-rule motions (Rules 26-37) are not modelled:
 *   such motions get no computed date.
 * - N.D. Cal. Civil L.R. 7-3(a): opposition "not more than 14 days after the motion was filed";
 *   7-3(c): reply "not more than 7 days after the opposition was due".
 * - C.D. Cal. L.R. 7-9: opposition "not later than twenty-one (21) days before the date designated
 *   for the hearing"; L.R. 7-10: reply not later than 14 days before it (amended eff. 2010-01-01).
 *   Counted backward from the hearing (FRCP 6(a)(5)); without a hearing date, no computed date.
 * - D. Del. LR 7.1.2(b): answering brief within 14 days after service of the opening brief, reply
 *   brief within 7 days after service of the answering brief.
 */
import type { PeriodRule } from "./rule-book.ts";

export interface LocalMotionRules {
  /** Counted from: the motion's service/filing ("motion"), or the hearing ("hearing"). */
  base: "motion" | "hearing";
  opposition: PeriodRule;
  /** Counted from the opposition's due date when base is "motion", from the hearing otherwise. */
  reply: PeriodRule;
  /** True when the reply runs from the opposition's actual service (we assume its last day). */
  replyFromOppositionService: boolean;
}

const NY_JOINT: LocalMotionRules = {
  base: "motion",
  opposition: {
    id: "opposition", label: "Opposition due", days: 14, direction: "after",
    citation: "S.D.N.Y. & E.D.N.Y. Local Civ. R. 6.1(b)",
    text: "Any opposing affidavits and answering memoranda shall be served within 14 days after service of the moving papers.",
    effective: "2009-12-01",
    uncertain: "Effective date of the 14-day period assumed to follow the 2009 federal time amendments; the Joint Local Rules were revised since (2011, 2024). Individual practices often set other schedules.",
  },
  reply: {
    id: "reply", label: "Reply due", days: 7, direction: "after",
    citation: "S.D.N.Y. & E.D.N.Y. Local Civ. R. 6.1(b)",
    text: "Any reply affidavits and memoranda of law shall be served within 7 days after service of the answering papers.",
    effective: "2009-12-01",
    uncertain: "Runs from the opposition's actual service; computed here as if the opposition were served on its last day.",
  },
  replyFromOppositionService: true,
};

export const LOCAL_MOTION_RULES: Readonly<Record<string, LocalMotionRules>> = {
  nysd: NY_JOINT,
  nyed: NY_JOINT,
  cand: {
    base: "motion",
    opposition: {
      id: "opposition", label: "Opposition due", days: 14, direction: "after",
      citation: "N.D. Cal. Civ. L.R. 7-3(a)",
      text: "The opposition must be filed and served not more than 14 days after the motion was filed.",
      effective: "2010-12-01",
      uncertain: "Effective date of the 14-day form not verified here (recalled as the post-2009 revision).",
    },
    reply: {
      id: "reply", label: "Reply due", days: 7, direction: "after",
      citation: "N.D. Cal. Civ. L.R. 7-3(c)",
      text: "The reply must be filed and served not more than 7 days after the opposition was due.",
      effective: "2010-12-01",
      uncertain: "Effective date not verified here.",
    },
    replyFromOppositionService: false,
  },
  cacd: {
    base: "hearing",
    opposition: {
      id: "opposition", label: "Opposition due", days: 21, direction: "before",
      citation: "C.D. Cal. L.R. 7-9",
      text: "Each opposing party shall serve and file its opposition not later than 21 days before the date designated for the hearing of the motion (10 days after service for a new trial motion).",
      effective: "2010-01-01",
    },
    reply: {
      id: "reply", label: "Reply due", days: 14, direction: "before",
      citation: "C.D. Cal. L.R. 7-10",
      text: "A moving party may serve and file a reply not later than 14 days before the date designated for the hearing of the motion.",
      effective: "2010-01-01",
    },
    replyFromOppositionService: false,
  },
  ded: {
    base: "motion",
    opposition: {
      id: "opposition", label: "Answering brief due", days: 14, direction: "after",
      citation: "D. Del. LR 7.1.2(b)",
      text: "The answering brief shall be served and filed within 14 days after service of the opening brief.",
      effective: "2009-12-01",
      uncertain: "Runs from service of the opening brief, which may follow the motion; effective date assumed from the 2009 time amendments.",
    },
    reply: {
      id: "reply", label: "Reply brief due", days: 7, direction: "after",
      citation: "D. Del. LR 7.1.2(b)",
      text: "The reply brief shall be served and filed within 7 days after service of the answering brief.",
      effective: "2009-12-01",
      uncertain: "Runs from the answering brief's actual service; computed as if served on its last day.",
    },
    replyFromOppositionService: true,
  },
};
