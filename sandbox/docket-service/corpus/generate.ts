/**
 * The emulator's generated corpus: a few hundred realistic, varied cases from a seed. Same seed and
 * `now`, same corpus, byte for byte. Each case draws from its own forked stream, so the categories do
 * not shift one another.
 */
import { buildChapter11, buildConsumer, buildMegaChapter11 } from "./build-bankruptcy.ts";
import { buildCivil, buildCriminal, buildMdl } from "./build-federal.ts";
import { buildAppeal, buildItc, buildPtab, type PatentFight } from "./build-other.ts";
import { buildState } from "./build-other.ts";
import { courtName, type GenEnv } from "./case-plan.ts";
import { createDocketIssuer } from "./docket-numbers.ts";
import { buildFlagship, FLAGSHIP } from "./flagship.ts";
import { createDirectory } from "./parties.ts";
import { createRng, type Rng } from "./random.ts";
import { buildFresh, buildHostile, buildNamedPatent } from "./specials.ts";
import type { EmuCase } from "./types.ts";

export interface GenerateOptions {
  seed: number | string;
  /** "Now" for the corpus (ms since epoch): every date lies before it. */
  now: number;
  /** Number of ordinary generated cases (default 322); the named special cases come on top. */
  size?: number;
}

const CIVIL_COURTS = [
  ["nysd", 14], ["nyed", 5], ["ded", 6], ["cand", 8], ["cacd", 8], ["txsd", 5], ["txnd", 5], ["ilnd", 7],
  ["njd", 6], ["mad", 5], ["flsd", 6], ["flmd", 4], ["gand", 4], ["wawd", 3], ["vaed", 3], ["dcd", 4],
  ["paed", 5], ["mnd", 2], ["cod", 3], ["azd", 3], ["nvd", 2], ["ohnd", 2], ["mied", 3], ["ared", 2],
] as const;
const PATENT_COURTS = [["ded", 12], ["txed", 9], ["txwd", 8], ["cand", 5], ["njd", 2]] as const;
const CONSUMER_BK = ["nvb", "cacb", "flmb", "ilnb", "gamb", "txnb", "ohnb", "nyeb", "njb", "azb"] as const;
const CH11_BK = ["deb", "txsb", "nysb", "njb", "txnb"] as const;
/** Courts of appeals and a district court of each circuit, for appeals without an origin case. */
const CIRCUITS = [
  ["ca1", "mad"], ["ca2", "nysd"], ["ca3", "ded"], ["ca4", "vaed"], ["ca5", "txsd"], ["ca6", "ohnd"],
  ["ca7", "ilnd"], ["ca8", "mnd"], ["ca9", "cand"], ["ca10", "cod"], ["ca11", "flsd"], ["cadc", "dcd"],
] as const;
const CIRCUIT_OF_STATE: Record<string, string> = {
  ma: "ca1", ny: "ca2", de: "ca3", nj: "ca3", pa: "ca3", va: "ca4", tx: "ca5", oh: "ca6", mi: "ca6", il: "ca7",
  mn: "ca8", ar: "ca8", ca: "ca9", wa: "ca9", az: "ca9", nv: "ca9", co: "ca10", fl: "ca11", ga: "ca11", dc: "cadc",
};

/** Base quotas at the default size. */
const QUOTAS = { civil: 95, patent: 36, criminal: 35, mdl: 2, ch7: 22, ch13: 16, ch11: 12, appeal: 30, ptab: 16, itc: 8, state: 50 } as const;
export const DEFAULT_SIZE = Object.values(QUOTAS).reduce((a, b) => a + b, 0);

interface Tagged {
  code: string;
  kase: EmuCase;
}

