/**
 * entrySignificance over every entry of every real docket in ../shared/fixtures/real-dockets
 * (DEVELOPERS.md, Testing): it never throws and always answers a level, a hand-labelled sample
 * holds, and what the alerts view folds as routine today stays routine (or is an order). The
 * folder lives outside the repo; a user's clone has none, so the suite skips, saying why.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { DocketResponse, type DocketEntry } from "../../src/docket/schemas/index.ts";
import { entrySignificance, SIGNIFICANCE_LEVELS, type SignificanceLevel } from "../../src/court/significance.ts";
import { entryPlainText } from "../../src/court/entry-text.ts";
import { DEFAULT_ROUTINE_PATTERNS, splitRoutine } from "../../src/features/alerts/views/routine.ts";
import { REAL_DOCKETS_DIR, realDocketFiles } from "../helpers/real-dockets.ts";

const root = REAL_DOCKETS_DIR;
const files = realDocketFiles();
const exists = files.length > 0;

/** Raw entries (as the service sent them) and parsed ones, per file. */
function load(file: string): { raw: Record<string, unknown>[]; parsed: DocketEntry[] } {
  const body = JSON.parse(readFileSync(join(root, file), "utf8")) as { success?: unknown; docket_report?: unknown };
  const raw = Array.isArray(body.docket_report) ? (body.docket_report as Record<string, unknown>[]) : [];
  const parsed = body.success === true ? DocketResponse.parse(body).docket_report : [];
  return { raw, parsed };
}

/**
 * The sample: an entry by file and number (or, for docket-only entries without a number, by how
 * its text begins), the level a docketing clerk would give it, and its first words.
 */
