/**
 * The cases a Slack message names, for the shortcuts used on a message (docket_lookup,
 * docket_ask): its text, the text and links of its blocks (a person's rich_text links, a
 * docketbot case view's mrkdwn links) and of its attachments (link previews carry the URL in
 * from_url / title_link). Each piece is read on its own, so words of two pieces never pair into a
 * false reference. Bounded: a huge message is read in part. Pure.
 */
import { findCaseRefs } from "../court/case-refs.ts";
import { foreignCaseLinksIn, type ForeignCaseLink } from "../court/foreign-links.ts";
import { caseKey } from "../court/case-key.ts";
import type { CaseRef } from "../court/refs.ts";

const MAX_PIECES = 200;
const MAX_CHARS = 40_000;
const MAX_DEPTH = 12;

/** Keys whose string values are words or links a person or a preview shows. */
const READ_KEYS = new Set(["text", "url", "title", "title_link", "fallback", "pretext", "from_url", "original_url", "app_unfurl_url"]);

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every text and link of the message, in reading order. */
export function messagePieces(message: unknown): string[] {
  if (!isObj(message)) return [];
  const out: string[] = [];
  let left = MAX_CHARS;
  const add = (v: string) => {
    if (v.trim() === "" || left <= 0 || out.length >= MAX_PIECES) return;
    const piece = v.slice(0, left);
    out.push(piece);
    left -= piece.length;
  };
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || left <= 0 || out.length >= MAX_PIECES) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1));
    if (!isObj(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === "string") {
        if (READ_KEYS.has(k)) add(v);
      } else {
        walk(v, depth + 1);
      }
    }
  };
  if (typeof message.text === "string") add(message.text);
  walk(message.blocks, 0);
  walk(message.attachments, 0);
  return out;
}

/**
 * The cases one piece of Slack text names (a mention's words, a message's text), first mention
 * first, without repeats. Messages are often questions, and case-refs.ts sheds only `.,;:)]` after
 * a docket number, so `?` and `!` at the end of a word are dropped first (`… in nysd 1:23-cv-01234?`).
 */
export function caseRefsInText(text: string, siteUrl: string): CaseRef[] {
  // A PACER CM/ECF link that carries its docket number names the case too: findCaseRefs reads every
  // link through the one caseRefOfLink (case-refs.ts), as commands and unfurls do.
  return findCaseRefs(text.replace(/[?!]+(?=\s|$)/g, " "), siteUrl).map((f) => f.ref);
}

/** Case links in a message that name no docket number (CM/ECF, CourtListener): for saying so plainly. */
export function numberlessCaseLinks(message: unknown): ForeignCaseLink[] {
  return messagePieces(message).flatMap((piece) => foreignCaseLinksIn(piece)).filter((l) => !(l.court && l.docket));
}

export interface MessageRefsOptions {
  /**
   * Read the message's own text alone when it names a case, and the rest only when it names none
   * (docket_track: a case view names its case up front, and the entries under it may cite others).
   */
  textFirst?: boolean | undefined;
}

/** The cases named in a message, first mention first, without repeats. */
export function caseRefsInMessage(message: unknown, siteUrl: string, options: MessageRefsOptions = {}): CaseRef[] {
  if (options.textFirst && isObj(message) && typeof message.text === "string") {
    const own = caseRefsInText(message.text.slice(0, MAX_CHARS), siteUrl);
    if (own.length > 0) return own;
  }
  const seen = new Set<string>();
  const refs: CaseRef[] = [];
  for (const piece of messagePieces(message)) {
    for (const ref of caseRefsInText(piece, siteUrl)) {
      const key = caseKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push(ref);
    }
  }
  return refs;
}