export function generateCorpus(o: GenerateOptions): EmuCase[] {
  const root = createRng(o.seed);
  const env: GenEnv = { rng: root.fork("env"), now: o.now, issuer: createDocketIssuer(root.fork("dockets")), dir: createDirectory(root.fork("directory")) };
  const scale = (o.size ?? DEFAULT_SIZE) / DEFAULT_SIZE;
  const q = (n: number): number => Math.max(n > 0 ? 1 : 0, Math.round(n * scale));
  const out: EmuCase[] = [];
  const civil: Tagged[] = [];
  const patent: Tagged[] = [];

  // Named cases first, so their docket numbers are reserved before anything random is issued.
  env.issuer.reserve(FLAGSHIP.court, FLAGSHIP.docket);
  const flagship = buildFlagship(o.now);
  const acmeTexas = buildNamedPatent(env, root.fork("acme-texas"), "txed", "Acme Widgets, Inc.", "Northwind Semiconductor Corp.", true);
  const acmeIpr = buildPtab(env, root.fork("acme-ipr"), { patents: [FLAGSHIP.patents[0]], challenger: "Globex Corporation", owner: "Acme Widgets, Inc." });
  link(flagship, acmeIpr);
  const acmeAppeal = buildAppeal(env, root.fork("acme-appeal"), { code: "cafc", origin: acmeTexas, appellant: "Northwind Semiconductor Corp.", appellee: "Acme Widgets, Inc." });
  link(acmeTexas, acmeAppeal);
  const acmeMdl = buildMdl(env, root.fork("acme-mdl"), { code: "cand", title: "In re: Acme Widget Charging Pad Products Liability Litigation", defendant: "Acme Widgets, Inc.", target: [700, 900] });
  const widgetBk = buildChapter11(env, root.fork("widget-bk"), { code: "deb", debtor: "Widget World Retail, LLC", etAl: false });
  const hostile = buildHostile(env, root.fork("hostile"));
  const mega = buildMegaChapter11(env, root.fork("mega"));
  const fresh = ([0, 0, 1, 1, 2, 2] as const).map((n, i) => buildFresh(env, root.fork(`fresh-${i}`), n, (["nysd", "ded", "cand", "txed", "ilnd", "njd"] as const)[i]!));
  out.push(flagship, acmeTexas, acmeIpr, acmeAppeal, acmeMdl, widgetBk, hostile, mega, ...fresh);

  const each = (label: string, n: number, f: (rng: Rng, i: number) => void): void => {
    for (let i = 0; i < q(n); i++) f(root.fork(`${label}-${i}`), i);
  };
  each("civil", QUOTAS.civil, (rng) => {
    const code = rng.weighted(CIVIL_COURTS);
    const kase = buildCivil(env, rng, { code });
    civil.push({ code, kase });
    out.push(kase);
  });
  each("patent", QUOTAS.patent, (rng) => {
    const code = rng.weighted(PATENT_COURTS);
    const kase = buildCivil(env, rng, { code, patent: true, ...(code === "njd" ? { nos: { code: "835", name: "Patent - Abbreviated New Drug Application(ANDA)", cause: "35:271 Patent Infringement", weight: 0 } } : {}) });
    patent.push({ code, kase });
    out.push(kase);
  });
  each("criminal", QUOTAS.criminal, (rng) => out.push(buildCriminal(env, rng, rng.weighted(CIVIL_COURTS))));
  each("mdl", QUOTAS.mdl, (rng, i) =>
    out.push(buildMdl(env, rng, { code: i % 2 ? "njd" : "flsd", title: `In re: ${["Harborview Hernia Mesh", "Lumina Hair Relaxer", "Cascadia Data Breach"][i % 3]} ${i % 3 === 2 ? "Litigation" : "Products Liability Litigation"}`, defendant: `${["Harborview Medical Devices", "Lumina Brands", "Cascadia Telecom"][i % 3]}, Inc.`, target: [150, 400] })),
  );
  each("ch7", QUOTAS.ch7, (rng) => out.push(buildConsumer(env, rng, rng.pick(CONSUMER_BK), "7")));
  each("ch13", QUOTAS.ch13, (rng) => out.push(buildConsumer(env, rng, rng.pick(CONSUMER_BK), "13")));
  each("ch11", QUOTAS.ch11, (rng) => out.push(buildChapter11(env, rng, { code: rng.pick(CH11_BK) })));
  each("appeal", QUOTAS.appeal, (rng, i) => out.push(appeal(env, rng, i, civil, patent)));
  each("ptab", QUOTAS.ptab, (rng, i) => {
    const tied = i % 2 === 0 ? patent[i % Math.max(1, patent.length)] : undefined;
    const kase = buildPtab(env, rng, tied ? fightOf(tied.kase) : undefined);
    if (tied) link(tied.kase, kase);
    out.push(kase);
  });
  each("itc", QUOTAS.itc, (rng, i) => {
    const tied = i % 2 === 0 ? patent[(i * 3 + 1) % Math.max(1, patent.length)] : undefined;
    const kase = buildItc(env, rng, tied ? fightOf(tied.kase) : undefined);
    if (tied) link(tied.kase, kase);
    out.push(kase);
  });
  each("state", QUOTAS.state, (rng, i) => out.push(buildState(env, rng, i)));
  return out;
}

function appeal(env: GenEnv, rng: Rng, i: number, civil: Tagged[], patent: Tagged[]): EmuCase {
  if (i % 5 === 4) return buildAppeal(env, rng, { code: "bap9", originCourt: courtName(rng.pick(["nvb", "cacb", "azb"])) });
  if (i % 4 === 0) {
    const origin = patent.filter((t) => t.kase.status === "Closed")[i % 7];
    const kase = buildAppeal(env, rng, origin ? { code: "cafc", origin: origin.kase } : { code: "cafc", originCourt: courtName("ded") });
    if (origin) link(origin.kase, kase);
    return kase;
  }
  const [code, fallback] = CIRCUITS[i % CIRCUITS.length]!;
  const origin = civil.find((t) => t.kase.status === "Closed" && CIRCUIT_OF_STATE[t.code.slice(0, 2)] === code && !t.kase.related.some((r) => r.court === courtName(code)));
  const kase = buildAppeal(env, rng, origin ? { code, origin: origin.kase } : { code, originCourt: courtName(fallback) });
  if (origin) link(origin.kase, kase);
  return kase;
}

function fightOf(k: EmuCase): PatentFight {
  return {
    patents: k.patents.slice(),
    challenger: k.parties.find((p) => p.type === "Defendant")?.name ?? "Respondent",
    owner: k.parties.find((p) => p.type === "Plaintiff")?.name ?? "Patent Owner",
  };
}

/** Record `b` as related to `a` and the other way round. */
function link(a: EmuCase, b: EmuCase): void {
  if (!a.related.some((r) => r.court === b.court && r.docket === b.docket)) a.related.push({ court: b.court, docket: b.docket, title: b.title });
  if (!b.related.some((r) => r.court === a.court && r.docket === a.docket)) b.related.push({ court: a.court, docket: a.docket, title: a.title });
}
