/**
 * Docket numbers: how the corpus writes them and how the emulator compares them. The service treats
 * `2002-CF-11026` and `2002-CF-011026` as the same case, and `1:23-cv-1234` as `1:23-cv-01234`
 * (observed-facts.md, Case and document URLs): leading zeros of every numeric run are ignored, and so
 * are letter case and surrounding whitespace.
 */
import { yy } from "./dates.ts";
import type { Rng } from "./random.ts";

export function normalizeDocket(docket: string): string {
  return docket
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\d+/g, (run) => run.replace(/^0+(?=\d)/, ""));
}

/** Court names compare case-insensitively with whitespace collapsed. */
export function normalizeCourt(court: string): string {
  return court.trim().toLowerCase().replace(/\s+/g, " ");
}

/** Issues docket numbers that never repeat within one corpus (per court). */
export interface DocketIssuer {
  /** `1:24-cv-00123` (district: office, year, kind, 5-digit sequence). */
  district(court: string, office: number, filed: number, kind: "cv" | "cr" | "md" | "mc"): string;
  /** `23-10001` (bankruptcy: year, 5-digit sequence). */
  bankruptcy(court: string, filed: number): string;
  /** `24-1234` (courts of appeals). */
  appellate(court: string, filed: number): string;
  /** Any other form: `make(seq)` renders a candidate; the issuer retries on a clash. */
  custom(court: string, make: (seq: number) => string, min: number, max: number): string;
  /** Reserve a number written by hand (the flagship and other named cases). */
  reserve(court: string, docket: string): void;
}

export function createDocketIssuer(rng: Rng): DocketIssuer {
  const used = new Set<string>();
  const take = (court: string, candidate: () => string): string => {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const docket = candidate();
      const key = `${normalizeCourt(court)}\u0000${normalizeDocket(docket)}`;
      if (!used.has(key)) {
        used.add(key);
        return docket;
      }
    }
    throw new Error(`could not issue a fresh docket number in ${court}`);
  };
  const issuer: DocketIssuer = {
    district: (court, office, filed, kind) =>
      take(court, () => `${office}:${yy(filed)}-${kind}-${String(rng.int(kind === "md" ? 2900 : 1, kind === "md" ? 3150 : 12_999)).padStart(5, "0")}`),
    bankruptcy: (court, filed) =>
      take(court, () => `${yy(filed)}-${String(rng.int(10_001, 13_999)).padStart(5, "0")}`),
    appellate: (court, filed) => take(court, () => `${yy(filed)}-${rng.int(1001, 2999)}`),
    custom: (court, make, min, max) => take(court, () => make(rng.int(min, max))),
    reserve: (court, docket) => {
      used.add(`${normalizeCourt(court)}\u0000${normalizeDocket(docket)}`);
    },
  };
  return issuer;
}
