/**
 * HTML character references, decoded once. Docket HTML uses a handful (`&amp;`, `&nbsp;`, `&#39;`,
 * `&sect;`, `&rsquo;`: fixtures/real-dockets); the table covers Latin-1 and the common typographic
 * ones, and numeric references (`&#167;`, `&#xA7;`) cover everything else. Unknown names stay as
 * written, which after escaping displays exactly what the service sent.
 */

// HTML's Latin-1 entity names in code-point order, U+00A0 to U+00FF.
const LATIN1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 " +
  "sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc " +
  "Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve " +
  "Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute " +
  "acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde " +
  "ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";

const OTHERS: Record<string, number> = {
  amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27, OElig: 0x152, oelig: 0x153, Scaron: 0x160,
  scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc, ensp: 0x2002, emsp: 0x2003,
  thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f, ndash: 0x2013, mdash: 0x2014,
  lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e,
  dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
  Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, euro: 0x20ac, trade: 0x2122, larr: 0x2190,
  rarr: 0x2192, uarr: 0x2191, darr: 0x2193, harr: 0x2194, minus: 0x2212, le: 0x2264, ge: 0x2265,
  ne: 0x2260, infin: 0x221e, sim: 0x223c, asymp: 0x2248, equiv: 0x2261, loz: 0x25ca,
};

const NAMED: ReadonlyMap<string, string> = new Map([
  ...LATIN1.split(" ").map((name, i) => [name, String.fromCodePoint(0xa0 + i)] as const),
  ...Object.entries(OTHERS).map(([name, cp]) => [name, String.fromCodePoint(cp)] as const),
]);

// Bounded alternatives only: each match attempt reads at most ~34 characters (linear overall).
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,8})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function fromCodePoint(cp: number): string {
  // NUL, surrogates and out-of-range values become U+FFFD, as HTML parsers do.
  if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(cp);
}

/** Decodes named, decimal and hex character references once (`&amp;lt;` becomes `&lt;`). */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, hex?: string, dec?: string, name?: string) => {
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    return NAMED.get(name!) ?? NAMED.get(name!.toLowerCase()) ?? whole;
  });
}
