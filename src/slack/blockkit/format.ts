/** Numbers as users read them in every message (message-style.md, Words and marks). */

/** One formatter, made once: toLocaleString builds a new one on every call (a page counts several numbers). */
const GROUPED = new Intl.NumberFormat("en-US");

/** `5,000`. */
export function count(n: number): string {
  // Counts are whole numbers, grouped here as en-US groups them: the formatter costs about a
  // microsecond a call, and every page of a case view counts (npm run bench -- render).
  if (Number.isSafeInteger(n) && n > 0) return groupThousands(String(n));
  return GROUPED.format(n);
}

/** `5000` -> `5,000`: a comma before every third digit from the right. */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** `1 entry`, `3 entries`. */
export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/**
 * THE money formatter of every message (message-style.md, Money and consent; issue 25 item 5):
 * dollars and cents, `$0.03`, `$1,250.00`. A reported or counted amount is rounded to the nearest
 * cent (a non-zero amount under half a cent reads `under $0.01`, never `$0.00`); more digits only
 * in CSVs (matters/usage-csv.ts keeps the exact amounts).
 */
export function money(n: number): string {
  if (!Number.isFinite(n)) return "$0.00";
  if (n > 0 && n < 0.005) return "under $0.01";
  return dollarsAndCents(Math.round(n * 100));
}

/**
 * An amount expected, before it is spent: cents rounded UP (`$0.0197` -> `$0.02`, `$0.0201` ->
 * `$0.03`), so what was said is not less than the estimate it stands for.
 */
export function estimate(n: number): string {
  if (!Number.isFinite(n)) return "$0.00";
  // A float's noise (0.1 + 0.2) must not push an exact cent amount up a cent.
  return dollarsAndCents(Math.max(0, Math.ceil(n * 100 - 1e-6)));
}

/** `$0.02–$0.05`, or one amount when both ends read the same (`$0.02`, not `$0.02–$0.02`). */
export function moneyRange(low: number, high: number, format: (n: number) => string = money): string {
  const a = format(low);
  const b = format(high);
  return a === b ? a : `${a}–${b}`;
}

/**
 * A matter's standing against its monthly cap, for wherever spend and cap are shown together
 * (message-style.md: "A matter past its budget says so before anyone clicks"):
 * `:warning: *over budget* by $0.02`, `:warning: *at its budget*`, or "" when under it or uncapped.
 */
export function budgetStanding(spent: number, cap: number | undefined): string {
  if (cap === undefined || !Number.isFinite(cap) || !Number.isFinite(spent)) return "";
  if (spent > cap) return `:warning: *over budget* by ${money(spent - cap)}`;
  if (spent === cap && cap > 0) return ":warning: *at its budget*";
  return "";
}

function dollarsAndCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  return `${sign}$${whole.toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}
