/**
 * Maps one real docket (../shared/fixtures/real-dockets, already in the getdocket shape) to the
 * emulator's model. Short PACER court ids become the service's long names through the emulator's own
 * court list (../courts.ts);
 * entries are put oldest first whatever order the file uses; every numbered entry gets a stored
 * (cached) document named after its number.
 */
import { emuCourtByCode } from "../courts.ts";
import { addDays, fmtDate, parseDate } from "./dates.ts";
import { esc, htmlToText } from "./html.ts";
import { hashSeed } from "./random.ts";
import type { EmuCase, EmuCounsel, EmuDocument, EmuEntry, EmuParty } from "./types.ts";

type Json = Record<string, unknown>;

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh", "Twelfth", "Thirteenth", "Fourteenth", "Fifteenth"];

/** Long court name for a short id: the emulator's court list, then the state-court ids juriscraper uses. */
export function longCourtName(code: string): string {
  const court = emuCourtByCode(code);
  if (court) return court.name;
  const tx = /^texas_coa(\d+)$/.exec(code);
  if (tx) return `Texas State Court of Appeals, ${ORDINALS[Number(tx[1]) - 1] ?? tx[1]} District`;
  return code;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): Json[] => (Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === "object") : []);

function normDate(v: unknown): string | undefined {
  const ms = parseDate(str(v));
  return Number.isFinite(ms) ? fmtDate(ms) : undefined;
}

function kindOf(courtName: string, code: string): string | undefined {
  return emuCourtByCode(code)?.kind ?? (courtName !== code ? "state" : undefined);
}

export function mapRealDocket(file: Json): EmuCase | undefined {
  if (file.success !== true) return undefined;
  const info = obj(file.info);
  const code = str(info.court);
  const docket = str(info.docket);
  if (!code || !docket) return undefined;
  const court = longCourtName(code);
  const kind = kindOf(court, code);
  const entries = mapEntries(arr(file.docket_report), normDate(info.date_filed));
  const last = entries[entries.length - 1];
  const dateFiled = normDate(info.date_filed) ?? entries[0]?.date ?? "1/1/2000";
  const dateTerminated = normDate(info.date_terminated);
  const kase: EmuCase = {
    court,
    docket,
    title: str(info.title) ?? docket,
    dateFiled,
    type: str(info.type) ?? derivedType(kind, docket),
    status: str(info.status) ?? (dateTerminated ? "Closed" : "Open"),
    judges: Array.isArray(info.judges) ? info.judges.filter((j): j is string => typeof j === "string") : [],
    patents: Array.isArray(info.patents) ? info.patents.filter((p): p is string => typeof p === "string") : [],
    federal: kind === "district" || kind === "bankruptcy" || kind === "appellate" || kind === "bap" || kind === "special",
    entries,
    parties: arr(file.parties).map(mapParty),
    related: arr(file.related).flatMap(mapRelated),
    claims: arr(file.claims).map(mapClaim),
    // Frozen in time: the service last pulled them the day after their newest entry.
    cachedAt: addDays(parseDate(normDate(info.date_cached) ?? last?.entryDate ?? dateFiled), 1) + 12 * 3600_000,
    active: false,
    // Source-only details (jury demand, fee status, originating court) pass through as info keys.
    extraInfo: obj(info._extra),
  };
  for (const [from, to] of [["nature_of_suit", "natureOfSuit"], ["cause", "cause"]] as const) {
    const v = str(info[from]);
    if (v) kase[to] = v;
  }
  if (dateTerminated) kase.dateTerminated = dateTerminated;
  const chapter = str(info.chapter);
  if (chapter) kase.chapter = chapter;
  const m341 = normDate(info.date_341_meeting);
  if (m341) kase.date341Meeting = m341;
  const discharged = normDate(info.date_discharged);
  if (discharged) kase.dateDischarged = discharged;
  return kase;
}

function derivedType(kind: string | undefined, docket: string): string {
  if (kind === "bankruptcy") return "Bankruptcy";
  if (kind === "appellate" || kind === "bap" || kind === "supreme" || kind === "state") return "Appellate";
  return /-cr-/i.test(docket) ? "Criminal" : "Civil";
}

