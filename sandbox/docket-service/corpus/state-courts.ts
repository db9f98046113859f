/**
 * State courts of the corpus. They are not in src/docket/courts.ts (observed-facts.md: thousands of
 * comma-hierarchy names, not always unique), so the emulator keeps its own small list, with each
 * court's docket-number form.
 */
import { year, yy } from "./dates.ts";
import type { Rng } from "./random.ts";

export type StateKind = "civil" | "criminal" | "appeal" | "eviction";

export interface StateCourt {
  name: string;
  kinds: readonly StateKind[];
  /** NYSCEF-style courts number their documents; most state dockets do not. */
  numbered: boolean;
  docket(rng: Rng, filed: number, kind: StateKind): string;
  /** "State of Florida", for criminal captions. */
  sovereign: string;
}

const n = (rng: Rng, digits: number): string => String(rng.int(1, 10 ** digits - 1)).padStart(digits, "0");

export const STATE_COURTS: readonly StateCourt[] = [
  {
    name: "Florida State, Duval County, Fourth Circuit Court",
    kinds: ["criminal", "criminal", "civil"],
    numbered: false,
    docket: (rng, filed, kind) => `${year(filed)}-${kind === "criminal" ? "CF" : "CA"}-${n(rng, 6)}`,
    sovereign: "State of Florida",
  },
  {
    name: "Florida State, Miami-Dade County, Eleventh Circuit Court",
    kinds: ["civil", "criminal"],
    numbered: false,
    docket: (rng, filed, kind) => `${year(filed)}-${kind === "criminal" ? "CF" : "CA"}-${n(rng, 6)}`,
    sovereign: "State of Florida",
  },
  {
    name: "Texas State, Grayson County, Justice of the Peace 2",
    kinds: ["eviction", "civil"],
    numbered: false,
    docket: (rng, filed, kind) => `${kind === "eviction" ? "EV" : "SC"}2-${yy(filed)}-${n(rng, 4)}`,
    sovereign: "State of Texas",
  },
  {
    name: "Texas State, Harris County, 157th District Court",
    kinds: ["civil"],
    numbered: false,
    docket: (rng, filed) => `${year(filed)}-${n(rng, 5)}`,
    sovereign: "State of Texas",
  },
  {
    name: "California State Court of Appeals, First District",
    kinds: ["appeal"],
    numbered: false,
    docket: (rng) => `A${rng.int(160_000, 172_999)}`,
    sovereign: "The People",
  },
  {
    name: "California State, Los Angeles County, Superior Court",
    kinds: ["civil", "civil", "criminal"],
    numbered: false,
    docket: (rng, filed, kind) => (kind === "criminal" ? `BA${n(rng, 6)}` : `${yy(filed)}STCV${n(rng, 5)}`),
    sovereign: "The People of the State of California",
  },
  {
    name: "New York State, Kings County, Supreme Court",
    kinds: ["civil"],
    numbered: true,
    docket: (rng, filed) => `${rng.int(500_000, 539_999)}/${year(filed)}`,
    sovereign: "The People of the State of New York",
  },
  {
    name: "New York State, New York County, Supreme Court",
    kinds: ["civil"],
    numbered: true,
    docket: (rng, filed) => `${rng.int(650_000, 659_999)}/${year(filed)}`,
    sovereign: "The People of the State of New York",
  },
  {
    name: "Illinois State, Cook County, Circuit Court",
    kinds: ["civil"],
    numbered: false,
    docket: (rng, filed) => `${year(filed)}${rng.pick(["L", "CH"])}${n(rng, 6)}`,
    sovereign: "People of the State of Illinois",
  },
  {
    name: "District Of Columbia, Court of Appeals",
    kinds: ["appeal"],
    numbered: false,
    docket: (rng, filed) => `${yy(filed)}-CV-${n(rng, 4)}`,
    sovereign: "District of Columbia",
  },
  {
    name: "Delaware State, Court of Chancery",
    kinds: ["civil"],
    numbered: true,
    docket: (rng, filed) => `${year(filed)}-${n(rng, 4)}-${rng.pick(["KSJM", "JTL", "LWW", "MTZ", "SG"])}`,
    sovereign: "State of Delaware",
  },
];

const BY_NAME = new Set(STATE_COURTS.map((c) => c.name.toLowerCase()));

/**
 * Whether a court name is a state (or D.C. local) court: one of ours, or a name in the service's
 * comma-hierarchy form that is not a federal court (`Texas State, ...`, `... State Court of Appeals`).
 */
export function isStateCourtName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (BY_NAME.has(lower)) return true;
  return /^[a-z .]+ state[, ]/.test(lower) || lower.startsWith("district of columbia,");
}
