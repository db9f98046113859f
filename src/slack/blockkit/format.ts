/** Numbers as users read them in every message (message-style.md, Words and marks). */

/** `5,000`. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** `1 entry`, `3 entries`. */
export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/**
 * `$0.02`, `$12.50`; sub-cent AI prices keep their digits (`$0.015`, `$0.0109`: the service prices
 * to the hundredth of a cent), so the view's totals equal the export's to the digit.
 */
export function money(n: number): string {
  const cents = Math.round(n * 100) / 100;
  const digits = Math.abs(n - cents) >= 0.000_05 ? n.toFixed(4).replace(/0$/, "") : cents.toFixed(2);
  const [whole, fraction] = digits.split(".");
  return `$${Number(whole).toLocaleString("en-US")}.${fraction}`;
}
