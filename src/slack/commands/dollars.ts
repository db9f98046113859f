/**
 * A dollar amount as a person types it in a command (`$500`, `500`, `1,250.50`, `$0.05`): cents at
 * most, no negatives, no exponents, at most $1,000,000 (a monthly cap above that is a typo, not a
 * budget). Pure; the command grammar turns a refusal into a sentence with an example.
 */
export const DOLLARS_MAX = 1_000_000;

export type DollarsParse = { ok: true; dollars: number } | { ok: false; why: string };

const AMOUNT = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

export function parseDollars(raw: string): DollarsParse {
  const s = raw.trim();
  const m = AMOUNT.exec(s);
  if (!m) return { ok: false, why: `"${s.slice(0, 20)}" is not an amount in dollars and cents` };
  const cents = Number(m[1]!.replace(/,/g, "")) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
  if (cents > DOLLARS_MAX * 100) return { ok: false, why: `$${s.replace(/^\$/, "")} is more than the $1,000,000 a budget may be` };
  return { ok: true, dollars: cents / 100 };
}
