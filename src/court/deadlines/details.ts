/**
 * Where and before whom an event sits, from the words after its date (issue 16: "Status
 * Conference set for 9/15/2025 10:00 AM before Judge X", "Motion Hearing set for ... in Courtroom
 * 14A", "at Crtrm 5B, 411 W Fourth St."). Optional: a mention without them is still a mention.
 */

const PLACE =
  /^\s*[,-]?\s*(?:(?:in|at)\s+)((?:the\s+)?(?:Courtroom|Crtrm|Ctrm|Court ?room|Room|Rm\.?|Chambers|Courthouse|[A-Z][a-z]+(?: [A-Z][a-z]+)*,? Courtroom)[^;()]{0,70}?)(?=\s+before\b|\s*[;()]|\.\s|\.$|\s+for\b|$)/;
const JUDGE =
  /\bbefore\s+((?:(?:the\s+)?(?:Honorable|Hon\.|U\.\s?S\.|US|United States|Chief|Senior|District|Magistrate|Bankruptcy|Duty)\s+)*Judge\s+(?:[A-Z][A-Za-z'’-]+|[A-Z]\.)(?:\s+(?:[A-Z][A-Za-z'’-]+|[A-Z]\.|(?:Jr|Sr|II|III)\.?)){0,4})/;
const BY_PHONE = /^\s*[,-]?\s*(?:by\s+(?:telephone|phone|video(?:conference)?|zoom)|telephonically|via\s+(?:zoom|video(?:conference)?|telephone))\b/i;

/** The courtroom or address right after a date, if one is given. */
export function placeAfter(after: string): string | undefined {
  const phone = BY_PHONE.exec(after);
  if (phone) return phone[0].replace(/^[\s,-]+/, "");
  const m = PLACE.exec(after.slice(0, 200));
  return m ? m[1]!.replace(/[\s,]+$/, "") : undefined;
}

/** "Judge Dana M. Sabraw" when the words after a date say before whom it is. */
export function judgeAfter(after: string): string | undefined {
  // Only within the date's own sentence (". " ends it, but an initial such as "M." does not).
  const sentence = after.slice(0, 200).split(/(?<![A-Z]|\b(?:Hon|Jr|Sr|St|Mr|Ms|Dr))\.\s|;/)[0] ?? "";
  const m = JUDGE.exec(sentence);
  return m ? m[1]!.replace(/\.$/, "").trim() : undefined;
}
