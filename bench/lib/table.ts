/** A plain-text table for the terminal (and the same rows as markdown for the README). */
import type { Tracked } from "./history.ts";

export interface Row {
  figure: string;
  result: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: "met" | "MISSED" | "info";
  /** The ratio as a number, for regression tracking across runs (history.ts). */
  tracked?: Tracked;
}

const COLUMNS: Exclude<keyof Row, "tracked">[] = ["figure", "result", "baseline", "ratio", "target", "verdict"];

export function textTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ");
  return [line(COLUMNS), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map((r) => line(COLUMNS.map((c) => r[c])))].join("\n");
}

export function markdownTable(rows: readonly Row[]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(COLUMNS), line(COLUMNS.map(() => "---")), ...rows.map((r) => line(COLUMNS.map((c) => r[c].replace(/\|/g, "\\|"))))].join("\n");
}

/** Any grid of cells (the stores side by side), as text or markdown. */
export function gridText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) => widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n");
}

export function gridMarkdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
