/**
 * Whether an entry's text records the court deciding something. Used for the two shapes of
 * entry whose type alone does not say (./significance.ts):
 * - records of a hearing (minute entries, "Hearing Held", "Disposition of Hearing"): the brief of
 *   issue "Alerts nobody misses" (item 2) makes one that RULES urgent ("Motion Granted", "OUTCOME:
 *   Order to be Submitted", "Sentencing held", "Fees awarded") and one that only records who
 *   appeared or when the matter was put over notable;
 * - requests the entry itself shows decided, as the Supreme Court dockets them ("Petition
 *   GRANTED.", "Motion to extend the time ... is granted").
 * Related-document references ("(RE: related document(s) 84 Order Confirming Plan)") describe
 * other entries, so they are removed before reading.
 */

const RULING =
  /\b(?:granted|denied|granting|denying|sustained|overruled|dismissed|dismissing|approved|approving|plan\s+(?:is\s+|was\s+)?confirmed|affirmed|reversed|vacated|remanded|revoked|stricken|sanctioned|awarded|exonerated|sentenced|sentencing\s+held|sentence\s+imposed|custody\s+of\s+(?:the\s+)?bop|judgment\s+(?:entered|for)|verdict|found\s+(?:not\s+)?guilty|plea\s+accepted|so\s+ordered|it\s+is\s+(?:hereby\s+)?ordered|court\s+orders|ordered\s+(?:that|detained|released)|detention\s+ordered|order\s+to\s+be\s+(?:submitted|entered)|(?:court|judge)\s+(?:appoints|grants|denies|orders|rules))\b/i;

/** "is granted", or a ruling word ending the sentence: "... public record Granted." */
const RULED_REQUEST =
  /\b(?:is|are|was|were|hereby)\s+(?:granted|denied|dismissed)\b|\b(?:granted|denied|dismissed)(?:\s+in\s+part|\s+as\s+moot|\s+without\s+prejudice)?\s*(?:\.|$)/i;
/** An upper-case ruling after lower-case text ("Petition GRANTED."), not an all-caps title. */
const RULED_CAPS = /[a-z][^.;]*\b(?:GRANTED|DENIED|DISMISSED)\b/;

/** Drops "(RE: related document(s) …)" and "(related document: …)", nested parentheses included. */
export function withoutRelatedReferences(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf("(", i);
    if (open < 0) break;
    if (!/^\((?:re:\s*)?related\b/i.test(text.slice(open, open + 20))) {
      out += text.slice(i, open + 1);
      i = open + 1;
      continue;
    }
    out += text.slice(i, open);
    let depth = 0;
    let j = open;
    for (; j < text.length; j++) {
      if (text[j] === "(") depth++;
      else if (text[j] === ")" && --depth === 0) break;
    }
    i = j + 1;
  }
  return out + text.slice(i);
}

/** Whether a record of a hearing records a ruling. */
export function recordsRuling(text: string): boolean {
  return RULING.test(withoutRelatedReferences(text));
}

/** Whether a request's own entry shows it decided (first sentence or so only). */
export function showsRequestRuled(text: string): boolean {
  const start = withoutRelatedReferences(text).slice(0, 300);
  return RULED_REQUEST.test(start) || RULED_CAPS.test(start);
}
