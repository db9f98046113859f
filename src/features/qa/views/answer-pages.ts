/**
 * Long answers in Slack: a section holds at most 3,000 characters and a message roughly 12,000 of
 * block text (limits.ts), and an AI answer can be longer than either. splitMrkdwn cuts mrkdwn made
 * by toMrkdwn into section-sized pieces without breaking it; packPages puts sections into as few
 * messages as fit, the first of which replaces the "working" placeholder and the rest follow it in
 * the thread (message-style.md, Answers; issue 4: "long content is paged").
 */
import type { Block } from "../../../slack/blockkit/blocks.ts";
import { blockTextLength } from "../../../slack/blockkit/limits.ts";
import { openLinkStart, safeHardCut } from "../../../slack/blockkit/truncate.ts";

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/**
 * A hard cut at or before `max` that splits no link, escape or surrogate pair. A piece must not be
 * empty (the split would never end), so where no safe cut exists the cut is at `max`: splitMrkdwn
 * has already turned every link longer than max/2 into its label, so no whole link spans it.
 */
function pieceHardCut(s: string, max: number): number {
  const at = safeHardCut(s, max);
  return at > 0 ? at : max;
}

/**
 * The end of the last whole sentence of `s` within `max` characters (after its closing mark and
 * any closing quote or bracket), outside any link; -1 when there is none past `min`.
 */
export function lastSentenceEnd(s: string, max: number, min = 0): number {
  const re = /[.!?]["'”’)\]]*(?=\s|$)/g;
  let best = -1;
  for (let m = re.exec(s); m && m.index + m[0].length <= max; m = re.exec(s)) {
    const end = m.index + m[0].length;
    // "No. 5", "v. Globex", "Inc. v.": an abbreviation or a single letter is not a sentence's end.
    const word = /(\S+)$/.exec(s.slice(0, m.index + 1))?.[1] ?? "";
    if (/^(?:No|Nos|v|vs|Inc|Corp|Co|Ltd|Mr|Mrs|Ms|Dr|Hon|Fed|Civ|Cir|[A-Z]|\d+)\.$/.test(word)) continue;
    if (end > min && openLinkStart(s, end) < 0) best = end;
  }
  return best;
}

/**
 * Where to cut `s` (longer than `max`): a blank line, a line break, a sentence's end, a space, else
 * a safe point. A piece ends where a reader would pause; the next piece continues the text.
 */
function cutPoint(s: string, max: number): { at: number; midLine: boolean } {
  for (const sep of ["\n\n", "\n"]) {
    const at = s.lastIndexOf(sep, max - sep.length);
    if (at > max / 3) return { at, midLine: false };
  }
  const sentence = lastSentenceEnd(s, max, max / 3);
  if (sentence > 0) return { at: sentence, midLine: true };
  let at = s.lastIndexOf(" ", max - 1);
  while (at > 0) {
    const link = openLinkStart(s, at);
    if (link < 0) break;
    at = s.lastIndexOf(" ", link - 1);
  }
  if (at > max / 3) return { at, midLine: true };
  return { at: pieceHardCut(s, max), midLine: true };
}

/** `*` / `_` markers left open on the last line of `kept` (toMrkdwn keeps bold and italics per line). */
function openMarkers(kept: string): string {
  const line = kept.slice(kept.lastIndexOf("\n") + 1);
  let stars = 0;
  let unders = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "*") stars++;
    else if (line[i] === "_" && !(isWordChar(line[i - 1]) && isWordChar(line[i + 1]))) unders++;
  }
  return (stars % 2 === 1 ? "*" : "") + (unders % 2 === 1 ? "_" : "");
}

/**
 * mrkdwn into pieces of at most `max` characters, cut at paragraph breaks, then line breaks, then
 * spaces, never inside a link or an escape. A bold or italic run cut mid-line is closed at the end
 * of one piece and reopened at the start of the next, so both render. (Only a link longer than
 * max/2 loses its target, keeping its label: with Slack's 3,000 a section, that is a 1,500-char URL.)
 */
export function splitMrkdwn(text: string, max: number): string[] {
  if (!Number.isFinite(max) || max < 8) throw new RangeError(`max must be at least 8, got ${max}`);
  const out: string[] = [];
  // A link longer than half a piece keeps its label only, so that every link fits whole somewhere.
  let rest = text.trim().replace(/<([^<>|]*)\|([^<>]*)>/g, (link, _url: string, label: string) => (link.length > max / 2 ? label : link));
  while (rest.length > max) {
    const { at, midLine } = cutPoint(rest, max - 2); // room to close up to two markers
    let kept = rest.slice(0, at).trimEnd();
    let next = rest.slice(at).trimStart();
    if (midLine) {
      const open = openMarkers(kept);
      if (open) {
        kept += [...open].reverse().join("");
        next = open + next;
      }
    }
    if (kept !== "") out.push(kept);
    rest = next;
  }
  if (rest !== "") out.push(rest);
  return out;
}

export interface PageBudget {
  /** Block text per message (under Slack's ~12,000). */
  blockText: number;
  /** Blocks per message (under Slack's 50). */
  blocks: number;
}

/**
 * Sections into pages: each page as full as `budget` allows, `trailer` (sources, price) on the last
 * one. Every block must fit a page on its own (callers split text first).
 */
export function packPages(body: readonly Block[], trailer: readonly Block[], budget: PageBudget): Block[][] {
  const pages: Block[][] = [[]];
  let text = 0;
  for (const block of body) {
    const cost = blockTextLength(block);
    const page = pages[pages.length - 1]!;
    if (page.length > 0 && (text + cost > budget.blockText || page.length + 1 > budget.blocks)) {
      pages.push([block]);
      text = cost;
    } else {
      page.push(block);
      text += cost;
    }
  }
  const last = pages[pages.length - 1]!;
  const trailerText = blockTextLength(trailer);
  if (last.length > 0 && (text + trailerText > budget.blockText || last.length + trailer.length > budget.blocks)) {
    pages.push([...trailer]);
  } else {
    last.push(...trailer);
  }
  return pages;
}
