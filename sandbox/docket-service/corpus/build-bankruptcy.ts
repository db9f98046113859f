/**
 * Bankruptcy cases: consumer chapter 7 and 13 cases, business chapter 11 cases, and the corpus's
 * mega case (thousands of entries). Claims registers are generated alongside.
 */
import { planCase, courtName, skeleton, writerFor, type GenEnv, type PlanOptions } from "./case-plan.ts";
import { writeConsumer } from "./bankruptcy-script.ts";
import { writeChapter11 } from "./chapter11-script.ts";
import { company, shortCompany, US_TRUSTEE } from "./companies.ts";
import { addDays, fmtDate } from "./dates.ts";
import { esc } from "./html.ts";
import { JUDGES, TRUSTEES, person } from "./names.ts";
import { counselFrom, individual, officeCounsel, party } from "./parties.ts";
import type { Rng } from "./random.ts";
import { makeCtx, money } from "./script-kit.ts";
import type { EmuCase } from "./types.ts";

const BANKS = ["Granite Financial, LLC", "Harborview Auto Credit Corp.", "Keystone Mortgage Servicing, Inc.", "Cobalt Card Services, N.A.", "Summit Federal Credit Union"] as const;

export function buildConsumer(env: GenEnv, rng: Rng, code: string, chapter: "7" | "13"): EmuCase {
  const plan = planCase(rng, env.now, { age: [30, 2200], closeShare: chapter === "7" ? 0.7 : 0.35, sizes: [[[4, 12], 40], [[12, 35], 45], [[35, 80], 15]] });
  const court = courtName(code);
  const debtor = individual(rng, env.dir, "Debtor", 0.15);
  const trusteeName = rng.pick(TRUSTEES);
  const bank = rng.pick(BANKS);
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.bankruptcy(court, plan.filed),
    title: `In re: ${debtor.person.full}`,
    type: "Bankruptcy",
    federal: true,
    chapter,
    judges: [rng.pick(JUDGES)],
    parties: [
      debtor.party,
      party(trusteeName, "Trustee", [{ name: trusteeName, firm: `Chapter ${chapter} Trustee`, lead: true, prose: false }]),
      party("U.S. Trustee", "U.S. Trustee", officeCounsel(rng, US_TRUSTEE)),
      party(bank, "Creditor", counselFrom(rng, env.dir, 1)),
    ],
  });
  const w = writerFor(rng, kase, plan, "federal");
  writeConsumer(makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Debtor", "Creditor"], courtCode: code }), chapter, esc(trusteeName), esc(bank));
  kase.entries = w.entries;
  kase.claims = claimsFor(rng, plan.filed, [bank, ...Array.from({ length: 6 }, () => company(rng))], rng.int(2, 12));
  return kase;
}

export interface Ch11Spec {
  code: string;
  debtor?: string;
  plan?: Partial<PlanOptions>;
  claims?: number;
  etAl?: boolean;
}

export function buildChapter11(env: GenEnv, rng: Rng, s: Ch11Spec): EmuCase {
  const plan = planCase(rng, env.now, { age: [60, 2000], closeShare: 0.35, sizes: [[[30, 120], 60], [[120, 400], 40]], ...s.plan });
  const court = courtName(s.code);
  const debtor = s.debtor ?? company(rng);
  const creditors = Array.from({ length: 12 }, () => company(rng));
  const professionals = Array.from({ length: 5 }, () => counselFrom(rng, env.dir, 1)[0]!.firm!);
  const committee = "Official Committee of Unsecured Creditors";
  const kase = skeleton(env, plan, {
    court,
    docket: env.issuer.bankruptcy(court, plan.filed),
    title: `In re: ${debtor}${(s.etAl ?? rng.chance(0.6)) ? ", et al." : ""}`,
    type: "Bankruptcy",
    federal: true,
    chapter: "11",
    judges: [rng.pick(JUDGES)],
    parties: [
      party(debtor, "Debtor", counselFrom(rng, env.dir, 3)),
      party(committee, "Creditor Committee", counselFrom(rng, env.dir, 2)),
      party("U.S. Trustee", "U.S. Trustee", officeCounsel(rng, US_TRUSTEE)),
      ...creditors.slice(0, 5).map((c) => party(c, "Creditor", counselFrom(rng, env.dir, 1))),
    ],
  });
  const w = writerFor(rng, kase, plan, "federal", 0.85);
  const ctx = makeCtx(rng, w, kase, { target: plan.target, close: plan.close, sides: ["Debtor", "Creditor Committee"], courtCode: s.code });
  writeChapter11(ctx, { committee: esc(committee), professionals: professionals.map(esc), creditors: creditors.map(esc) });
  kase.entries = w.entries;
  kase.claims = claimsFor(rng, plan.filed, creditors, s.claims ?? rng.int(10, 60));
  if (rng.chance(0.3)) kase.extraInfo = { jointly_administered: true, lead_case: kase.docket };
  return kase;
}

/** A claims register: `Claim #n filed by X, Amount claimed: $y`. */
export function claimsFor(rng: Rng, filed: number, creditors: readonly string[], count: number): EmuCase["claims"] {
  const kinds = [["Unsecured", 60], ["Secured", 20], ["Priority", 12], ["Administrative", 8]] as const;
  return Array.from({ length: count }, (_, i) => {
    const creditor = rng.pick(creditors);
    const amount = money(rng, 200, 4_000_000);
    const claim: EmuCase["claims"][number] = {
      type: rng.weighted(kinds),
      description: `Claim #${i + 1} filed by ${creditor}, Amount claimed: ${amount}`,
      code: String(i + 1),
      date: fmtDate(addDays(filed, rng.int(10, 120))),
    };
    const disposition = rng.weighted([["", 60], ["Allowed", 20], ["Withdrawn", 8], ["Disallowed", 7], ["Expunged", 5]] as const);
    if (disposition) claim.disposition = disposition;
    return claim;
  });
}

/** The corpus's mega case: a chapter 11 with 5,000+ entries (the size of a real mega docket). */
export function buildMegaChapter11(env: GenEnv, rng: Rng): EmuCase {
  const debtor = "Meridian Health Systems, Inc.";
  const kase = buildChapter11(env, rng, {
    code: "txsb",
    debtor,
    plan: { age: [700, 760], closeShare: 0, activeShare: 1, dense: true, sizes: [[[5_400, 5_600], 1]] },
    claims: 400,
    etAl: true,
  });
  kase.extraInfo = { jointly_administered: true, lead_case: kase.docket, affiliates: 37 };
  return kase;
}

export function debtorName(rng: Rng): string {
  return rng.chance(0.5) ? person(rng).full : shortCompany(company(rng));
}
