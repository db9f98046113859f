/**
 * `search_results` and `new_case` pushes (spec: Events) as a channel message (message-style.md,
 * Alerts): `:new: 3 new cases match "widget patent"`, then one line per case (the identity line,
 * filing date and what matched) with View and Track buttons. Many results split into several
 * messages; past `maxMessages` the rest is summarised with the search's own link.
 */
import { actions, button, context, section, type Block, type ButtonElement, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate } from "../../../court/labels.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { siteLink, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { caseButtonValue, type AlertRenderOptions } from "./case-root.ts";
import { DEFAULT_MAX_MESSAGES } from "./docket-alert.ts";
import { packCapped, partLabel } from "./pack.ts";

export interface NewCase {
  title: string;
  court: string;
  docket: string;
  date_filed?: string | undefined;
  nature_of_suit?: string | undefined;
  party_name?: string | undefined;
  party_role?: string | undefined;
}

export type NewCasesModel =
  | {
      kind: "search_results";
      /** The saved search's query, and its title (either may be absent). */
      q?: string | undefined;
      title?: string | undefined;
      /** The search on the service's site. */
      link?: string | undefined;
      cases: readonly NewCase[];
    }
  | {
      kind: "new_case";
      partyName?: string | undefined;
      natureOfSuit: readonly string[];
      cases: readonly NewCase[];
    };

export interface NewCasesOptions extends AlertRenderOptions {
  maxMessages?: number | undefined;
}

const FOOT = { reserveText: 600, reserveBlocks: 3 };
const QUERY_MAX = 120;

/** What matched, as mrkdwn and as plain text: `"widget patent"`, `party "Acme", nature of suit 830`. */
function matched(m: NewCasesModel, siteUrl: string): { mrkdwn: string; plain: string } {
  if (m.kind === "search_results") {
    const words = m.q ?? m.title;
    const plain = words && toPlainText(words) !== "" ? `"${toPlainText(words, QUERY_MAX)}"` : "your saved search";
    const md = words && toPlainText(words) !== "" ? `"${toMrkdwnLine(words, QUERY_MAX)}"` : "your saved search";
    const linked = m.link ? siteLink(m.link, md, { siteUrl }) : md;
    return { mrkdwn: linked || md, plain };
  }
  const parts: { md: string; plain: string }[] = [];
  if (m.partyName && toPlainText(m.partyName) !== "") {
    parts.push({ md: `party "${toMrkdwnLine(m.partyName, QUERY_MAX)}"`, plain: `party "${toPlainText(m.partyName, QUERY_MAX)}"` });
  }
  const nos = m.natureOfSuit.filter((n) => toPlainText(n) !== "").join(", ");
  if (nos !== "") parts.push({ md: `nature of suit ${toMrkdwnLine(nos, QUERY_MAX)}`, plain: `nature of suit ${toPlainText(nos, QUERY_MAX)}` });
  if (parts.length === 0) return { mrkdwn: "your tracked search", plain: "your tracked search" };
  return { mrkdwn: parts.map((p) => p.md).join(", "), plain: parts.map((p) => p.plain).join(", ") };
}

function headline(n: number, what: string): string {
  return `:new: ${n === 0 ? "New cases" : plural(n, "new case", "new cases")} ${n === 1 ? "matches" : "match"} ${what}`;
}

/** One case: its identity line, then `Filed 3/1/2026 · 830 Patent · Plaintiff: Acme Corp`; View and Track. */
function caseGroup(c: NewCase, position: number, siteUrl: string): Block[] {
  const facts = [
    courtDate(c.date_filed) ? `Filed ${toMrkdwnLine(courtDate(c.date_filed)!)}` : "",
    c.nature_of_suit ? toMrkdwnLine(c.nature_of_suit, 80) : "",
    c.party_name ? `${c.party_role ? `${toMrkdwnLine(c.party_role, 40)}: ` : ""}${toMrkdwnLine(c.party_name, 120)}` : "",
  ].filter((s) => s !== "");
  const identity = caseIdentity({ title: c.title, court: c.court, docket: c.docket }, { siteUrl });
  const blocks: Block[] = [section(facts.length > 0 ? `${identity}\n${facts.join(" · ")}` : identity)];
  const value = caseButtonValue(c.court, c.docket);
  if (value) {
    const buttons: ButtonElement[] = [
      button({ text: "View", actionId: actionId(ACTION.viewCase, position), value }),
      button({ text: "Track", actionId: actionId(ACTION.trackCase, position), value }),
    ];
    blocks.push(actions(buttons));
  }
  return blocks;
}

function notification(what: string, cases: readonly NewCase[], part: string): string {
  const n = cases.length;
  const head = `${n === 0 ? "New cases" : plural(n, "new case", "new cases")} ${n === 1 ? "matches" : "match"} ${what}`;
  const first = cases[0] ? `: ${caseIdentityText(cases[0], 100)}` : "";
  const more = n > 1 ? ` and ${count(n - 1)} more` : "";
  return `${head}${first}${more}${part ? ` (${part})` : ""}`;
}

export function renderNewCases(m: NewCasesModel, opts: NewCasesOptions): MessagePayload[] {
  const maxMessages = Math.max(1, Math.floor(opts.maxMessages ?? DEFAULT_MAX_MESSAGES));
  const what = matched(m, opts.siteUrl);
  const groups = m.cases.map((c, i) => caseGroup(c, i, opts.siteUrl));
  const { packed, omitted } = packCapped(groups, FOOT, maxMessages);

  return packed.map((msg, i) => {
    const part = partLabel(i, packed.length);
    const head = i === 0 ? headline(m.cases.length, what.mrkdwn) : `:new: ${what.mrkdwn}, continued`;
    const blocks: Block[] = [section(part ? `${head} (${part})` : head), ...msg.flat()];
    if (i === packed.length - 1 && omitted > 0) {
      const link = m.kind === "search_results" && m.link ? siteLink(m.link, "the search", { siteUrl: opts.siteUrl }) : "";
      blocks.push(context(`…and ${plural(omitted, "more case", "more cases")}${link ? `: see ${link}` : ""}.`));
    }
    if (m.cases.length === 0) blocks.push(context("The alert listed no cases."));
    return { text: notification(what.plain, m.cases, part), blocks };
  });
}
