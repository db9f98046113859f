/**
 * A deterministic, realistic docket for the cases feature's goldens: fixed dates, 26 entries (two
 * pages of the case view), parties with counsel, a PACER analysis tag, and one hostile entry so
 * the goldens also show what sanitizing does.
 */
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import type { CaseViewModel } from "../../../../src/features/cases/views/case-view.ts";
import { court, docket, siteUrl } from "./cases-fixtures.ts";

const doc = (n: number) => `${siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/docs/${n}.pdf`;
const counsel = (name: string, firm: string, lead = false) => ({ name, firm, lead, prose: false });

const MOTIONS = [
  "LETTER addressed to Judge Jed S. Rakoff from A. Smith re discovery schedule.",
  "ORDER: the parties shall appear for a status conference at 10:00 AM.",
  "MOTION to Compel production of documents. Filed by Acme Corp.",
  "MEMORANDUM OF LAW in Opposition re 23 MOTION to Compel. Filed by Widget Inc.",
  "REPLY MEMORANDUM OF LAW in Support re 23 MOTION to Compel. Filed by Acme Corp.",
];

export function acmeDocket(opts: { entries?: unknown[]; parties?: unknown[]; info?: Record<string, unknown> } = {}): CaseViewModel {
  const filler = Array.from({ length: 20 }, (_, i) => ({
    date: `${(i % 12) + 1}/${(i % 27) + 1}/${2024 + Math.floor(i / 12)}`,
    number: String(i + 10),
    contents: MOTIONS[i % MOTIONS.length],
    ...(i % 3 === 0 ? { link: doc(i + 10) } : {}),
  }));
  const raw = {
    success: true,
    info: {
      title: "Acme Corp v. Widget Inc",
      court,
      docket,
      date_filed: "1/5/2023",
      judges: ["Jed S. Rakoff"],
      nature_of_suit: "830 Patent",
      cause: "35:271 Patent Infringement",
      status: "Open",
      patents: ["US 9,876,543"],
      date_cached: "3/4/2026",
      ...opts.info,
    },
    parties: opts.parties ?? [
      { name: "Acme Corp", type: "Plaintiff", counsel: [counsel("A. Smith", "Jones Day", true), counsel("B. Jones", "Jones Day")] },
      { name: "Widget Inc", type: "Defendant", counsel: [counsel("C. Doe", "Kirkland & Ellis", true)] },
      { name: "Widget Holdings LLC", type: "Defendant" },
      { name: "Pat Pro", type: "Intervenor", counsel: [{ name: "Pat Pro", prose: true }] },
    ],
    docket_report: opts.entries ?? [
      { date: "1/5/2023", number: "1", contents: "COMPLAINT against Widget Inc. Filed by Acme Corp.", link: doc(1) },
      ...filler,
      { date: "2/1/2026", number: "40", contents: "MOTION to Dismiss. Filed by Widget Inc.", link: doc(40) },
      { date: "3/2/2026", number: "41", contents: "NOTICE of appearance by C. Doe on behalf of Widget Inc." },
      { date: "3/3/2026", number: "42", contents: "<b>ORDER</b> granting 40 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026.", link: doc(42), analyze: { type: "order", outcome: "granted" } },
      { date: "3/4/2026", number: "43", contents: 'LETTER to @here re <@U12345>, see <a href="https://evil.example/phish">click</a>.' },
      { date: "3/4/2026", contents: "Minute Entry for proceedings held before Judge Jed S. Rakoff: Status Conference held on 3/4/2026." },
    ],
  };
  return { ...DocketResponse.parse(raw), court, docket };
}