function mapEntries(raw: Json[], filed: string | undefined): EmuEntry[] {
  const dated = raw.map((e) => parseDate(str(e.date) ?? str(e.entry_date)));
  const known = dated.filter(Number.isFinite);
  // Files may run newest first (the live service) or oldest first (these fixtures): look, don't assume.
  const newestFirst = known.length > 1 && known[0]! > known[known.length - 1]!;
  const ordered = newestFirst ? raw.slice().reverse() : raw;
  const used = new Set<string>();
  let previous = filed ?? "1/1/2000";
  return ordered.map((e, i) => {
    const date = normDate(e.date) ?? normDate(e.entry_date) ?? previous;
    previous = date;
    const text = str(e.contents) ?? "";
    const entry: EmuEntry = {
      date,
      entryDate: normDate(e.entry_date) ?? date,
      contents: `<span class='description'>${esc(text)}</span>`,
      exhibits: [],
    };
    const number = str(e.number);
    const base = number ?? `entry${i + 1}`;
    if (number) {
      entry.number = number;
      const pages = typeof e._page_count === "number" ? e._page_count : 1 + (hashSeed(`${base}:${text}`) % 30);
      entry.document = doc(unique(used, number), pages, text, /^\W*SEALED\b/i.test(text));
    }
    arr(e.exhibits).forEach((x, j) => {
      const label = x.exhibit === null || x.exhibit === undefined ? String(j + 1) : String(x.exhibit);
      const description = str(x.description) ?? `Exhibit ${label}`;
      entry.exhibits.push(doc(unique(used, `${base}-${label}`), typeof x.pages === "number" ? x.pages : 1, description, false));
    });
    const analyze = obj(e.analyze);
    if (typeof analyze.type === "string") entry.analyze = analyze as EmuEntry["analyze"];
    return entry;
  });
}

function unique(used: Set<string>, name: string): string {
  let candidate = name;
  for (let k = 2; used.has(candidate); k++) candidate = `${name}-${k}`;
  used.add(candidate);
  return candidate;
}

function doc(name: string, pages: number, text: string, sealed: boolean): EmuDocument {
  return { name, pages, cached: true, sealed, text: htmlToText(text) };
}

function mapParty(p: Json): EmuParty {
  const counsel = arr(p.counsel).map((c): EmuCounsel => {
    const out: EmuCounsel = { name: str(c.name) ?? "", lead: c.lead === true, prose: c.prose === true };
    for (const key of ["firm", "email", "phone"] as const) {
      const v = str(c[key]);
      if (v) out[key] = v.replace(/\s+/g, " ");
    }
    return out;
  });
  return { name: str(p.name) ?? "", type: str(p.type) ?? "Party", counsel };
}

function mapRelated(r: Json): EmuCase["related"] {
  const docket = str(r.docket) ?? str(r.origin_docket);
  const code = str(r.court) ?? str(r.court_id);
  if (!docket || !code) return [];
  return [{ court: longCourtName(code), docket, title: str(r.title) ?? str(r.relation) ?? "" }];
}

function mapClaim(c: Json): EmuCase["claims"][number] {
  if (typeof c.type === "string" && typeof c.description === "string") {
    const out: EmuCase["claims"][number] = { type: c.type, description: c.description };
    for (const key of ["code", "disposition", "date"] as const) if (str(c[key])) out[key] = str(c[key]);
    return out;
  }
  // A claims-register row (juriscraper's shape): number, creditor, amounts, status.
  const creditor = (str(c.creditor_details) ?? "").split("\n")[0]?.trim() || "Unknown creditor";
  const type = str(c.secured_claimed) ? "Secured" : str(c.priority_claimed) ? "Priority" : "Unsecured";
  const extra = str(c.description) ?? str(c.remarks);
  const out: EmuCase["claims"][number] = {
    type,
    description: `Claim #${String(c.claim_number ?? "?")} filed by ${creditor}, Amount claimed: ${str(c.amount_claimed) ?? "unknown"}${extra ? `. ${extra}` : ""}`,
  };
  if (c.claim_number !== undefined && c.claim_number !== null) out.code = String(c.claim_number);
  const status = str(c.status);
  if (status) out.disposition = status;
  const date = normDate(c.date_original_filed);
  if (date) out.date = date;
  return out;
}
