/**
 * The periods the engine computes, each with its citation, a summary of its text, and the date
 * the period took its present length (a trigger before that date gets no computed date: the rule
 * then in force counted differently, e.g. 20 days to answer and 10 to move under Rule 59 before
 * the 2009 time-computation amendments). Federal rules first, then district local rules
 * (./local-rules.ts).
 */

export interface PeriodRule {
  /** Stable id, part of a computed deadline's key: `answer-after-service`. */
  id: string;
  /** What a reader sees: "Answer due". */
  label: string;
  days: number;
  /** Counted after the trigger (forward) or before it (C.D. Cal.'s hearing-based periods). */
  direction: "after" | "before";
  citation: string;
  /** The rule's words, summarised. */
  text: string;
  /** ISO day the period took its present form. */
  effective: string;
  /** Doubts about the rule's reading, kept with it (never shown as certain). */
  uncertain?: string;
}

export const ANSWER_AFTER_SERVICE: PeriodRule = {
  id: "answer-after-service", label: "Answer due", days: 21, direction: "after",
  citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)",
  text: "A defendant must serve an answer within 21 days after being served with the summons and complaint.",
  effective: "2009-12-01",
};

export const ANSWER_AFTER_WAIVER: PeriodRule = {
  id: "answer-after-waiver", label: "Answer due", days: 60, direction: "after",
  citation: "Fed. R. Civ. P. 12(a)(1)(A)(ii)",
  text: "A defendant who timely waived service must answer within 60 days after the request for a waiver was sent (90 days if sent outside any judicial district of the United States).",
  effective: "1993-12-01",
  uncertain: "90 days, not 60, when the request went to a defendant outside the United States; the entry rarely says.",
};

export const ANSWER_AFTER_RULE_12_ORDER: PeriodRule = {
  id: "answer-after-rule-12-order", label: "Answer due", days: 14, direction: "after",
  citation: "Fed. R. Civ. P. 12(a)(4)(A)",
  text: "If the court denies a Rule 12 motion or postpones its disposition until trial, the responsive pleading must be served within 14 days after notice of the court's action.",
  effective: "2009-12-01",
  uncertain: "A partial grant with leave to amend may instead call for an amended complaint; the court may set another time.",
};

export const RULE_59_MOTION: PeriodRule = {
  id: "rule-59-motion", label: "Rule 59 motion due", days: 28, direction: "after",
  citation: "Fed. R. Civ. P. 59(b), (e)",
  text: "A motion for a new trial, or to alter or amend a judgment, must be filed no later than 28 days after the entry of judgment. The court may not extend it (Rule 6(b)(2)).",
  effective: "2009-12-01",
};

export const NOTICE_OF_APPEAL: PeriodRule = {
  id: "notice-of-appeal", label: "Notice of appeal due", days: 30, direction: "after",
  citation: "Fed. R. App. P. 4(a)(1)(A)",
  text: "In a civil case, the notice of appeal must be filed with the district clerk within 30 days after entry of the judgment or order appealed from.",
  effective: "1968-07-01",
  uncertain: "A timely Rule 50(b), 52(b), 54, 59 or 60 motion restarts the time (FRAP 4(a)(4)); a judgment must be set out in a separate document (FRCP 58).",
};

export const NOTICE_OF_APPEAL_US_PARTY: PeriodRule = {
  ...NOTICE_OF_APPEAL,
  id: "notice-of-appeal-us-party", days: 60,
  citation: "Fed. R. App. P. 4(a)(1)(B)",
  text: "When the United States, its agency, or its officer or employee (sued in an official capacity, or individually for acts on its behalf) is a party, any party may file the notice of appeal within 60 days after entry of the judgment.",
  effective: "2011-12-01",
};
