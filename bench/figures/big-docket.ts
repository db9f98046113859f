/**
 * A 5,000-entry docket for the rendering figure, as getdocket's JSON text (spec, getdocket/;
 * observed-facts: newest first, unpadded M/D/YYYY dates, HTML contents with entities and
 * site-relative links). Deterministic (seeded). Entry texts follow the real dockets in
 * ../shared/fixtures/real-dockets in length (median about 200 characters, a long tail of opinions
 * and minute entries past 1,000), so the figure is about dockets as they are, not a worst case.
 */

function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUDGES = ["Jane Q. Public", "Lewis A. Kaplan", "Analisa Torres", "P. Kevin Castel"];
const PARTIES = ["Acme Widgets, Inc.", "Globex Corporation", "Initech LLC", "Umbrella Holdings & Co."];
const LAWYERS = ["Alexandra Smith", "Brian O'Neil", "Carmen Díaz", "David Chen"];
const SENTENCE =
  "The Court has considered the parties' submissions and the record, and for the reasons stated on the record the motion is resolved as follows. ";

type Pick = <T>(xs: readonly T[]) => T;

function contents(n: number, date: string, pick: Pick, next: () => number): string {
  const judge = pick(JUDGES);
  const party = pick(PARTIES);
  const lawyer = pick(LAWYERS);
  const link = `<a href="/cases/New_York_Southern_District_Court/1--10-cv-00001/In_re_Large_Litigation/${n}/">${n}</a>`;
  const roll = next();
  if (roll < 0.22) return `NOTICE of Appearance by ${lawyer} on behalf of ${party}. (${lawyer.slice(0, 2).toLowerCase()}) (Entered: ${date})`;
  if (roll < 0.42) return `ORDER granting ${link} Letter Motion for Extension of Time. SO ORDERED. Signed by Judge ${judge} on ${date}. (rj) (Entered: ${date})`;
  if (roll < 0.6)
    return `<span class='description'>MOTION to Compel Discovery</span> by ${party}. Responses due by ${date}. (Attachments: # 1 Memorandum of Law, # 2 Declaration of ${lawyer}, # 3 Exhibit A, # 4 Exhibit B &amp; C)(${lawyer.split(" ")[0]}) (Entered: ${date})`;
  if (roll < 0.75) return `LETTER addressed to Judge ${judge} from ${lawyer} dated ${date} re: discovery dispute. Document filed by ${party}. (Entered: ${date})`;
  if (roll < 0.88)
    return `Minute Entry for proceedings held before Judge ${judge}: Status Conference held on ${date}. ${party} and counsel present. Discovery schedule discussed; next conference set. (Court Reporter Jane Roe) (Entered: ${date})`;
  if (roll < 0.97) return `SUMMONS Returned Executed by ${party}. served on ${date}, answer due ${date}. Service was accepted by counsel. (Entered: ${date})`;
  // The long tail: opinions and orders with reasons, up to about 2,500 characters.
  return `<p><b>MEMORANDUM OPINION AND ORDER</b> re: ${link} MOTION to Dismiss.</p><p>${SENTENCE.repeat(4 + Math.floor(next() * 14))}</p><p>SO ORDERED. Signed by Judge ${judge} on ${date}.</p>`;
}

/** getdocket's JSON for a case with `entries` entries (newest first) and 40 parties. */
export function bigDocketJson(entries = 5000, seed = 7): string {
  const next = rng(seed);
  const pick: Pick = (xs) => xs[Math.floor(next() * xs.length)]!;
  const start = Date.UTC(2010, 0, 4);
  const report = Array.from({ length: entries }, (_, i) => {
    const n = i + 1;
    const day = new Date(start + Math.floor(i / 2.5) * 86_400_000); // two or three entries a day
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
    return {
      date, entry_date: date, number: String(n), contents: contents(n, date, pick, next),
      link: next() < 0.8 ? `https://www.docketservice.example/cases/New_York_Southern_District_Court/1--10-cv-00001/docs/${n}.pdf` : null,
      exhibits: [], analyze: n % 9 === 0 ? { type: "order", outcome: "granted" } : {},
    };
  }).reverse();
  return JSON.stringify({
    success: true,
    info: {
      title: "In re Large Multidistrict Litigation", court: "New York Southern District Court", docket: "1:10-cv-00001",
      date_filed: "1/4/2010", status: "Open", judges: JUDGES.slice(0, 2), nature_of_suit: "890 Other Statutory Actions",
      date_cached: "3/4/2026",
    },
    parties: Array.from({ length: 40 }, (_, i) => ({
      name: `${pick(PARTIES)} ${i + 1}`, type: i % 2 ? "Defendant" : "Plaintiff",
      counsel: [{ name: pick(LAWYERS), firm: "Jones Day", lead: i % 3 === 0 }],
    })),
    docket_report: report,
  });
}
