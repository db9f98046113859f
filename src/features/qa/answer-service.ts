/**
 * Asking the docket service about a case (spec, GET VIDA/ask_docket/) and reading its answer into
 * what the renderer shows: one answer per provider and part (docket, documents), the entries it was
 * based on (show_relevant), the price and how fresh the case data was. Not Slack-specific.
 */
import type { DocketClient } from "../../docket/client.ts";
import type { CallOptions } from "../../docket/requests.ts";
import type { AskDocketResponse, ProviderAnswers } from "../../docket/schemas/index.ts";
import type { AnswerPart, CitedEntry } from "./views/answer.ts";
import type { QuestionTarget } from "./views/question.ts";
import { citedEntries } from "./cited-entries.ts";

/**
 * The answer's format, in words (spec: output_format is "natural-language description of the
 * answer format"). Slack shows plain text best; entry numbers are what the thread links to.
 */
export const OUTPUT_FORMAT =
  "Plain text for a litigation team reading in Slack: lead with the direct answer, then the supporting facts. " +
  "Cite every docket entry you rely on by its number (#N) and date. No tables, no HTML.";

export interface CaseAnswer {
  parts: AnswerPart[];
  cited: CitedEntry[];
  price: number | undefined;
  dateCached: string | undefined;
  /** Providers that answered, in order (for the stored turn). */
  providers: string[];
}

const PROVIDERS = ["providerone", "providertwo"] as const;

function partsOf(source: AnswerPart["source"], answers: ProviderAnswers | undefined): AnswerPart[] {
  if (!answers) return [];
  const out: AnswerPart[] = [];
  for (const provider of PROVIDERS) {
    const text = answers[`${provider}_answer`];
    if (typeof text === "string") out.push({ source, provider, text });
  }
  return out;
}

/** The response, read: answers from the docket first, then from the documents. */
export function readAnswer(res: AskDocketResponse): CaseAnswer {
  const parts = [...partsOf("docket", res.from_dockets), ...partsOf("documents", res.from_documents)];
  const cited = [...citedEntries(res.from_dockets?.relevant ?? []), ...citedEntries(res.from_documents?.relevant ?? [])];
  return {
    parts,
    cited,
    price: res.price,
    dateCached: res.date_cached,
    providers: [...new Set(parts.map((p) => p.provider))],
  };
}

export interface AskInput {
  court: string;
  docket: string;
  /** What is sent as `question` (with a follow-up's earlier turns: follow-up.ts). */
  question: string;
  target: QuestionTarget;
}

/** One ask_docket call on the stored case (cached=true: no live pull, no court fees). */
export async function askAboutCase(docket: DocketClient, input: AskInput, options: CallOptions): Promise<CaseAnswer> {
  const { data } = await docket.askDocket(
    { court: input.court, docket: input.docket, question: input.question, target: input.target, outputFormat: OUTPUT_FORMAT, showRelevant: true },
    options,
  );
  return readAnswer(data);
}
