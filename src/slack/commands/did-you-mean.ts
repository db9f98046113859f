/** "Did you mean `/docket search`?" for a mistyped verb (issue 15 item 10). Pure. */

const VERBS = ["help", "search", "pacer", "case", "ask", "track", "untrack", "watch", "unwatch", "tracking", "usage", "alerts", "digest", "matter", "audit", "calendar", "deadlines", "budget"] as const;

/** The verb a typo most likely meant (`serch` -> `search`): edit distance at most 2, and less than half the word. */
export function closestVerb(word: string): string | undefined {
  if (word.length < 3 || word.length > 20) return undefined;
  let best: { verb: string; d: number } | undefined;
  for (const verb of VERBS) {
    const d = editDistance(word, verb);
    if (d <= 2 && d < verb.length / 2 && (!best || d < best.d)) best = { verb, d };
  }
  return best?.verb;
}

/** Levenshtein distance with adjacent transpositions (`trakc` is one edit from `track`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
    }
  }
  return rows[a.length]![b.length]!;
}
