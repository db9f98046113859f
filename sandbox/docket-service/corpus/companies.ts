/**
 * Companies and law firms of the corpus, built from fixed word lists. "Acme" and "widget" are kept
 * rare on purpose: a handful of named cases use them so demos can search for them and get a short,
 * meaningful list.
 */
import { SURNAMES } from "./names.ts";
import type { Rng } from "./random.ts";

const ROOTS = [
  "Globex", "Initech", "Northwind", "Bluefin", "Granite", "Cobalt", "Summit", "Redwood", "Harborview",
  "Pinnacle", "Meridian", "Silverline", "Ironbridge", "Lakeshore", "Brightpath", "Keystone", "Evergreen",
  "Sterling", "Falconer", "Orion", "Vertex", "Quantic", "Halcyon", "Tidewater", "Copperfield",
  "Ridgeline", "Stonegate", "Lumina", "Aurora", "Cascadia", "Helix", "Polaris", "Sequoia", "Tamarack",
  "Vandelay", "Wexford", "Zenith", "Larkspur", "Monarch", "Nimbus", "Obsidian", "Paragon", "Solstice",
] as const;

const INDUSTRIES = [
  "Semiconductor", "Pharmaceuticals", "Logistics", "Networks", "Therapeutics", "Energy", "Capital",
  "Foods", "Robotics", "Software", "Medical Devices", "Biosciences", "Wireless", "Financial",
  "Textiles", "Aerospace", "Telecom", "Analytics", "Materials", "Health Systems", "Mobility",
  "Data Systems", "Optics", "Brands", "Industries", "Technologies", "Labs", "Imaging",
] as const;

const SUFFIXES = [
  "Inc.", "LLC", "Corporation", "Corp.", "Co.", "L.P.", "Ltd.", "Holdings LLC", "Group, Inc.",
] as const;

/** A company name; commas before Inc. follow the usual style ("Acme Widgets, Inc."). */
export function company(rng: Rng): string {
  const root = rng.pick(ROOTS);
  const industry = rng.pick(INDUSTRIES);
  const suffix = rng.pick(SUFFIXES);
  const sep = suffix === "Inc." && rng.chance(0.6) ? ", " : " ";
  return `${root} ${industry}${sep}${suffix}`;
}

/** The short form used in titles and entry texts: "Globex Semiconductor". */
export function shortCompany(name: string): string {
  return name.replace(/,?\s+(Inc\.|LLC|Corporation|Corp\.|Co\.|L\.P\.|Ltd\.|Holdings LLC|Group, Inc\.)$/, "");
}

export interface Firm {
  name: string;
  /** Mail domain, always under the reserved `.example` TLD. */
  domain: string;
}

const FIRM_FORMS = ["pair", "pair", "triple", "single"] as const;

/** A law firm: "Hargrove & Lindqvist LLP" (with an ampersand, so entity encoding gets exercised). */
export function firm(rng: Rng): Firm {
  const form = rng.pick(FIRM_FORMS);
  const [a, b, c] = rng.sample(SURNAMES, 3) as [string, string, string];
  const suffix = rng.pick(["LLP", "LLP", "P.C.", "PLLC", "P.A."]);
  const name =
    form === "pair" ? `${a} & ${b} ${suffix}`
    : form === "triple" ? `${a}, ${b} & ${c} ${suffix}`
    : `${a} Law Group ${suffix}`;
  return { name, domain: `${a.toLowerCase()}${form === "single" ? "law" : b.toLowerCase()}.example` };
}

/** Government offices that appear as counsel. */
export const US_ATTORNEY: Firm = { name: "U.S. Attorney's Office", domain: "usa.doj.example" };
export const FEDERAL_DEFENDER: Firm = { name: "Federal Public Defender's Office", domain: "fd.example" };
export const US_TRUSTEE: Firm = { name: "Office of the United States Trustee", domain: "ust.doj.example" };

/** Products used in patent and product-liability cases. */
export const PRODUCTS = [
  "wireless charging pads", "LED display drivers", "lithium-ion battery separators", "insulin pens",
  "video compression codecs", "surgical staplers", "noise-cancelling earbuds", "smart thermostats",
  "drone gimbals", "semiconductor etch chambers", "mesh Wi-Fi routers", "glucose monitors",
  "autonomous forklifts", "fiber-optic transceivers", "contact lens solutions", "e-bike motors",
] as const;
