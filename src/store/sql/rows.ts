/**
 * Reading rows into records, once for both databases. SQLite hands integers back as numbers (or
 * bigints past 2^53), booleans as 0/1; node-postgres hands int8 back as a number (the pool's type
 * parser, postgres/types.ts, refuses one past Number.MAX_SAFE_INTEGER) and booleans as booleans.
 * A value of the wrong type is a bug or a corrupt row: it throws rather than guessing.
 */
import type { Row } from "./statement.ts";

export function text(row: Row, column: string): string {
  const v = row[column];
  if (typeof v !== "string") throw new Error(`column ${column}: expected text, got ${v === null ? "null" : typeof v}`);
  return v;
}

export function int(row: Row, column: string): number {
  const v = row[column];
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "bigint" && v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER)) return Number(v);
  throw new Error(`column ${column}: expected an integer, got ${v === null ? "null" : typeof v}`);
}

export function bool(row: Row, column: string): boolean {
  const v = row[column];
  if (typeof v === "boolean") return v;
  if (v === 0 || v === 1 || v === 0n || v === 1n) return v === 1 || v === 1n;
  throw new Error(`column ${column}: expected a boolean, got ${v === null ? "null" : typeof v}`);
}

export function optText(row: Row, column: string): string | undefined {
  return row[column] == null ? undefined : text(row, column);
}

export function optInt(row: Row, column: string): number | undefined {
  return row[column] == null ? undefined : int(row, column);
}

export function optBool(row: Row, column: string): boolean | undefined {
  return row[column] == null ? undefined : bool(row, column);
}

/** A text column that must hold one of `values` (a CHECK constraint's list). */
export function oneOf<T extends string>(row: Row, column: string, values: readonly T[]): T {
  const v = text(row, column);
  const found = values.find((x) => x === v);
  if (found === undefined) throw new Error(`column ${column}: unexpected value ${v}`);
  return found;
}
