/**
 * Federal district cases: civil (with patent cases in the patent-heavy districts), criminal and
 * multi-district litigation.
 */
import { planCase, courtName, skeleton, writerFor, TYPICAL_SIZES, type GenEnv, type PlanOptions } from "./case-plan.ts";
import { writeCivil } from "./civil-script.ts";
import { company, FEDERAL_DEFENDER, PRODUCTS, shortCompany, US_ATTORNEY } from "./companies.ts";
import { CHARGES, writeCriminal } from "./criminal-script.ts";
import { JUDGES, MAGISTRATES, person } from "./names.ts";
import { NATURES_OF_SUIT, nosLabel, type NatureOfSuit } from "./nature-of-suit.ts";
import { counselFrom, individual, officeCounsel, party } from "./parties.ts";
import type { Rng } from "./random.ts";
import { commas, due, makeCtx, signed } from "./script-kit.ts";
import type { EmuCase, EmuParty } from "./types.ts";

/** The division office digit PACER puts before the year, per court. */
function office(rng: Rng, code: string): number {
  const offices: Record<string, readonly number[]> = { cand: [3, 4, 5], txed: [2, 4, 6], txwd: [1, 6], cacd: [2, 5, 8], flsd: [0, 1, 9], flmd: [3, 6, 8], ilnd: [1], njd: [2, 3] };
  return rng.pick(offices[code] ?? [1, 1, 2]);
}

export function patentNumber(rng: Rng): string {
  return commas(rng.int(7_000_000, 12_300_000));
}

function titleName(p: EmuParty, individualParty: boolean): string {
  if (!individualParty) return p.name;
  const parts = p.name.split(" ");
  return parts[parts.length - 1] ?? p.name;
}

export interface CivilSpec {
  code: string;
  nos?: NatureOfSuit;
  patent?: boolean;
  plaintiff?: string;
  defendant?: string;
  plan?: Partial<PlanOptions>;
  product?: string;
}

export function buildCivil(env: GenEnv, rng: Rng, s: CivilSpec): EmuCase {
  const nos = s.nos ?? (s.patent ? NATURES_OF_SUIT.find((n) => n.code === "830")! : rng.weighted(NATURES_OF_SUIT.map((n) => [n, n.weight] as const)));
  const plan = planCase(rng, env.now, { age: [20, 2400], closeShare: 0.45, sizes: TYPICAL_SIZES, ...s.plan });
  const court = courtName(s.code);
  const personal = ["442", "445", "440", "710", "480"].includes(nos.code) && !s.plaintiff;
  const plaintiffs: EmuParty[] = [];
  if (personal) plaintiffs.push(individual(rng, env.dir, "Plaintiff", 0.25).party);
  else plaintiffs.push(party(s.plaintiff ?? company(rng), "Plaintiff", counselFrom(rng, env.dir)));
  const defendants = [party(s.defendant ?? company(rng), "Defendant", counselFrom(rng, env.dir))];
  for (let i = rng.weighted([[0, 70], [1, 20], [2, 10]] as const); i > 0; i--) defendants.push(party(company(rng), "Defendant", counselFrom(rng, env.dir)));
  const first = plaintiffs[0]!;
  const title = `${titleName(first, personal)} v. ${titleName(defendants[0]!, false)}${defendants.length > 1 ? " et al" : ""}`;
  const docket = env.issuer.district(court, office(rng, s.code), plan.filed, "cv");
  const patents = nos.code === "830" || nos.code === "835" ? Array.from({ length: rng.int(1, 3) }, () => patentNumber(rng)) : [];
  const magistrate = rng.chance(0.6) ? rng.pick(MAGISTRATES) : undefined;
  const kase = skeleton(env, plan, {
    court, docket, title, type: "Civil", federal: true,
    natureOfSuit: nosLabel(nos), cause: nos.cause, patents,
    judges: [rng.pick(JUDGES), ...(magistrate ? [magistrate] : [])],
    parties: [...plaintiffs, ...defendants],
    extraInfo: { jury_demand: rng.pick(["Plaintiff", "Both", "None", "Defendant"]), jurisdiction: "Federal Question" },
  });
  const w = writerFor(rng, kase, plan, "federal");
  const ctx = makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Plaintiff", "Defendant"], courtCode: s.code });
  writeCivil(ctx, magistrate ? { magistrate } : {});
  kase.entries = w.entries;
  if (patents.length > 0 && rng.chance(0.5)) {
    kase.claims = patents.map((p, i) => ({ type: `Count ${["I", "II", "III"][i] ?? i + 1}`, description: `Infringement of U.S. Patent No. ${p} (${s.product ?? rng.pick(PRODUCTS)})` }));
  }
  return kase;
}

