/**
 * Named cases with a job to do: hostile texts that the bot's sanitiser must neutralise (DEVELOPERS.md:
 * everything the service returns is untrusted), and brand-new cases with no or almost no entries.
 */
import { buildCivil } from "./build-federal.ts";
import type { GenEnv } from "./case-plan.ts";
import { addDays, startOfDay } from "./dates.ts";
import { createDocketWriter, nextNumber } from "./docket-writer.ts";
import type { Rng } from "./random.ts";
import { makeCtx, signed } from "./script-kit.ts";
import type { EmuCase } from "./types.ts";

export const HOSTILE_PARTY = "<!channel> Holdings LLC";

/** Filler that makes an entry longer than Slack's 3,000-character section limit. */
function longText(): string {
  const sentence =
    "The Court has considered the parties' submissions, the record, and the applicable law, and for the reasons stated on the record at the conference the objections are overruled in part and sustained in part. ";
  return sentence.repeat(Math.ceil(3_100 / sentence.length)).trim();
}

export function buildHostile(env: GenEnv, rng: Rng): EmuCase {
  const kase = buildCivil(env, rng, {
    code: "ded",
    plaintiff: HOSTILE_PARTY,
    defendant: "Initech Software & Services, Inc.",
    plan: { age: [200, 300], closeShare: 0, activeShare: 1, sizes: [[[12, 16], 1]] },
  });
  const today = startOfDay(env.now);
  const w = createDocketWriter({
    rng, kase, start: addDays(today, -6), end: addDays(today, -1), pace: 1, style: "federal",
    entries: kase.entries, firstNumber: nextNumber(kase.entries),
  });
  const c = makeCtx(rng, w, kase, { target: kase.entries.length + 6, close: false, sides: ["Plaintiff", "Defendant"], courtCode: "ded" });
  w.add({
    html: `NOTICE by ${c.P} re: status. @here please review <@U12345> and <!everyone> before Friday; also &lt;!channel&gt; and &lt;@U99999&gt;.${c.pFiler}`,
    doc: { text: "@here <!channel> <@U12345> Plaintiff asks every reader to review the status notice immediately.", pages: 1 },
  });
  w.add({
    html: `LETTER addressed to Judge ${c.judge} from counsel. Details at <a href="https://evil.example/phish">click</a> and <a href="javascript:alert(1)">here</a>; the docket is at <a href="/cases/Delaware_District_Court/${kase.docket.replace(/:/g, "--")}/">this link</a>.${c.dFiler}`,
    doc: { text: "Counsel refers the Court to materials available at https://evil.example/phish.", pages: 2 },
  });
  w.add({
    html: `MOTION to Strike *bold*_underscores_~tilde~ and \`code\` \`\`\`block\`\`\` &gt; quote. Document filed by ${c.D}.${c.dFiler}`,
    doc: { text: "Defendant moves to strike the *bold* _underscored_ ~struck~ passages of the notice.", pages: 3 },
    analyze: { type: "motion" },
  });
  w.add({
    html: (on) => `MEMORANDUM ORDER: ${longText()} ${signed(c, on)}`,
    doc: { text: longText(), pages: 12 },
    analyze: { type: "order", outcome: "granted in part" },
  });
  kase.entries = w.entries;
  return kase;
}

/** Brand-new cases: filed in the last days, with zero, one or two entries so far. */
export function buildFresh(env: GenEnv, rng: Rng, entries: 0 | 1 | 2, code: string): EmuCase {
  const kase = buildCivil(env, rng, {
    code,
    plan: { age: [1, 3], closeShare: 0, activeShare: 1, sizes: [[[Math.max(1, entries), Math.max(1, entries)], 1]] },
  });
  if (entries === 0) {
    kase.entries = [];
    return kase;
  }
  kase.entries = kase.entries.slice(0, entries);
  return kase;
}

/** A patent case between two named companies (Acme's Texas case). */
export function buildNamedPatent(env: GenEnv, rng: Rng, code: string, plaintiff: string, defendant: string, close: boolean): EmuCase {
  return buildCivil(env, rng, {
    code,
    patent: true,
    plaintiff,
    defendant,
    product: "wireless charging widgets",
    plan: { age: [900, 1300], closeShare: close ? 1 : 0, activeShare: close ? 0 : 1, sizes: [[[70, 110], 1]] },
  });
}
