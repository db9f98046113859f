/**
 * The deterministic Q&A engine behind `VIDA/ask_docket/`. It finds what in the case answers the
 * question (a known kind of question read straight from the case data, else BM25 over entry texts
 * and/or document texts) and words an answer that cites entries as `Entry #42 (3/3/2026)`. It says
 * nothing the case data does not say; when nothing is relevant it says so. Sealed documents are
 * never read, so they are never quoted. A question carrying earlier turns is answered for its last
 * question, the turns read only as context (answer-conversation.ts).
 */
import type { EmuCase } from "../corpus/types.ts";
import { latestActivity, nextDeadline } from "./answer-dates.ts";
import { compose, price, type Provider } from "./answer-compose.ts";
import { counsel, filedDate, judge, latestOrder, meeting341, motionStatus, patents, status, type Finding, type Intent } from "./answer-intents.ts";
import { passagesOf, rank, type Scored } from "./answer-retrieve.ts";
import { cite, excerpt, terms } from "./answer-text.ts";
import { readConversation } from "./answer-conversation.ts";
import { orderDuties } from "./answer-order-duties.ts";

export type AskTarget = "docket" | "documents" | "both";
export type { Provider };

export interface AskInput {
  kase: EmuCase;
  question: string;
  target: AskTarget;
  provider: Provider;
  /** The caller's natural-language format request ("bullet points", "one sentence", "JSON"). */
  outputFormat?: string;
  /** "Now" for deadline questions; default: the newest entry's date. */
  now?: number;
}

export interface RelevantItem {
  number?: string;
  date: string;
  /** The entry's contents, HTML as on the docket. */
  contents: string;
  /** The passage of the entry's document the answer used (never from a sealed document). */
  document?: string;
}

export interface AskAnswer {
  answer: string;
  relevant: RelevantItem[];
  price: number;
}

const INTENTS: readonly Intent[] = [orderDuties, motionStatus, latestOrder, meeting341, counsel, patents, nextDeadline, filedDate, judge, latestActivity, status];

export function answerQuestion(input: AskInput): AskAnswer {
  const sent = typeof input.question === "string" ? input.question.slice(0, 4_000) : "";
  // The last question is answered; earlier turns are context only (answer-conversation.ts).
  const conversation = readConversation(sent);
  const question = conversation.question.slice(0, 2_000);
  const q = question.toLowerCase().replace(/\s+/g, " ");
  const target: AskTarget = input.target === "documents" || input.target === "both" ? input.target : "docket";
  let finding: Finding | undefined;
  if (target !== "documents") {
    for (const intent of INTENTS) {
      finding = intent(input.kase, q, input.now);
      if (finding) break;
    }
  }
  if (!finding) {
    finding = retrieve(input.kase, question, target);
    // A vague follow-up ("and what about the other one?") reads the earlier questions for its subject.
    if (!finding.found && conversation.earlierQuestions.length > 0) {
      const withContext = retrieve(input.kase, `${question} ${conversation.earlierQuestions.at(-1)}`, target);
      if (withContext.found) finding = withContext;
    }
  } else if (target === "both") addDocuments(input.kase, question, finding);
  const answer = compose(finding, input.provider, input.outputFormat ?? "", target);
  const relevant = finding.cites.map(({ entry, document }): RelevantItem => {
    const item: RelevantItem = { date: entry.date, contents: entry.contents };
    if (entry.number !== undefined) item.number = entry.number;
    if (document) item.document = document;
    return item;
  });
  return { answer, relevant, price: price(question, answer, relevant.reduce((n, r) => n + r.contents.length + (r.document?.length ?? 0), 0), input.provider) };
}

/** Passages must share at least half of the question's terms (and one, at least) to count. */
function relevantHits(hits: Scored[], wanted: number): Scored[] {
  const need = Math.max(1, Math.ceil(wanted * 0.5));
  return hits.filter((h) => h.matched >= need);
}

function retrieve(kase: EmuCase, question: string, target: AskTarget): Finding {
  const qTerms = [...new Set(terms(question))];
  const pool = passagesOf(kase);
  const passages = target === "docket" ? pool.docket : target === "documents" ? pool.documents : [...pool.docket, ...pool.documents];
  const hits = relevantHits(rank(passages, qTerms), qTerms.length).slice(0, 3);
  const where = target === "documents" ? "The documents on file do" : "The docket does";
  if (hits.length === 0) return { lead: `${where} not say anything about ${topic(question)}.`, details: [], cites: [], found: false };
  // The answer names what was asked (issue 25 item 1): a passage alone under "the most relevant
  // entry" read as an answer to some other question.
  const [top, ...rest] = hits as [Scored, ...Scored[]];
  const say = (h: Scored): string =>
    h.passage.source === "document" ? `the document filed at ${cite(h.passage.entry)} says: "${excerpt(h.passage.text, 260)}"` : `${cite(h.passage.entry)}: ${excerpt(h.passage.text, 260)}`;
  const cites = dedupe(hits).map((h) => {
    const c: Finding["cites"][number] = { entry: h.passage.entry };
    if (h.passage.source === "document") c.document = excerpt(h.passage.text, 400);
    return c;
  });
  const kind = top.passage.source === "document" ? "document" : "entry";
  const asked = excerpt(question.trim().replace(/\s+/g, " "), 160);
  return { lead: `For “${asked}”, the most relevant ${kind} is ${say(top)}`, details: rest.map((h) => `Also ${say(h)}`), cites, found: true };
}

function addDocuments(kase: EmuCase, question: string, finding: Finding): void {
  const qTerms = [...new Set(terms(question))];
  const hits = relevantHits(rank(passagesOf(kase).documents, qTerms), qTerms.length).slice(0, 2);
  for (const h of hits) {
    const text = excerpt(h.passage.text, 400);
    finding.details.push(`The document filed at ${cite(h.passage.entry)} says: "${excerpt(h.passage.text, 200)}"`);
    finding.cites.push({ entry: h.passage.entry, document: text });
  }
}

function dedupe(hits: Scored[]): Scored[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.passage.entry.number ?? h.passage.entry.date}|${h.passage.source}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the question is about, for "does not say anything about …". */
function topic(question: string): string {
  const about = /\babout (.+?)[?.!]*$/i.exec(question.trim());
  const text = about?.[1] ?? question.replace(/^\s*(?:(?:what|when|who|where|why|how|which|is|are|was|were|has|have|had|did|does|do|can|could|will|would|the|a|an)\b\s*)+/i, "").replace(/[?.!]+$/, "");
  const t = excerpt(text.trim(), 120);
  return t ? `“${t}”` : "that";
}
