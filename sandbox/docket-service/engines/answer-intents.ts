/**
 * Questions lawyers ask often, answered from the case data itself rather than by text overlap alone:
 * the latest order, whether a motion was decided, the 341 meeting, who represents a party, the
 * patents at issue, the filing date, the next deadline, the judge, the status. Each returns a
 * Finding (sentences grounded in the data plus the entries they rest on), or undefined when the
 * question is not of its kind.
 */
import { parseDate } from "../corpus/dates.ts";
import type { EmuCase, EmuEntry, EmuParty } from "../corpus/types.ts";
import { cite, excerpt, plain } from "./answer-text.ts";

export interface Finding {
  /** The direct answer, one sentence. */
  lead: string;
  /** Further grounded sentences. */
  details: string[];
  cites: { entry: EmuEntry; document?: string }[];
  /** False when the docket does not answer the question (the lead then says so). */
  found: boolean;
}

export type Intent = (kase: EmuCase, q: string, now: number | undefined) => Finding | undefined;

const isOrder = (e: EmuEntry): boolean =>
  e.analyze?.type === "order" || e.analyze?.type === "opinion" || /^\W*(?:[A-Z-]+ )*(?:ORDER|Order)\b/.test(plain(e).slice(0, 80)) || /\bSO-ORDERED\b/.test(plain(e));

const none = (lead: string): Finding => ({ lead, details: [], cites: [], found: false });

export const latestOrder: Intent = (kase, q) => {
  if (!/\b(latest|last|most recent|newest|recent)\b/.test(q) || !/\b(order|ruling|decision)s?\b/.test(q)) return undefined;
  const orders = kase.entries.filter(isOrder);
  const last = orders[orders.length - 1];
  if (!last) return none("The docket does not show any order yet.");
  const outcome = last.analyze?.outcome ? ` (${last.analyze.outcome})` : "";
  return { lead: `The latest order is ${cite(last)}${outcome}: ${excerpt(plain(last), 280)}`, details: orders.length > 1 ? [`The order before it is ${cite(orders[orders.length - 2]!)}.`] : [], cites: [{ entry: last }], found: true };
};

const MOTIONS: readonly (readonly [RegExp, string])[] = [
  [/\bdismiss/, "motion to dismiss"], [/summary judgment/, "motion for summary judgment"], [/\bcompel/, "motion to compel"],
  [/relief from (the )?stay|lift (the )?stay/, "motion for relief from stay"], [/\bstay\b/, "motion to stay"], [/\btransfer/, "motion to transfer"],
  [/\bsuppress/, "motion to suppress"], [/pro hac vice/, "motion to appear pro hac vice"], [/\bseal/, "motion to seal"], [/\bcontinu/, "motion to continue"],
];

export const motionStatus: Intent = (kase, q) => {
  const kind = MOTIONS.find(([re]) => re.test(q));
  if (!kind || !/\b(decided|decide|ruled|rule|ruling|granted|grant|denied|deny|outcome|status|pending|resolved|happened|result)\b/.test(q)) return undefined;
  const [re, label] = kind;
  const motions = kase.entries.filter((e) => (e.analyze?.type === "motion" || /\bmotion\b/i.test(plain(e).slice(0, 120))) && re.test(plain(e).toLowerCase()) && !isOrder(e));
  const rulings = kase.entries.filter((e) => isOrder(e) && re.test(plain(e).toLowerCase()));
  const ruling = rulings[rulings.length - 1];
  const motion = motions[motions.length - 1];
  if (ruling) {
    const outcome = ruling.analyze?.outcome ?? (/\bDENIED\b|denying/i.test(plain(ruling)) ? "denied" : /\bGRANTED\b|granting/i.test(plain(ruling)) ? "granted" : "decided");
    const filed = motions.find((m) => parseDate(m.date) <= parseDate(ruling.date)) ?? motion;
    return {
      lead: `Yes. The ${label}${filed ? ` (${cite(filed)})` : ""} was ${outcome} in ${cite(ruling)}.`,
      details: [excerpt(plain(ruling), 320)],
      cites: filed ? [{ entry: ruling }, { entry: filed }] : [{ entry: ruling }],
      found: true,
    };
  }
  if (motion) return { lead: `Not yet. The ${label} filed at ${cite(motion)} has no ruling on the docket.`, details: [excerpt(plain(motion), 240)], cites: [{ entry: motion }], found: true };
  return none(`The docket does not show a ${label}.`);
};

