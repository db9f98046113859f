/**
 * Reading PostgreSQL rows into records. bigint columns (ids, times in ms, micro-dollars, counts)
 * arrive as numbers: the pool's type parser (types.ts) turns int8 into a number once, for every
 * query, and refuses one past Number.MAX_SAFE_INTEGER instead of rounding it.
 */
import type { Row } from "./sql.ts";

export function text(row: Row, column: string): string {
  const v: unknown = row[column];
  if (typeof v !== "string") throw new Error(`column ${column}: expected text, got ${v === null ? "null" : typeof v}`);
  return v;
}

export function int(row: Row, column: string): number {
  const v: unknown = row[column];
  if (typeof v === "number" && Number.isFinite(v)) return v;
  throw new Error(`column ${column}: expected an integer, got ${v === null ? "null" : typeof v}`);
}

export function bool(row: Row, column: string): boolean {
  const v: unknown = row[column];
  if (typeof v !== "boolean") throw new Error(`column ${column}: expected a boolean, got ${v === null ? "null" : typeof v}`);
  return v;
}

export function optText(row: Row, column: string): string | undefined {
  return row[column] == null ? undefined : text(row, column);
}

export function optInt(row: Row, column: string): number | undefined {
  return row[column] == null ? undefined : int(row, column);
}

/** A text column that must hold one of `values` (a CHECK constraint's list). */
export function oneOf<T extends string>(row: Row, column: string, values: readonly T[]): T {
  const v = text(row, column);
  const found = values.find((x) => x === v);
  if (found === undefined) throw new Error(`column ${column}: unexpected value ${v}`);
  return found;
}
