/**
 * Appeals, agency proceedings (PTAB, ITC) and state-court cases.
 */
import { writePtab, writeItc } from "./agency-script.ts";
import { writeAppeal } from "./appellate-script.ts";
import { patentNumber } from "./build-federal.ts";
import { planCase, courtName, skeleton, writerFor, TYPICAL_SIZES, type GenEnv } from "./case-plan.ts";
import { company, PRODUCTS } from "./companies.ts";
import { addDays, DAY_MS, parseDate, startOfDay, year } from "./dates.ts";
import { AGENCY_JUDGES, JUDGES } from "./names.ts";
import { counselFrom, individual, officeCounsel, party } from "./parties.ts";
import type { Rng } from "./random.ts";
import { makeCtx } from "./script-kit.ts";
import { writeState } from "./state-script.ts";
import { STATE_COURTS } from "./state-courts.ts";
import type { EmuCase } from "./types.ts";

export interface AppealSpec {
  code: string;
  /** The district case appealed from, when there is one in the corpus. */
  origin?: EmuCase;
  /** The lower court's long name when there is no origin case in the corpus. */
  originCourt?: string;
  appellant?: string;
  appellee?: string;
}

export function buildAppeal(env: GenEnv, rng: Rng, s: AppealSpec): EmuCase {
  // An appeal follows the judgment: filed within the weeks after the origin case closed.
  const closedAt = parseDate(s.origin?.dateTerminated);
  const maxAge = Number.isFinite(closedAt) ? Math.floor((startOfDay(env.now) - closedAt) / DAY_MS) - 10 : 1500;
  const age: [number, number] = [Math.max(1, Math.min(40, maxAge - 60)), Math.max(1, Math.min(1500, maxAge))];
  const plan = planCase(rng, env.now, { age, closeShare: 0.55, sizes: [[[4, 10], 30], [[10, 30], 55], [[30, 70], 15]] });
  const court = courtName(s.code);
  const fromParties = s.origin?.parties ?? [];
  const appellant = s.appellant ?? fromParties.find((p) => p.type === "Defendant")?.name ?? company(rng);
  const appellee = s.appellee ?? fromParties.find((p) => p.type === "Plaintiff")?.name ?? company(rng);
  const panel = rng.sample(JUDGES, 3).map((j) => j.split(" ").pop() ?? j);
  const origin = s.origin ?? { court: s.originCourt ?? courtName("dcd"), docket: `1:${String(year(addDays(plan.filed, -400)) % 100).padStart(2, "0")}-cv-${String(rng.int(100, 9999)).padStart(5, "0")}`, title: "" };
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.appellate(court, plan.filed),
    title: `${appellant} v. ${appellee}`,
    type: "Appellate",
    federal: true,
    natureOfSuit: s.origin?.natureOfSuit?.replace(/^(\d)/, "3$1"),
    judges: rng.sample(JUDGES, 3),
    patents: s.origin?.patents.slice() ?? [],
    parties: [party(appellant, "Appellant", counselFrom(rng, env.dir, 2)), party(appellee, "Appellee", counselFrom(rng, env.dir, 2))],
    extraInfo: { appeal_from: origin.court, case_type_information: "civil, private" },
  });
  if (!kase.natureOfSuit) delete kase.natureOfSuit;
  if (s.origin) kase.related.push({ court: s.origin.court, docket: s.origin.docket, title: s.origin.title });
  const w = writerFor(rng, kase, plan, "federal");
  writeAppeal(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Appellant", "Appellee"], courtCode: s.code }), origin, panel.map((p) => `Judge ${p}`));
  kase.entries = w.entries;
  return kase;
}

export interface PatentFight {
  patents: string[];
  /** Who challenges the patents (petitioner / ITC respondent) and who owns them. */
  challenger: string;
  owner: string;
}

