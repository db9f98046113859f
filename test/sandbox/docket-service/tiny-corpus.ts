import type { Corpus, EmuCase, EmuDocument } from "../../../sandbox/docket-service/corpus/types.ts";
import { emuCase, emuEntry } from "../../helpers/emu-case.ts";

/**
 * A small hand-built corpus for the emulator's HTTP tests: a few cases with every document state
 * (stored, not stored, sealed, exhibits, state-court names) and enough filler federal cases to need
 * two searchpacer/ pages. `now` is the FakeClock's start; cases were last pulled 10 days before.
 */
export const NYT = { court: "New York Southern District Court", docket: "1:23-cv-11195" } as const;
export const CLOSED = { court: "Delaware District Court", docket: "1:20-cv-00001" } as const;
export const STATE = { court: "New York State, Kings County, Supreme Court", docket: "526241/2019" } as const;
export const BK = { court: "Nevada Bankruptcy Court", docket: "2:24-bk-10001" } as const;
export const FILLER_COUNT = 60;

const DAY = 86_400_000;

function doc(name: string, pages: number, cached: boolean, extra: Partial<EmuDocument> = {}): EmuDocument {
  return { name, pages, cached, sealed: false, text: `Document ${name}\nText of document ${name}.`, ...extra };
}

const entry = emuEntry;

/** Filed 12/27/2023 and last pulled 10 days before `now`, unless the case says otherwise. */
function baseCase(now: number, fields: Partial<EmuCase> & Pick<EmuCase, "court" | "docket" | "title">): EmuCase {
  return emuCase({ dateFiled: "12/27/2023", cachedAt: now - 10 * DAY, ...fields });
}

export function tinyCases(now: number): EmuCase[] {
  const nyt = baseCase(now, {
    ...NYT,
    title: "The New York Times Company v. Microsoft Corporation et al",
    natureOfSuit: "820 Copyright",
    cause: "17:501 Copyright Infringement",
    judges: ["Hon. Sidney H. Stein", "Ona T. Wang"],
    active: true,
    entries: [
      entry("12/27/2023", "1", "<span class='description'>COMPLAINT</span> against Microsoft Corporation.", doc("1", 69, true, { text: "COMPLAINT\nThe Times brings this action for copyright infringement." })),
      entry("1/4/2024", "2", "<span class='description'>ORDER</span> scheduling conference.", doc("2", 45, false), [doc("2-1", 3, false)]),
      entry("2/1/2024", "3", "<span class='description'>SEALED DOCUMENT</span>", doc("3", 4, false, { sealed: true })),
      entry("2/2/2024", undefined, "Minute Entry for proceedings held before Judge Stein."),
      entry("3/1/2024", "4", "<span class='description'>MOTION to Dismiss</span> by Microsoft Corporation.", doc("4", 5, false), [doc("4-1", 2, true)]),
    ],
    parties: [
      { name: "The New York Times Company", type: "Plaintiff", counsel: [{ name: "Ian B. Crosby", firm: "Susman Godfrey L.L.P.", email: "icrosby@example.com", phone: "(206) 516-3880", lead: true, prose: false }] },
      { name: "Microsoft Corporation", type: "Defendant", counsel: [{ name: "Annette L. Hurst", firm: "Orrick, Herrington & Sutcliffe LLP", lead: true, prose: false }] },
    ],
    related: [{ ...CLOSED, title: "Doe v. Roe" }],
    claims: [{ type: "Copyright", description: "Infringement" }],
  });
  const closed = baseCase(now, {
    ...CLOSED,
    title: "Doe v. Roe",
    dateFiled: "1/2/2020",
    status: "Closed",
    dateTerminated: "6/30/2021",
    natureOfSuit: "830 Patent",
    patents: ["9,999,999"],
    entries: [entry("1/2/2020", "1", "COMPLAINT", doc("1", 10, true))],
    parties: [{ name: "John Doe", type: "Plaintiff", counsel: [{ name: "Pat Self", lead: false, prose: true }] }],
  });
  const state = baseCase(now, {
    ...STATE,
    title: "Smith v. Jones",
    dateFiled: "5/6/2019",
    type: "Torts",
    federal: false,
    entries: [entry("5/6/2019", undefined, "SUMMONS + COMPLAINT", doc("28082014_OTHER_0", 7, true))],
    parties: [{ name: "Alice Smith", type: "Plaintiff", counsel: [] }],
  });
  const bk = baseCase(now, {
    ...BK,
    title: "In re Acme Widgets, Inc.",
    dateFiled: "3/1/2024",
    type: "Bankruptcy",
    chapter: "11",
    date341Meeting: "4/2/2024",
    entries: [entry("3/1/2024", "1", "Voluntary Petition (Chapter 11)", doc("1", 30, true))],
    parties: [{ name: "Acme Widgets, Inc.", type: "Debtor", counsel: [] }],
  });
  const fillers = Array.from({ length: FILLER_COUNT }, (_, i) =>
    baseCase(now, {
      court: "California Northern District Court",
      docket: `3:24-cv-${String(100 + i).padStart(5, "0")}`,
      title: `Filler Holdings v. Widget Maker ${i + 1}`,
      dateFiled: `1/${(i % 28) + 1}/2024`,
      natureOfSuit: "190 Contract: Other",
      entries: [entry("1/2/2024", "1", "COMPLAINT", doc("1", 3, true))],
      parties: [{ name: "Filler Holdings LLC", type: "Plaintiff", counsel: [] }],
    }),
  );
  return [nyt, closed, state, bk, ...fillers];
}

/** `1:23-cv-1195` and `1:23-cv-01195` name the same case (observed-facts.md). */
function normDocket(d: string): string {
  return d.trim().toLowerCase().replace(/\d+/g, (n) => String(Number(n)));
}

export function tinyCorpus(now: number): Corpus {
  const cases = tinyCases(now);
  return {
    cases,
    find: (court, docket) =>
      cases.find((k) => k.court.toLowerCase() === court.trim().toLowerCase() && normDocket(k.docket) === normDocket(docket)),
  };
}
