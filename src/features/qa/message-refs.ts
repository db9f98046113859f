/**
 * The cases a Slack message names, for the `docket_ask` shortcut: its text and the text and links
 * of its blocks and attachments (a case view posted by docketbot carries its case link there, and a
 * person's message carries links in rich_text elements). Bounded: a huge message is read in part.
 */
import type { CaseRef } from "../../court/refs.ts";
import { caseRefsInText } from "./question-text.ts";

const MAX_CHARS = 20_000;
const MAX_DEPTH = 12;

function collect(value: unknown, out: string[], depth: number, budget: { left: number }): void {
  if (budget.left <= 0 || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const v of value) collect(v, out, depth + 1, budget);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if ((k === "text" || k === "url" || k === "title_link" || k === "fallback") && typeof v === "string") {
      const piece = v.slice(0, budget.left);
      out.push(piece);
      budget.left -= piece.length;
    } else if (typeof v === "object") {
      collect(v, out, depth + 1, budget);
    }
  }
}

export function caseRefsInMessage(message: { text?: string | undefined; blocks?: unknown; attachments?: unknown }, siteUrl: string): CaseRef[] {
  const parts: string[] = [];
  const budget = { left: MAX_CHARS };
  if (typeof message.text === "string") {
    parts.push(message.text.slice(0, MAX_CHARS));
    budget.left -= parts[0]!.length;
  }
  collect(message.blocks, parts, 0, budget);
  collect(message.attachments, parts, 0, budget);
  return caseRefsInText(parts.join("\n"), siteUrl);
}