export function buildPtab(env: GenEnv, rng: Rng, f?: PatentFight): EmuCase {
  const plan = planCase(rng, env.now, { age: [240, 1200], closeShare: 0.55, sizes: [[[6, 12], 40], [[12, 30], 60]] });
  const court = courtName("ptab");
  const fight = f ?? { patents: [patentNumber(rng)], challenger: company(rng), owner: company(rng) };
  const kind = rng.weighted([["IPR", 85], ["PGR", 15]] as const);
  const docket = env.issuer.custom(court, (n) => `${kind}${year(plan.filed)}-${String(n).padStart(5, "0")}`, 1, 1900);
  const kase = skeleton(env, plan, {
    court, docket, title: `${fight.challenger} v. ${fight.owner}`, type: kind === "IPR" ? "Inter Partes Review" : "Post-Grant Review", federal: false,
    patents: fight.patents.slice(0, 1), judges: rng.sample(AGENCY_JUDGES.slice(0, 3), 3),
    parties: [party(fight.challenger, "Petitioner", counselFrom(rng, env.dir, 2)), party(fight.owner, "Patent Owner", counselFrom(rng, env.dir, 2))],
  });
  const w = writerFor(rng, kase, plan, "agency", 0.95);
  writePtab(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Petitioner", "Patent Owner"] }), kase.judges.map((j) => j.replace("Administrative Patent Judge ", "APJ ")));
  kase.entries = w.entries;
  return kase;
}

export function buildItc(env: GenEnv, rng: Rng, f?: PatentFight, product?: string): EmuCase {
  const plan = planCase(rng, env.now, { age: [120, 1500], closeShare: 0.5, sizes: [[[8, 20], 50], [[20, 60], 50]] });
  const court = courtName("itc");
  const fight = f ?? { patents: [patentNumber(rng), patentNumber(rng)], challenger: company(rng), owner: company(rng) };
  const what = product ?? rng.pick(PRODUCTS);
  const alj = rng.pick(AGENCY_JUDGES.slice(3));
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.custom(court, (n) => `337-TA-${n}`, 1300, 1450),
    title: `Certain ${what.replace(/\b\w/g, (ch) => ch.toUpperCase())} and Components Thereof`,
    type: "Section 337 Investigation",
    federal: false,
    patents: fight.patents.slice(),
    judges: [alj],
    parties: [
      party(fight.owner, "Complainant", counselFrom(rng, env.dir, 2)),
      party(fight.challenger, "Respondent", counselFrom(rng, env.dir, 2)),
      party("Office of Unfair Import Investigations", "Staff", officeCounsel(rng, { name: "Office of Unfair Import Investigations", domain: "usitc.example" })),
    ],
  });
  const w = writerFor(rng, kase, plan, "agency", 0.9);
  writeItc(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Complainant", "Respondent"] }), alj.replace("Administrative Law Judge ", ""));
  kase.entries = w.entries;
  return kase;
}

export function buildState(env: GenEnv, rng: Rng, courtIndex?: number): EmuCase {
  const sc = courtIndex === undefined ? rng.pick(STATE_COURTS) : STATE_COURTS[courtIndex % STATE_COURTS.length]!;
  const kind = rng.pick(sc.kinds);
  const plan = planCase(rng, env.now, { age: [20, 4000], closeShare: 0.5, sizes: kind === "civil" ? TYPICAL_SIZES : [[[2, 8], 50], [[8, 25], 50]] });
  const sides: [string, string] = kind === "appeal" ? ["Appellant", "Respondent"] : ["Plaintiff", "Defendant"];
  let first;
  let second;
  let title: string;
  if (kind === "criminal") {
    const d = individual(rng, env.dir, "Defendant", 0.05);
    first = party(sc.sovereign, "Plaintiff", officeCounsel(rng, { name: "Office of the State Attorney", domain: "sao.example" }));
    second = d.party;
    title = `${sc.sovereign} v. ${d.person.full}`;
  } else if (kind === "eviction") {
    const d = individual(rng, env.dir, "Defendant", 0.8);
    first = party(company(rng), "Plaintiff", counselFrom(rng, env.dir, 1));
    second = d.party;
    title = `${first.name} v. ${d.person.full}`;
  } else {
    first = party(company(rng), sides[0], counselFrom(rng, env.dir, 2));
    second = rng.chance(0.3) ? individual(rng, env.dir, sides[1], 0.3).party : party(company(rng), sides[1], counselFrom(rng, env.dir, 2));
    title = `${first.name} v. ${second.name}`;
  }
  const court = sc.name;
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.custom(court, () => sc.docket(rng, plan.filed, kind), 0, 0),
    title,
    type: kind === "criminal" ? "Criminal" : kind === "appeal" ? "Appeal" : kind === "eviction" ? "Eviction" : "Civil",
    federal: false,
    judges: [rng.pick(JUDGES)],
    parties: [first, second],
  });
  const w = writerFor(rng, kase, plan, "state", 0.6);
  writeState(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides }), sc, kind);
  kase.entries = w.entries;
  return kase;
}
