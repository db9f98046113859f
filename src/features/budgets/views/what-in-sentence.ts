/**
 * A held action's name ("This PACER search", "Refresh from court") inside a sentence: its first
 * letter lowered only, so names keep their case ("this PACER search", not "this pacer search"). Pure.
 */
export function whatInSentence(what: string): string {
  return what.replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase());
}
