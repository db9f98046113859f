import type { Corpus, EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import { emuCase, emuEntry } from "../../helpers/emu-case.ts";

/** A handful of hand-written cases whose search results can be stated exactly. */
export function miniCorpus(): Corpus & { cases: EmuCase[] } {
  const entry = (date: string, number: string | undefined, text: string) => emuEntry(date, number, `<span class='description'>${text}</span>`);
  const base = emuCase;
  const cases: EmuCase[] = [
    base({
      court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme Widgets, Inc. v. Globex Corporation", dateFiled: "2/14/2023",
      natureOfSuit: "830 Patent", patents: ["10,123,456"],
      parties: [
        { name: "Acme Widgets, Inc.", type: "Plaintiff", counsel: [{ name: "Catherine Holloway", firm: "Hargrove & Lindqvist LLP", lead: true, prose: false }] },
        { name: "Globex Corporation", type: "Defendant", counsel: [{ name: "Jonathan Pemberton", firm: "Fitzgerald, Sandoval & Mercer LLP", lead: true, prose: false }] },
      ],
      entries: [
        entry("2/14/2023", "1", "COMPLAINT for Patent Infringement against Globex Corporation"),
        entry("6/1/2023", "2", "MOTION to Dismiss for Failure to State a Claim"),
        entry("9/7/2023", "3", "OPINION AND ORDER granting in part the motion to dismiss"),
      ],
    }),
    base({
      court: "Delaware District Court", docket: "1:24-cv-00077", title: "Globex Corporation v. Initech LLC", dateFiled: "1/10/2024",
      parties: [
        { name: "Globex Corporation", type: "Plaintiff", counsel: [{ name: "Elena Marchetti", firm: "Fitzgerald, Sandoval & Mercer LLP", lead: true, prose: false }] },
        { name: "Initech LLC", type: "Defendant", counsel: [] },
      ],
      entries: [entry("1/10/2024", "1", "COMPLAINT for breach of contract concerning widget supply"), entry("3/5/2025", "2", "NOTICE of Settlement")],
    }),
    base({
      court: "Delaware Bankruptcy Court", docket: "24-10001", title: "In re: Widget World Retail, LLC", dateFiled: "5/5/2024", type: "Bankruptcy", chapter: "11",
      parties: [{ name: "Widget World Retail, LLC", type: "Debtor", counsel: [] }],
      entries: [entry("5/5/2024", "1", "Chapter 11 Voluntary Petition"), entry("5/6/2024", "2", "Motion for relief from stay")],
    }),
    base({
      court: "Florida State, Duval County, Fourth Circuit Court", docket: "2014-CF-003894", title: "State of Florida v. Marcus Delgado", dateFiled: "3/3/2014", type: "Criminal", federal: false,
      parties: [{ name: "Marcus Delgado", type: "Defendant", counsel: [{ name: "Marcus Delgado", lead: false, prose: true }] }],
      entries: [entry("3/3/2014", undefined, "INFORMATION FILED: GRAND THEFT")],
    }),
    base({
      court: "New York State, Kings County, Supreme Court", docket: "526241/2019", title: "Northwind Foods Co. v. Acme Widgets, Inc.", dateFiled: "7/1/2019", federal: false,
      parties: [{ name: "Northwind Foods Co.", type: "Plaintiff", counsel: [] }, { name: "Acme Widgets, Inc.", type: "Defendant", counsel: [] }],
      entries: [entry("7/1/2019", "1", "SUMMONS + COMPLAINT"), entry("11/20/2026", "2", "DECISION + ORDER ON MOTION: MOTION DENIED")],
    }),
  ];
  return {
    cases,
    find: (court, docket) => cases.find((c) => c.court.toLowerCase() === court.toLowerCase() && c.docket === docket),
  };
}