interface Labelled {
  file: string;
  number?: string;
  starts?: string;
  level: SignificanceLevel;
}
const SAMPLE: readonly Labelled[] = [
  // District (S.D.N.Y., D.N.J., S.D. Cal., D. Utah, D. Ariz., D. Haw., D.D.C.)
  { file: "nysd_4", number: "22", level: "routine" }, // RULE 7.1 CORPORATE DISCLOSURE STATEMENT
  { file: "nysd_4", number: "25", level: "urgent" }, // CIVIL CASE MANAGEMENT PLAN AND SCHEDULING ORDER
  { file: "nysd_4", number: "31", level: "notable" }, // COUNTER LETTER MOTION for Discovery
  { file: "nysd_4", number: "40", level: "notable" }, // MOTION for Summary Judgment
  { file: "nysd_4", number: "44", level: "notable" }, // MEMORANDUM OF LAW in Opposition
  { file: "nysd_4", number: "53", level: "urgent" }, // ORDER denying 40 Motion for Summary Judgment
  { file: "nysd_4", number: "63", level: "urgent" }, // MANDATE of USCA (Certified Copy)
  { file: "nysd_4", starts: "Minute Entry for proceedings held before Judge Gregory H. Woods: Telephone Conference held on 3/30/2021", level: "notable" },
  { file: "njd_509180", number: "4", level: "routine" }, // NOTICE of Appearance by DMITRY V. SHELHOFF
  { file: "njd_509180", number: "14", level: "routine" }, // Consent MOTION for Leave to Appear Pro Hac Vice
  { file: "njd_509180", number: "15", level: "urgent" }, // ORDER granting 14 Motion for Leave to Appear Pro Hac Vice
  { file: "njd_509180", number: "38", level: "urgent" }, // PRETRIAL SCHEDULING ORDER
  { file: "njd_509180", number: "50", level: "urgent" }, // LETTER ORDER granting 49 Defendants request
  { file: "njd_509180", number: "61", level: "notable" }, // MARKMAN OPENING BRIEF
  { file: "njd_509180", starts: "Set Deadlines as to 14 Consent MOTION for Leave to Appear Pro Hac Vice", level: "routine" },
  { file: "casd_4", number: "4", level: "routine" }, // NOTICE OF ATTORNEY APPEARANCE Lara Alaine Stingley
  { file: "casd_4", number: "25", level: "notable" }, // RESPONSE in Opposition by USA
  { file: "casd_4", number: "36", level: "urgent" }, // Minute Entry ... MOTION to Dismiss Indictment ... Denied without prejudice
  { file: "casd_4", number: "73", level: "urgent" }, // JUDGMENT as to Elias Torres Alcazar Jr.
  { file: "casd_4", number: "74", level: "routine" }, // Judgment Returned Executed
  { file: "utd", number: "5", level: "urgent" }, // DOCKET TEXT ORDER granting 4 Motion for Writ
  { file: "utd", number: "90", level: "urgent" }, // MEMORANDUM DECISION AND ORDER denying in part
  { file: "utd", number: "38", level: "notable" }, // Minute Entry ... Status Conference ("USMS confirmed" is no ruling)
  { file: "azd_318008", number: "5", level: "routine" }, // Corporate Disclosure Statement by Soilworks LLC
  { file: "azd_318008", number: "40", level: "urgent" }, // STIPULATED PROTECTIVE ORDER
  { file: "azd_318008", number: "165", level: "notable" }, // STIPULATION of Dismissal
  { file: "azd_318008", number: "2", level: "notable" }, // (empty placeholder entry: shown, never folded)
  { file: "hid", number: "15", level: "urgent" }, // ORDER Setting Conditions of Release
  { file: "hid", number: "21", level: "urgent" }, // EO: MINUTES: Final Pretrial Conference has been continued (an entering order)
  { file: "hid", number: "13", level: "notable" }, // EP: MINUTES: A & P to the Indictment ... Plea of NOT GUILTY entered
  { file: "hid", number: "28", level: "notable" }, // The United States of America's OPPOSITION
  { file: "dcd_3", number: "179", level: "urgent" }, // MINUTE ORDER granting 164 Sealed Motion
  { file: "jpml", number: "3", level: "urgent" }, // HEARING ORDER -- Setting motion to transfer for Panel hearing
  { file: "jpml", number: "4", level: "routine" }, // CORPORATE DISCLOSURE STATEMENT
  { file: "jpml", number: "8", level: "notable" }, // REPLY
  { file: "cit", number: "6", level: "notable" }, // Proposed Order Granting Motion to Stay
  // Bankruptcy
  { file: "mieb_2", number: "61", level: "notable" }, // Combined Plan and Disclosure Statement (the plan's, not Rule 7.1)
  { file: "mieb_2", number: "84", level: "urgent" }, // Order Confirming Chapter 11 Plan
  { file: "mieb_2", starts: "Minute Entry. Motion Granted.", level: "urgent" },
  { file: "mieb_2", starts: "Minute Entry. Status conference held.", level: "notable" },
  { file: "ncwb", number: "3", level: "routine" }, // Court Notice of Deficient Filing
  { file: "ncwb", number: "64", level: "routine" }, // Motion to Appear Pro Hac Vice
  { file: "ncwb", number: "70", level: "urgent" }, // Order Appointing Unsecured Creditors Committee
  { file: "cacb_6", number: "5", level: "routine" }, // BNC Certificate of Service
  { file: "cacb_6", number: "25", level: "urgent" }, // Hearing Held (Bk Motion) ... MOTION GRANTED
  { file: "cacb_6", starts: "Receipt of Chapter 7 Filing Fee", level: "routine" },
  { file: "wawb_3", number: "14", level: "notable" }, // Received UNSIGNED Order (a proposed order)
  { file: "wawb_3", number: "65", level: "urgent" }, // Memorandum from BAP ... Decision Affirmed in Part
  { file: "njb_2", starts: "Minute of Hearing Held, OUTCOME: Denied without Prejudice", level: "urgent" },
  { file: "njb_2", starts: "Minute of Hearing Held, OUTCOME: Concluded", level: "notable" },
  // Appellate, ACMS, Supreme Court
  { file: "ca1", number: "00106015953", level: "routine" }, // NOTICE of appearance on behalf of Appellee
  { file: "ca1", number: "00106017864", level: "notable" }, // MEMORANDUM in support of motion to dismiss
  { file: "ca1", number: "00106065085", level: "urgent" }, // JUDGMENT entered by Michael Boudin
  { file: "ca9_22-21", number: "5", level: "notable" }, // MOTION TO STAY REMOVAL filed by Petitioner(s)
  { file: "ca9_22-21", number: "8", level: "routine" }, // NOTICE OF APPEARANCE by Nehal Kamani
  { file: "ca9_22-21", number: "15", level: "routine" }, // Paper copies (6) of Opening Brief
  { file: "ca9_22-21", number: "33", level: "urgent" }, // MEMORANDUM DISPOSITION ... DISMISSED in part and DENIED in part
  { file: "ca5_212643", number: "28", level: "urgent" }, // CLERK ORDER granting Motion to view and obtain sealed document
  { file: "21-1397", number: "221600", level: "notable" }, // Petition for a writ of certiorari filed.
  { file: "21-1397", number: "255604", level: "urgent" }, // Judgment issued.
  { file: "21-1397", starts: "Petition GRANTED.", level: "urgent" },
  { file: "21-1397", starts: "DISTRIBUTED for Conference of 9/28/2022.", level: "notable" },
];

