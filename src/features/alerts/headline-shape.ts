/**
 * What a posted headline looks like, read back from its blocks for re-rendering it after a click
 * (issue 12, item 4): whether the message is a headline at all (a filing can be carried by a
 * plain thread reply, which must never be turned into a headline), the counts riding in its last
 * block_id, and the order its filings are shown in (block_id `filing:<id>`), so a re-render keeps
 * the order the outbox chose. The blocks are untrusted (from a payload or the history).
 */
import { FILING_BLOCK, headlineCounts, type HeadlineCounts } from "./views/alert-controls.ts";

export interface HeadlineShape {
  counts: HeadlineCounts;
  /** Filing ids in the order shown. */
  order: number[];
}

const blockIds = (blocks: unknown): string[] =>
  (Array.isArray(blocks) ? blocks : []).flatMap((b) => {
    const id = typeof b === "object" && b !== null ? (b as { block_id?: unknown }).block_id : undefined;
    return typeof id === "string" ? [id] : [];
  });

export function headlineShape(blocks: unknown): HeadlineShape | undefined {
  const ids = blockIds(blocks);
  if (!ids.some((id) => id.startsWith(FILING_BLOCK.counts))) return undefined;
  const order = ids.flatMap((id) => {
    if (!id.startsWith(FILING_BLOCK.filing)) return [];
    const raw = id.slice(FILING_BLOCK.filing.length);
    return /^[1-9]\d{0,15}$/.test(raw) ? [Number(raw)] : [];
  });
  return { counts: headlineCounts(blocks), order };
}

/** `filings` in the order the headline showed them; any it did not show go last, as given. */
export function inShownOrder<T extends { id: number }>(filings: readonly T[], order: readonly number[]): T[] {
  const rank = new Map(order.map((id, i) => [id, i] as const));
  return [...filings].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || 0);
}
