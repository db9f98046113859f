import { parseDate } from "./corpus/dates.ts";
import { appendLiveEntries } from "./corpus/live.ts";
import type { EmuCase } from "./corpus/types.ts";
import { searchCorpus } from "./engines/search.ts";
import type { Answer, Engines, PacerFilters, PacerResult } from "./engines.ts";

/**
 * The real engines bound to the server's Engines interface.
 * TEMPORARY THIN ADAPTER for searchPacer, pacerOptions and answer: ./engines/pacer.ts and
 * ./engines/answer.ts are being written concurrently; until they land, these minimal stand-ins keep
 * the server whole. Replace each with the real module.
 */
export const defaultEngines: Engines = {
  search: (corpus, q, opts) => searchCorpus(corpus, q, opts),

  searchPacer(corpus, filters, page, caseLink) {
    const hits: PacerResult[] = [];
    for (const k of corpus.cases) {
      if (!k.federal || !matchesPacer(k, filters)) continue;
      const party = partyMatch(k, filters);
      if ((filters.party_name || filters.last_name) && !party) continue;
      hits.push({
        title: k.title,
        court: k.court,
        docket: k.docket,
        date_filed: isoOf(k.dateFiled),
        link: caseLink(k),
        ...(k.natureOfSuit && k.type !== "Bankruptcy" ? { nature_of_suit: k.natureOfSuit.split(" ")[0] } : {}),
        ...(k.dateTerminated ? { date_terminated: isoOf(k.dateTerminated) } : {}),
        ...(party ? { party_name: party.name, party_role: party.type } : {}),
      });
    }
    const pageMax = Math.max(1, Math.ceil(hits.length / 50));
    return { page_max: pageMax, results: hits.slice((page - 1) * 50, page * 50) };
  },

  pacerOptions(corpus) {
    const federal = corpus.cases.filter((k) => k.federal);
    return {
      courts: [...new Set(federal.map((k) => k.court))].sort(),
      court_regions: ["1st Circuit", "2nd Circuit", "3rd Circuit", "9th Circuit", "D.C. Circuit"],
      nature_of_suits: [...new Set(federal.flatMap((k) => (k.natureOfSuit ? [k.natureOfSuit.split(" ")[0]!] : [])))].sort(),
      case_types: ["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"],
    };
  },

  answer({ kase, question, target, provider }): Answer {
    const words = question.toLowerCase().split(/\W+/).filter((w) => w.length > 3);
    const relevant = kase.entries
      .filter((e) => target === "docket" || e.document)
      .filter((e) => words.some((w) => e.contents.toLowerCase().includes(w)))
      .slice(-3)
      .map((e) => ({ ...(e.number ? { number: e.number } : {}), date: e.date, contents: e.contents }));
    const answer = `${provider}: ${kase.title} has ${kase.entries.length} docket entries; ${relevant.length} relate to the question.`;
    return { answer, relevant, price: 0.02 };
  },

  appendLiveEntries,
};

function matchesPacer(k: EmuCase, f: PacerFilters): boolean {
  if (f.case_type && k.type.toLowerCase() !== f.case_type.toLowerCase()) return false;
  if (f.nature_of_suit?.length && !f.nature_of_suit.some((c) => k.natureOfSuit?.startsWith(c))) return false;
  const filed = parseDate(k.dateFiled);
  if (f.date_filed_start && filed < parseDate(f.date_filed_start)) return false;
  if (f.date_filed_end && filed > parseDate(f.date_filed_end)) return false;
  return true;
}

function partyMatch(k: EmuCase, f: PacerFilters) {
  const name = (f.party_name ?? f.last_name ?? "").toLowerCase();
  if (!name) return undefined;
  return k.parties.find((p) => p.name.toLowerCase().includes(name));
}

function isoOf(mdy: string): string {
  const ms = parseDate(mdy);
  return Number.isNaN(ms) ? mdy : new Date(ms).toISOString().slice(0, 10);
}
