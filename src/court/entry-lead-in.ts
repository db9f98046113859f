/**
 * Whether the text before a match is only a lead-in, so the match is what the entry begins with
 * (./filing-kinds.ts). Docket clerks and filers put status marks, modifiers and the filer's name
 * before the type: "**SEALED DOCUMENT**", "[INCORRECT EVENT DOCKETED; ...]", "AMENDED", "Joint",
 * "Consent", "Third", "TIME SENSITIVE", "DOCKET TEXT", "Filed (ECF)", "Form 13", "EP:",
 * "Defendant Jason Furtado's", "Annora Pharma Private Limited, ..., Inc.'s" (fixtures/real-dockets),
 * and a tag that arrived double-encoded ("<b>").
 *
 * Read left to right with sticky patterns, one token at a time and no backtracking between them,
 * so the cost is linear in the lead-in's length (at most the classifier's window).
 */

const PUNCTUATION = /[\s*#\-–—:;,.()"'“”‘’[\]{}|/\\+_~!?]+/y;
const BRACKETED = /\[[^\]]{0,160}\]/y;
// A tag that reached us as text (double-encoded HTML: `&lt;b&gt;ORDER&lt;/b&gt;`).
const TAG_TEXT = /<\/?[a-z][a-z0-9]{0,9}\s*>/iy;
const WORD = new RegExp(
  "(?:sealed|unsealed|redacted|restricted|amended|corrected|revised|supplemental|joint|consent|agreed|" +
    "stipulated|unopposed|opposed|assented\\s+to|emergency|urgent|expedited|time\\s+sensitive|streamlined|" +
    "renewed|cross|counter|limited|partial|interim|further|final|initial|combined|modified|additional|" +
    "evidentiary|civil|criminal|status|in\\s+limine|and|usms|chapter\\s+\\d{1,2}|rule\\s+\\d{1,4}(?:\\.\\d+)?|" +
    "sent\\s+to\\s+bnc\\s+for\\s+mailing|debtors?[\\s-]+in[\\s-]+possession|" +
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\\d{1,2}(?:st|nd|rd|th)|" +
    "docket\\s+text|filed|e-?filed|received|lodged|ex\\s*parte|verified|certified|true|copy\\s+of|the|" +
    "court'?s?|clerk'?s?|electronic(?:ally)?|ecf|document|form\\s+\\d{1,3}[a-z]?|ep|" +
    "(?:debtor|plaintiff|defendant|trustee|appellant|appellee|petitioner|respondent|creditor|movant|" +
    "government|intervenor|claimant|party|parties)s?|united\\s+states(?:\\s+of\\s+america)?|usa|u\\.?s\\.?)" +
    "(?![\\w'’])",
  "iy",
);
// A filer's name ending in a possessive ("The United States of America's", "Midwest Industrial
// Supply Inc.'s", "APPELLANT'S"): capitalised words and the few lower-case ones names carry, so a
// possessive later in a sentence ("Satisfaction of Judgment for $22,000 on Plaintiff's Motion")
// is not taken for a name. Case-sensitive on purpose.
const POSSESSIVE = /(?:(?:[A-Z0-9][\w.&,'’-]*|of|and|the|de|&)\s+){0,15}?[A-Z][\w.&,-]*(?:'s|s'|’s|s’)(?![\w])/y;

const TOKENS = [PUNCTUATION, BRACKETED, TAG_TEXT, WORD, POSSESSIVE] as const;

export function isLeadIn(text: string): boolean {
  let at = 0;
  while (at < text.length) {
    let next = -1;
    for (const token of TOKENS) {
      token.lastIndex = at;
      if (token.test(text)) {
        next = token.lastIndex;
        break;
      }
    }
    if (next <= at) return false;
    at = next;
  }
  return true;
}
