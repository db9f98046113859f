/**
 * The fixed vocabulary the corpus draws people from. Every name here is invented; phone numbers use
 * the 555-01xx block reserved for fiction and emails use the reserved `.example` TLD, so nothing in
 * the sandbox can reach a real person.
 */
import type { Rng } from "./random.ts";

export const FIRST_NAMES = [
  "Aaron", "Abigail", "Adrian", "Alicia", "Amir", "Andrea", "Benjamin", "Beatriz", "Caleb", "Camila",
  "Carlos", "Catherine", "Daniel", "Deborah", "Dmitri", "Elena", "Elijah", "Emily", "Farah", "Felix",
  "Gabriel", "Grace", "Hannah", "Hiroshi", "Isaac", "Ingrid", "Jamal", "Jessica", "Jonathan", "Julia",
  "Kenji", "Katherine", "Lamar", "Laura", "Liam", "Lucia", "Marcus", "Margaret", "Mateo", "Maya",
  "Nathan", "Nadia", "Oliver", "Olivia", "Omar", "Priya", "Patrick", "Quinn", "Rachel", "Rafael",
  "Samuel", "Sofia", "Theodore", "Tamara", "Victor", "Valerie", "William", "Yusuf", "Zoe", "Zachary",
] as const;

export const SURNAMES = [
  "Abernathy", "Alvarez", "Bancroft", "Bellamy", "Brennan", "Castellano", "Chen", "Delgado", "Donnelly",
  "Eckhart", "Fairbanks", "Fitzgerald", "Gallagher", "Goldberg", "Hargrove", "Hashimoto", "Holloway",
  "Iverson", "Jablonski", "Kaplan", "Kowalski", "Lindqvist", "Lockhart", "Marchetti", "McAllister",
  "Nakamura", "Novak", "Okafor", "Pemberton", "Petrov", "Quintero", "Radcliffe", "Ramirez", "Sandoval",
  "Schuyler", "Sorensen", "Thibodeaux", "Underwood", "Vasquez", "Whitfield", "Winslow", "Yamamoto",
  "Zeller", "Archer", "Blackwood", "Caldwell", "Davenport", "Ellsworth", "Hawthorne", "Kingsley",
  "Langford", "Mercer", "Prescott", "Rutherford", "Sinclair", "Thornton", "Vance", "Whitaker",
] as const;

/** District, bankruptcy and appellate judges: "First M. Last". */
export const JUDGES = [
  "Eleanor R. Whitcombe", "Harold J. Brandt", "Miriam S. Oyelaran", "Douglas T. Kincaid",
  "Patricia L. Ferrante", "Samuel K. Okonkwo", "Gwendolyn A. Marsh", "Raymond C. Villanueva",
  "Catherine E. Holbrook", "Arthur M. Delacroix", "Lillian P. Navarro", "Frederick W. Stanhope",
  "Rosalind D. Achebe", "Theodore N. Galloway", "Beatrice H. Lindgren", "Vincent O. Castellanos",
  "Josephine Y. Takahashi", "Malcolm B. Pryor", "Constance G. Whitley", "Isidore F. Rosenthal",
  "Naomi V. Albrecht", "Gordon E. Lasalle", "Helena J. Mbeki", "Cornelius R. Ashford",
] as const;

/** Magistrate judges are listed second on district dockets, as PACER does. */
export const MAGISTRATES = [
  "Ona P. Whitmore", "Kevin L. Fenwick", "Sarah J. Okoro", "Peter D. Langley", "Renata M. Costa",
  "Douglas A. Hibbard", "Yvonne K. Saenz", "Martin G. Ellery",
] as const;

/** Administrative patent judges (PTAB) and ALJs (ITC). */
export const AGENCY_JUDGES = [
  "Administrative Patent Judge Karen M. Doyle", "Administrative Patent Judge Rajiv S. Menon",
  "Administrative Patent Judge Linda T. Osei", "Administrative Law Judge Bryan F. Castell",
  "Administrative Law Judge Monica E. Hartigan",
] as const;

export const TRUSTEES = [
  "Marjorie T. Halvorsen", "Desmond K. Appiah", "Lorraine B. Szabo", "Curtis W. Fenimore",
  "Anita R. Balakrishnan", "Howard J. Pell",
] as const;

export interface Person {
  first: string;
  last: string;
  full: string;
}

export function person(rng: Rng): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(SURNAMES);
  const full = rng.chance(0.3)
    ? `${first} ${String.fromCharCode(65 + rng.int(0, 25))}. ${last}`
    : `${first} ${last}`;
  return { first, last, full };
}

/** A 555-01xx phone number with a plausible area code. */
export function phone(rng: Rng): string {
  const area = rng.pick(["212", "302", "415", "214", "512", "312", "617", "713", "202", "305", "206", "650"]);
  return `(${area}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}`;
}

/** `first.last@<domain>`; the domain comes from the firm, or a personal mailbox for pro se parties. */
export function email(p: Person, domain: string): string {
  const local = `${p.first}.${p.last}`.toLowerCase().replace(/[^a-z.]/g, "");
  return `${local}@${domain}`;
}
