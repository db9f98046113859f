/**
 * Parties and their counsel. Firms and their lawyers come from one directory shared by the whole
 * corpus, so `firm:` and `attorney:` searches find a lawyer across several cases, as they would on
 * the live service.
 */
import { firm, type Firm } from "./companies.ts";
import { email, person, phone, type Person } from "./names.ts";
import type { Rng } from "./random.ts";
import type { EmuCounsel, EmuParty } from "./types.ts";

export interface Attorney {
  name: string;
  email: string;
  phone: string;
}

export interface FirmEntry {
  firm: Firm;
  attorneys: Attorney[];
}

export interface Directory {
  readonly firms: readonly FirmEntry[];
}

export function createDirectory(rng: Rng, size = 48): Directory {
  const firms: FirmEntry[] = [];
  const seen = new Set<string>();
  while (firms.length < size) {
    const f = firm(rng);
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    const attorneys: Attorney[] = [];
    const names = new Set<string>();
    const want = rng.int(3, 7);
    while (attorneys.length < want) {
      const p = person(rng);
      if (names.has(p.full)) continue;
      names.add(p.full);
      attorneys.push({ name: p.full, email: email(p, f.domain), phone: phone(rng) });
    }
    firms.push({ firm: f, attorneys });
  }
  return { firms };
}

/** One to `max` lawyers of a single firm; the first is lead counsel. */
export function counselFrom(rng: Rng, dir: Directory, max = 3): EmuCounsel[] {
  const entry = rng.pick(dir.firms);
  const lawyers = rng.sample(entry.attorneys, rng.int(1, Math.min(max, entry.attorneys.length)));
  return lawyers.map((a, i) => ({
    name: a.name,
    firm: entry.firm.name,
    email: a.email,
    phone: a.phone,
    lead: i === 0,
    prose: false,
  }));
}

/** Lawyers of a named office (U.S. Attorney, Federal Defender, U.S. Trustee): fresh people. */
export function officeCounsel(rng: Rng, office: Firm, count = 1): EmuCounsel[] {
  return Array.from({ length: count }, (_, i) => {
    const p = person(rng);
    return { name: p.full, firm: office.name, email: email(p, office.domain), phone: phone(rng), lead: i === 0, prose: false };
  });
}

/** A self-represented party appears as their own counsel, with no firm (prose=true). */
export function proSeCounsel(rng: Rng, p: Person): EmuCounsel {
  const c: EmuCounsel = { name: p.full, lead: false, prose: true };
  if (rng.chance(0.5)) c.email = email(p, "mail.example");
  if (rng.chance(0.7)) c.phone = phone(rng);
  return c;
}

export function party(name: string, type: string, counsel: EmuCounsel[]): EmuParty {
  return { name, type, counsel };
}

/** An individual party: represented by a firm, or (with probability `proSe`) pro se. */
export function individual(rng: Rng, dir: Directory, type: string, proSe = 0): { party: EmuParty; person: Person } {
  const p = person(rng);
  const counsel = rng.chance(proSe) ? [proSeCounsel(rng, p)] : counselFrom(rng, dir, 2);
  return { party: party(p.full, type, counsel), person: p };
}

/** Counsel names as PACER writes them in entries: "(Lastname, Firstname)". */
export function filer(c: EmuCounsel | undefined): string {
  if (!c) return "";
  const parts = c.name.split(" ");
  const last = parts[parts.length - 1] ?? c.name;
  return `(${last}, ${parts[0] ?? ""})`;
}
