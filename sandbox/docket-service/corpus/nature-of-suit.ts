/**
 * Nature-of-suit codes (the federal civil cover sheet, JS 44) used by the corpus, with a typical
 * cause of action for each. The same table answers searchpacer/'s options request.
 */

export interface NatureOfSuit {
  code: string;
  name: string;
  cause: string;
  /** Weight among generated civil cases. */
  weight: number;
}

export const NATURES_OF_SUIT: readonly NatureOfSuit[] = [
  { code: "110", name: "Insurance", cause: "28:1332 Diversity-Insurance Contract", weight: 4 },
  { code: "190", name: "Contract: Other", cause: "28:1332 Diversity-Breach of Contract", weight: 12 },
  { code: "195", name: "Contract Product Liability", cause: "28:1332 Diversity-Product Liability", weight: 2 },
  { code: "365", name: "Personal Inj. Prod. Liability", cause: "28:1332 Diversity-Product Liability", weight: 4 },
  { code: "370", name: "Other Fraud", cause: "28:1332 Diversity-Fraud", weight: 3 },
  { code: "410", name: "Anti-Trust", cause: "15:1 Antitrust Litigation", weight: 3 },
  { code: "440", name: "Civil Rights: Other", cause: "42:1983 Civil Rights Act", weight: 5 },
  { code: "442", name: "Civil Rights: Employment", cause: "42:2000e Job Discrimination (Employment)", weight: 8 },
  { code: "445", name: "Civil Rights: Americans with Disabilities - Employment", cause: "42:12101 Americans with Disabilities Act", weight: 3 },
  { code: "470", name: "Racketeer/Corrupt Organization", cause: "18:1961 Racketeering (RICO) Act", weight: 3 },
  { code: "480", name: "Consumer Credit", cause: "15:1692 Fair Debt Collection Act", weight: 4 },
  { code: "710", name: "Labor: Fair Standards", cause: "29:201 Fair Labor Standards Act", weight: 4 },
  { code: "820", name: "Copyright", cause: "17:501 Copyright Infringement", weight: 3 },
  { code: "830", name: "Patent", cause: "35:271 Patent Infringement", weight: 0 },
  { code: "835", name: "Patent - Abbreviated New Drug Application(ANDA)", cause: "35:271 Patent Infringement", weight: 0 },
  { code: "840", name: "Trademark", cause: "15:1125 Trademark Infringement (Lanham Act)", weight: 4 },
  { code: "850", name: "Securities/Commodities", cause: "15:78m(a) Securities Exchange Act", weight: 5 },
  { code: "890", name: "Other Statutory Actions", cause: "28:1331 Federal Question: Other", weight: 3 },
  { code: "893", name: "Environmental Matters", cause: "42:9601 Environmental Response (CERCLA)", weight: 1 },
  { code: "895", name: "Freedom of Information Act", cause: "5:552 Freedom of Information Act", weight: 2 },
];

export function nosLabel(n: NatureOfSuit): string {
  return `${n.code} ${n.name}`;
}

export function nosByCode(code: string): NatureOfSuit | undefined {
  return NATURES_OF_SUIT.find((n) => n.code === code);
}
