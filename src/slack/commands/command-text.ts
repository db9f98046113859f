/**
 * What the user typed, from a slash command's `text` as Slack sends it. Slack escapes `&`, `<` and
 * `>` in that text as `&amp;`, `&lt;` and `&gt;` (docs.slack.dev, Formatting text: escaping), and
 * writes what it recognised as links, user, channel and group mentions in its own `<…>` forms
 * (`<https://…|label>`, `<@U123|ann>`, `<#C123|acme>`, `<!subteam^S1>`). Decoding happens once,
 * here at the edge (issue 15 item 3: `/docket watch "AT&T merger"` saved `AT&amp;T merger`), and
 * only outside Slack's own forms: those stay as Slack wrote them, so the grammar still tells a
 * pasted link from a `<` the user typed, and their insides keep their own escaping.
 */
const SLACK_FORM = /<(?:[@#!][^<>\s][^<>]*|(?:https?|mailto|tel):[^<>\s][^<>]*)>/g;
const ESCAPE = /&(amp|lt|gt);/g;
const CHAR: Record<string, string> = { amp: "&", lt: "<", gt: ">" };

const decode = (s: string) => s.replace(ESCAPE, (_, name: string) => CHAR[name]!);

export function commandText(raw: string): string {
  let out = "";
  let last = 0;
  for (const m of raw.matchAll(SLACK_FORM)) {
    out += decode(raw.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + decode(raw.slice(last));
}
