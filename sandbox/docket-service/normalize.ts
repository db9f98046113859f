/**
 * What `normalize=true` adds (spec getdocket/: "include normalized party, attorney, firm, judge
 * names"). The spec shows no normalized form; the emulator's is deterministic and plain: honorifics,
 * "et al", punctuation and middle initials dropped, corporate suffixes abbreviated, title case.
 */
const HONORIFICS = /^(hon\.?|honorable|judge|chief judge|magistrate judge|justice|mr\.?|ms\.?|mrs\.?|dr\.?)\s+/i;
const SUFFIXES: [RegExp, string][] = [
  [/\bcorporation\b/gi, "Corp"],
  [/\bincorporated\b/gi, "Inc"],
  [/\bcompany\b/gi, "Co"],
  [/\blimited\b/gi, "Ltd"],
  [/\bl\.?l\.?c\.?\b/gi, "LLC"],
  [/\bl\.?l\.?p\.?\b/gi, "LLP"],
];

export function normalizePersonName(name: string): string {
  const bare = name.replace(HONORIFICS, "").replace(/[.,]/g, " ");
  const words = bare.split(/\s+/).filter((w) => w.length > 1 || /^[0-9]$/.test(w));
  return titleCase(words.join(" "));
}

export function normalizeEntityName(name: string): string {
  let n = name.replace(/\bet\.?\s+al\.?/gi, " ");
  for (const [re, short] of SUFFIXES) n = n.replace(re, short);
  n = n.replace(/[.,;:"]/g, " ").replace(/\s+/g, " ").trim();
  return titleCase(n);
}

function titleCase(s: string): string {
  return s
    .split(" ")
    .map((w) => (/^(LLC|LLP|USA|US|NA)$/i.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(" ")
    .trim();
}