export const meeting341: Intent = (kase, q) => {
  if (!/\b341\b|meeting of creditors|creditors'? meeting/.test(q)) return undefined;
  const notice = kase.entries.find((e) => /\b341\b|meeting of creditors/i.test(plain(e)));
  if (!kase.date341Meeting && !notice) return none(`The docket does not mention a 341 meeting of creditors${kase.type === "Bankruptcy" ? "" : "; this is not a bankruptcy case"}.`);
  const when = kase.date341Meeting ?? /on (\d{1,2}\/\d{1,2}\/\d{4})/.exec(notice ? plain(notice) : "")?.[1];
  return { lead: when ? `The 341 meeting of creditors is set for ${when}${notice ? ` (${cite(notice)})` : ""}.` : `The docket mentions the 341 meeting at ${cite(notice!)}.`, details: notice ? [excerpt(plain(notice), 260)] : [], cites: notice ? [{ entry: notice }] : [], found: true };
};

const ROLES = ["plaintiff", "defendant", "debtor", "appellant", "appellee", "petitioner", "respondent", "patent owner", "creditor", "trustee", "complainant"] as const;

export const counsel: Intent = (kase, q) => {
  if (!/\b(represent\w*|counsel|attorneys?|lawyers?|law firm|firm)\b/.test(q)) return undefined;
  const role = ROLES.find((r) => q.includes(r));
  const named = kase.parties.filter((p) => p.name.length > 2 && q.includes(p.name.toLowerCase().replace(/,? (inc|llc|corp|corporation|co)\.?$/, "")));
  const parties = named.length ? named : role ? kase.parties.filter((p) => p.type.toLowerCase().startsWith(role)) : kase.parties;
  if (parties.length === 0) return none(`The docket does not list a ${role ?? "party"} in this case.`);
  const sentences = parties.slice(0, 6).map(describeCounsel);
  const names = parties.flatMap((p) => p.counsel.map((c) => c.name));
  const appearances = kase.entries.filter((e) => /appearance|pro hac vice/i.test(plain(e)) && names.some((n) => plain(e).includes(n))).slice(0, 3);
  return { lead: sentences[0]!, details: sentences.slice(1), cites: appearances.map((entry) => ({ entry })), found: true };
};

function describeCounsel(p: EmuParty): string {
  if (p.counsel.length === 0) return `The docket lists no counsel for ${p.name} (${p.type}).`;
  if (p.counsel.every((c) => c.prose)) return `${p.name} (${p.type}) is representing themself (pro se).`;
  const lawyers = p.counsel.filter((c) => !c.prose).map((c) => `${c.name}${c.lead ? " (lead counsel)" : ""}${c.firm ? ` of ${c.firm}` : ""}`);
  return `${p.name} (${p.type}) is represented by ${list(lawyers)}.`;
}

export const patents: Intent = (kase, q) => {
  if (!/\bpatents?\b/.test(q) || !/\b(which|what|issue|asserted|involved|list|number)\b/.test(q)) return undefined;
  if (kase.patents.length === 0) return none("The docket does not list any patents at issue.");
  const mentions = kase.entries.filter((e) => kase.patents.some((p) => plain(e).includes(p))).slice(0, 2);
  return { lead: `The patents at issue are U.S. Patent No${kase.patents.length > 1 ? "s" : ""}. ${list(kase.patents)}.`, details: [], cites: mentions.map((entry) => ({ entry })), found: true };
};

export const filedDate: Intent = (kase, q) => {
  if (!/\b(when|date)\b/.test(q) || !/\b(filed|file|filing|commenced|started|begin|began|opened)\b/.test(q) || /\b(motion|brief|answer|order)\b/.test(q)) return undefined;
  const first = kase.entries[0];
  return { lead: `The case was filed on ${kase.dateFiled}.`, details: first ? [`The first entry is ${cite(first)}: ${excerpt(plain(first), 200)}`] : [], cites: first ? [{ entry: first }] : [], found: true };
};

export const judge: Intent = (kase, q) => {
  if (!/\b(judges?|presiding|assigned to|panel)\b/.test(q)) return undefined;
  if (kase.judges.length === 0) return none("The docket does not name a judge.");
  return { lead: `The docket lists ${list(kase.judges)} as ${kase.judges.length > 1 ? "the judges" : "the judge"}.`, details: [], cites: [], found: true };
};

export const status: Intent = (kase, q) => {
  if (!/\b(status|closed|open|terminated|still pending|over)\b/.test(q) || /\bmotion\b/.test(q)) return undefined;
  const last = kase.entries[kase.entries.length - 1];
  const lead = kase.dateTerminated ? `The case is closed; it was terminated on ${kase.dateTerminated}.` : `The case is ${kase.status.toLowerCase() === "closed" ? "closed" : "open"}.`;
  return { lead, details: last ? [`The latest entry is ${cite(last)}: ${excerpt(plain(last), 200)}`] : [], cites: last ? [{ entry: last }] : [], found: true };
};

export function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
