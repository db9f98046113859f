/** Models for the cases feature's render tests: a realistic docket with hostile samples. */
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import type { CaseViewModel } from "../../../../src/features/cases/views/case-view.ts";

export const siteUrl = "https://site.example/";
export const court = "New York Southern District Court";
export const docket = "1:23-cv-01234";
export const ZWJ = "\u200D";

export function model(raw: Record<string, unknown>, c = court, d = docket): CaseViewModel {
  return { ...DocketResponse.parse(raw), court: c, docket: d };
}

export function hostileCase(extra: { parties?: unknown[]; entries?: unknown[]; info?: Record<string, unknown> } = {}): CaseViewModel {
  return model({
    success: true,
    info: { title: "Acme Corp v. <!channel> Widget & Co", date_filed: "1/5/2023", status: "Open", judges: [], patents: [], ...extra.info },
    parties: extra.parties ?? [
      { name: "Acme Corp", type: "Plaintiff", counsel: [{ name: "A. Smith", firm: "Jones Day", email: "a@jd.example", phone: "(212) 555-0100", lead: true }] },
      { name: "<@U12345> Holdings", type: "Defendant", counsel: [{ name: "Pat Pro", prose: true }] },
      { name: "Widget & Co", type: "Defendant" },
    ],
    docket_report: extra.entries ?? [
      { date: "1/5/2023", number: "1", contents: "COMPLAINT. Filed by Acme Corp.", link: `${siteUrl}cases/x/1.pdf` },
      { date: "3/3/2026", number: "42", contents: '<b>ORDER</b> granting motion. @here see <a href="https://evil.example/x">this</a>', link: `${siteUrl}cases/x/42.pdf` },
    ],
  });
}
