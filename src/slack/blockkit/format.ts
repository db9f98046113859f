/** Numbers as users read them in every message (message-style.md, Words and marks). */

/** `5,000`. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** `1 entry`, `3 entries`. */
export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}