export function buildCriminal(env: GenEnv, rng: Rng, code: string): EmuCase {
  const plan = planCase(rng, env.now, { age: [20, 2600], closeShare: 0.55, sizes: [[[6, 20], 40], [[20, 60], 45], [[60, 140], 15]] });
  const court = courtName(code);
  const count = rng.weighted([[1, 75], [2, 15], [3, 10]] as const);
  const defendants = Array.from({ length: count }, () => {
    const p = person(rng);
    const counsel = rng.chance(0.5) ? officeCounsel(rng, FEDERAL_DEFENDER) : counselFrom(rng, env.dir, 2);
    return { party: party(p.full, "Defendant", counsel), last: p.last };
  });
  const charge = rng.pick(CHARGES);
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.district(court, office(rng, code), plan.filed, "cr"),
    title: `USA v. ${defendants[0]!.last}${count > 1 ? " et al" : ""}`,
    type: "Criminal",
    federal: true,
    cause: charge,
    judges: [rng.pick(JUDGES), rng.pick(MAGISTRATES)],
    parties: [party("USA", "Plaintiff", officeCounsel(rng, US_ATTORNEY, rng.int(1, 2))), ...defendants.map((d) => d.party)],
  });
  const w = writerFor(rng, kase, plan, "federal", 0.7);
  writeCriminal(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Plaintiff", "Defendant"], courtCode: code }), charge);
  kase.entries = w.entries;
  return kase;
}

/** An MDL: transfer orders, pretrial orders, short-form complaints and conditional transfer orders. */
export function buildMdl(env: GenEnv, rng: Rng, o: { code: string; title: string; defendant: string; target: [number, number]; docket?: string }): EmuCase {
  const plan = { ...planCase(rng, env.now, { age: [500, 1100], closeShare: 0, activeShare: 1, dense: true, sizes: [[o.target, 1]] }) };
  const court = courtName(o.code);
  const docket = o.docket ?? env.issuer.district(court, office(rng, o.code), plan.filed, "md");
  if (o.docket) env.issuer.reserve(court, o.docket);
  const plaintiffs = Array.from({ length: 6 }, () => individual(rng, env.dir, "Plaintiff").party);
  const kase = skeleton(env, plan, {
    court, docket, title: o.title, type: "Multi-District Litigation", federal: true,
    natureOfSuit: "365 Personal Inj. Prod. Liability", cause: "28:1332 Diversity-Product Liability",
    judges: [rng.pick(JUDGES)],
    parties: [...plaintiffs, party(o.defendant, "Defendant", counselFrom(rng, env.dir, 3)), party(`${shortCompany(o.defendant)} USA, LLC`, "Defendant", counselFrom(rng, env.dir, 2))],
  });
  const w = writerFor(rng, kase, plan, "federal");
  let pto = 1;
  let cto = 1;
  const ctx = makeCtx(rng, w, kase, { target: plan.target, close: false, sides: ["Plaintiff", "Defendant"], courtCode: o.code });
  w.add({ html: `TRANSFER ORDER from the Judicial Panel on Multidistrict Litigation transferring actions to this Court for coordinated or consolidated pretrial proceedings. ${ctx.clerk}`, doc: { text: `The Panel centralizes the actions in the ${court} because they share factual questions arising from allegations that ${o.defendant}'s products were defectively designed.`, pages: 4 }, gap: 0 });
  writeCivil(ctx, {
    filler: (c) => {
      const roll = c.rng.int(0, 9);
      if (roll < 5) {
        const p = person(c.rng);
        c.w.add({ html: `SHORT FORM COMPLAINT against ${c.D} filed by ${p.full}. (Member case ${c.rng.int(1, 9)}:${c.kase.docket.slice(2, 4)}-cv-${String(c.rng.int(100, 9999)).padStart(5, "0")})`, doc: { text: `${p.full} adopts the Master Complaint and alleges injuries caused by the defendants' products.`, pages: 8 } });
      } else if (roll < 8) {
        c.w.add({ html: `CONDITIONAL TRANSFER ORDER (CTO-${cto++}) from the Judicial Panel on Multidistrict Litigation transferring ${c.rng.int(2, 40)} tag-along actions. ${c.clerk}`, doc: { text: "The Panel transfers the tag-along actions listed on the schedule to this Court.", pages: 3 } });
      } else {
        c.w.add({ html: (on) => `PRETRIAL ORDER NO. ${pto++}: ${c.rng.pick(["Bellwether Selection Protocol", "Plaintiff Fact Sheet Deadlines", "Common Benefit Fund", "Deposition Protocol", "Leadership Appointments"])}. Next case management conference set for ${due(on, 30)}. ${signed(c, on)}`, doc: { text: "The Court enters this pretrial order to govern the coordinated proceedings.", pages: c.rng.int(4, 20) }, analyze: { type: "order" } });
      }
    },
  });
  kase.entries = w.entries;
  return kase;
}
