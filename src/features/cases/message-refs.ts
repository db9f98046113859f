/**
 * The cases a Slack message names, for the lookup shortcut: its text, its attachments (link
 * previews carry the URL in from_url / title_link) and the links inside its rich-text blocks.
 * Each piece is read on its own, so words of two pieces never pair into a false reference. Pure.
 */
import { findCaseRefs } from "../../court/case-refs.ts";
import { normalizeDocket, type CaseRef } from "../../court/refs.ts";

const MAX_PIECES = 200;
const MAX_PIECE = 20_000;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every text and link of the message, in reading order. */
export function messagePieces(message: unknown): string[] {
  if (!isObj(message)) return [];
  const out: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === "string" && v.trim() !== "" && out.length < MAX_PIECES) out.push(v.slice(0, MAX_PIECE));
  };
  add(message.text);
  const walk = (node: unknown, depth: number): void => {
    if (depth > 12 || out.length >= MAX_PIECES) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    if (!isObj(node)) return;
    if (node.type === "link") add(node.url);
    for (const [k, v] of Object.entries(node)) if (k === "elements" || k === "text") walk(v, depth + 1);
  };
  walk(message.blocks, 0);
  if (Array.isArray(message.attachments)) {
    for (const a of message.attachments) {
      if (!isObj(a)) continue;
      for (const k of ["from_url", "original_url", "title_link", "app_unfurl_url", "title", "pretext", "text", "fallback"]) add(a[k]);
    }
  }
  return out;
}

/** The cases named in a message, first mention first, without repeats. */
export function caseRefsInMessage(message: unknown, siteUrl: string): CaseRef[] {
  const seen = new Set<string>();
  const refs: CaseRef[] = [];
  for (const piece of messagePieces(message)) {
    for (const { ref } of findCaseRefs(piece, siteUrl)) {
      const key = `${ref.court.toLowerCase()}\u0000${normalizeDocket(ref.docket)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push(ref);
    }
  }
  return refs;
}
