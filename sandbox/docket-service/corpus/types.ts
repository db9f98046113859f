/**
 * The emulator's own model of the service's data. It is deliberately independent of the client's
 * schemas in src/docket/schemas: the emulator plays the service, so it must not share the client's
 * interpretation of the wire format (a bug in one would hide in the other).
 *
 * Entries are kept oldest first internally; the wire format (getdocket) sends them newest first
 * (observed-facts.md, Responses).
 */

export interface EmuCounsel {
  name: string;
  firm?: string;
  email?: string;
  phone?: string;
  lead: boolean;
  prose: boolean;
}

export interface EmuParty {
  name: string;
  type: string; // "Plaintiff", "Defendant", "Debtor", "Appellant", "Petitioner", ...
  counsel: EmuCounsel[];
}

export interface EmuDocument {
  /** Document number as it appears in the URL (`docs/<name>.pdf`): "12" or a state-court name. */
  name: string;
  pages: number;
  /** Stored by the service: served on a `cached` request without a fee. */
  cached: boolean;
  sealed: boolean;
  /** Plain text of the filing, used by ask_docket with target=documents. */
  text: string;
}

export interface EmuEntry {
  date: string; // M/D/YYYY, unpadded
  entryDate: string; // M/D/YYYY
  number?: string;
  /** HTML, as the service sends it. */
  contents: string;
  document?: EmuDocument;
  exhibits: EmuDocument[];
  analyze?: { type: string; outcome?: string; timing?: string };
}

export interface EmuCase {
  court: string; // long service name, e.g. "New York Southern District Court"
  docket: string; // as the court writes it, e.g. "1:23-cv-01234"
  title: string;
  dateFiled: string; // M/D/YYYY
  type: string; // Civil, Criminal, Bankruptcy, Appellate, Patent, ...
  status: string; // "Open" | "Closed" | ...
  natureOfSuit?: string; // "830 Patent"
  cause?: string;
  judges: string[];
  dateTerminated?: string;
  patents: string[];
  chapter?: string;
  date341Meeting?: string;
  dateDischarged?: string;
  /** Federal cases are searchable live through searchpacer/. */
  federal: boolean;
  entries: EmuEntry[]; // oldest first
  parties: EmuParty[];
  related: { court: string; docket: string; title: string }[];
  claims: { type: string; description: string; code?: string; disposition?: string; date?: string }[];
  /** When the service last pulled the case from the court (ms since epoch). */
  cachedAt: number;
  /** Active cases may reveal new entries on a live pull. */
  active: boolean;
  /** Extra info keys to send through as-is (division, link, ...). */
  extraInfo?: Record<string, unknown>;
}

export interface Corpus {
  readonly cases: readonly EmuCase[];
  /** Lookup by long court name (case-insensitive) and docket (normalised: `1:23-cv-1234` == `1:23-cv-01234`). */
  find(court: string, docket: string): EmuCase | undefined;
}
