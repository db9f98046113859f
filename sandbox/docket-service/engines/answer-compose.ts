/**
 * Wording of ask_docket answers. The two providers phrase the same grounded finding differently
 * (the service returns one answer per provider asked, docket-data-service.md); the caller's
 * output_format picks bullets, a single sentence or JSON. Prices are a small deterministic amount
 * that grows with the text processed, within $0.01–$0.10.
 */
import type { Finding } from "./answer-intents.ts";
import { cite } from "./answer-text.ts";

export type Provider = "providerone" | "providertwo";

export function compose(f: Finding, provider: Provider, outputFormat: string, target: "docket" | "documents" | "both"): string {
  const format = outputFormat.toLowerCase();
  const sources = [...new Set(f.cites.map((c) => cite(c.entry)))];
  if (/\bjson\b/.test(format)) {
    return JSON.stringify({ answer: f.lead, details: f.details, sources, found: f.found });
  }
  if (/\b(one|single) sentence\b|\bbrief(ly)?\b|\bshort\b|\bconcise\b|\btl;?dr\b/.test(format)) {
    return provider === "providerone" ? f.lead : `In short: ${f.lead}`;
  }
  const bullets = /\bbullets?\b|\blist\b|\bpoints\b/.test(format);
  if (provider === "providerone") {
    const body = bullets ? [f.lead, ...f.details.map((d) => `• ${d}`)].join("\n") : [f.lead, ...f.details].join(" ");
    const tail = f.found
      ? sources.length ? `\n\nSources: ${sources.join("; ")}.` : ""
      : `\n\nI found nothing else in the ${where(target)} on this point.`;
    return `${body}${tail}`;
  }
  const lines = [`Short answer: ${f.lead}`];
  if (f.details.length) lines.push("", "Details:", ...f.details.map((d) => `- ${d}`));
  if (f.found && sources.length) lines.push("", `(Based on ${sources.join(", ")}.)`);
  if (!f.found) lines.push("", `Nothing in the ${where(target)} addresses this directly.`);
  return lines.join("\n");
}

function where(target: "docket" | "documents" | "both"): string {
  return target === "documents" ? "documents" : target === "both" ? "docket or its documents" : "docket";
}

export function price(question: string, answer: string, contextChars: number, provider: Provider): number {
  const chars = question.length + answer.length + contextChars;
  const rate = provider === "providertwo" ? 1.2 : 1;
  const amount = Math.min(0.1, 0.01 + (chars / 100_000) * rate);
  return Math.round(amount * 10_000) / 10_000;
}