describe.skipIf(!exists)(
  exists ? "significance of every real docket entry" : "significance of real dockets: SKIPPED, ../shared/fixtures/real-dockets is absent",
  () => {
    it("finds the fixtures", () => {
      expect(files.length).toBeGreaterThan(30);
    });

    it("never throws and always answers a level and a kind, raw or parsed; prints the distribution", () => {
      const table: Record<string, Record<SignificanceLevel, number>> = {};
      let total = 0;
      for (const file of files) {
        const { raw, parsed } = load(file);
        const type = dirname(file);
        const row = (table[type] ??= { urgent: 0, notable: 0, routine: 0 });
        for (const entry of [...raw, ...parsed]) {
          const s = entrySignificance(entry);
          expect(SIGNIFICANCE_LEVELS).toContain(s.level);
          expect(s.kind).toMatch(/\S/);
          expect(["analyze", "text"]).toContain(s.reason);
        }
        for (const entry of parsed) row[entrySignificance(entry).level]++;
        total += parsed.length;
      }
      expect(total).toBeGreaterThan(2000);
      const lines = Object.entries(table).map(([type, n]) => `  ${type}: urgent ${n.urgent}, notable ${n.notable}, routine ${n.routine}`);
      console.info(`significance of ${total} real entries, by docket type:\n${lines.join("\n")}`);
    });

    it.each(SAMPLE.map((s) => [`${s.file} ${s.number ?? JSON.stringify(s.starts)}`, s] as const))("sample: %s", (_, s) => {
      const file = files.find((f) => f.endsWith(`/${s.file}.da.json`));
      expect(file, s.file).toBeDefined();
      const { parsed } = load(file!);
      const matches = parsed.filter((e) =>
        s.number !== undefined ? e.number === s.number : entryPlainText(e.contents).startsWith(s.starts!),
      );
      expect(matches.length, "the sample names one entry").toBeGreaterThan(0);
      for (const e of matches) expect(entrySignificance(e).level).toBe(s.level);
    });

    it("the sample covers enough dockets and every level", () => {
      expect(SAMPLE.length).toBeGreaterThanOrEqual(40);
      expect(new Set(SAMPLE.map((s) => s.file)).size).toBeGreaterThanOrEqual(15);
      for (const level of SIGNIFICANCE_LEVELS) expect(SAMPLE.some((s) => s.level === level)).toBe(true);
    });

    it("what the alerts view folds as routine today is routine here, or an order that says its routine subject", () => {
      let folded = 0;
      for (const file of files) {
        const { routine } = splitRoutine(load(file).parsed, DEFAULT_ROUTINE_PATTERNS);
        for (const { entry } of routine) {
          folded++;
          const s = entrySignificance(entry);
          if (s.level === "urgent") expect(s.routineSubject, entry.contents).toBeDefined();
          else expect(s.level, entry.contents).toBe("routine");
        }
      }
      expect(folded).toBeGreaterThan(100);
    });
  },
);
