/**
 * The `/docket` command language as data: what the user typed becomes a `Command`, or a one-line
 * explanation with an example (issue 4, "Bad input gets a one-line explanation and an example").
 * Pure: no IO, no Slack.
 */
import { MAX_MATTER_CHARS, matterProblem } from "../../court/client-matter.ts";
import { parseCaseRef } from "../../court/case-refs.ts";
import type { CaseRef } from "../../court/refs.ts";
import { PACER_CASE_TYPES, type PacerSearchRequest } from "../../docket/requests.ts";
import { TRACK_FREQUENCIES, type TrackFrequency } from "../../docket/schemas/index.ts";
import { parseDeadlines } from "./deadlines-grammar.ts";
import { closestVerb } from "./did-you-mean.ts";
import { parseBudget, type BudgetCommand } from "./budget-grammar.ts";
import { clip } from "./clip.ts";

export type Command =
  | { kind: "help" }
  | { kind: "search"; query: string }
  | { kind: "pacer"; search: PacerSearchRequest; summary: string }
  | { kind: "case"; ref: CaseRef }
  | { kind: "ask"; ref: CaseRef; question: string }
  | { kind: "track"; ref: CaseRef; frequency: TrackFrequency }
  | { kind: "untrack"; ref: CaseRef }
  | { kind: "watch"; query: string; frequency: TrackFrequency }
  | { kind: "unwatch"; query: string }
  | { kind: "tracking" }
  | { kind: "matter" }
  | { kind: "matter_link"; clientMatter: string }
  | { kind: "matter_unlink"; clientMatter: string }
  | { kind: "usage"; export?: { month?: string | undefined } | undefined }
  | { kind: "alerts" }
  | { kind: "alerts_settings" }
  | { kind: "digest" }
  | { kind: "audit"; export: boolean }
  | { kind: "calendar" }
  | { kind: "deadlines"; settings?: { days?: number[] | undefined } | undefined }
  | BudgetCommand;

export type ParsedCommand = { ok: true; command: Command } | { ok: false; message: string };

export const DEFAULT_CASE_FREQUENCY: TrackFrequency = "realtime";
export const DEFAULT_SEARCH_FREQUENCY: TrackFrequency = "daily";

const EXAMPLES = {
  search: "/docket search acme widget",
  pacer: "/docket pacer Acme court:nysd type:civil nos:830 filed:2023-01-01..2023-12-31",
  case: "/docket case nysd 1:23-cv-01234",
  ask: "/docket ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?",
  track: "/docket track nysd 1:23-cv-01234 daily",
  untrack: "/docket untrack nysd 1:23-cv-01234",
  watch: '/docket watch "widget patent" weekly',
  unwatch: '/docket unwatch "widget patent"',
  matter: "/docket matter link ACME-001",
} as const;

const fail = (message: string, example?: string): ParsedCommand => ({
  ok: false,
  message: example ? `${message} Example: \`${example}\`` : message,
});

export function parseCommand(text: string, options: { siteUrl?: string } = {}): ParsedCommand {
  const trimmed = text.replace(/\s+/g, " ").trim();
  const space = trimmed.indexOf(" ");
  const verb = (space < 0 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const rest = space < 0 ? "" : trimmed.slice(space + 1).trim();
  const caseRef = (args: string, example: string) => {
    const parsed = parseCaseRef(args, options);
    // The reference parser gives its own bare example; the command's whole example replaces it (one "Example:").
    return parsed.ok ? parsed : { ...parsed, message: `${parsed.message.replace(/\s*Example:.*$/s, "")} Example: \`${example}\`` };
  };

  switch (verb) {
    case "":
    case "help":
      return { ok: true, command: { kind: "help" } };
    case "search":
      return rest ? { ok: true, command: { kind: "search", query: rest } } : fail("Tell me what to search for.", EXAMPLES.search);
    case "pacer":
      return parsePacer(rest);
    case "case":
    case "show": {
      const parsed = caseRef(rest, EXAMPLES.case);
      if (!parsed.ok) return { ok: false, message: parsed.message };
      return parsed.rest ? fail(`I didn't understand "${clip(parsed.rest)}" after the docket number.`, EXAMPLES.case) : { ok: true, command: { kind: "case", ref: parsed.ref } };
    }
    case "ask": {
      const parsed = caseRef(rest, EXAMPLES.ask);
      if (!parsed.ok) return { ok: false, message: parsed.message };
      if (!parsed.rest) return fail("Add your question after the docket number.", EXAMPLES.ask);
      return { ok: true, command: { kind: "ask", ref: parsed.ref, question: parsed.rest } };
    }
    case "track": {
      const parsed = caseRef(rest, EXAMPLES.track);
      if (!parsed.ok) return { ok: false, message: parsed.message };
      const frequency = parsed.rest ? asFrequency(parsed.rest) : DEFAULT_CASE_FREQUENCY;
      if (!frequency) return fail(`"${clip(parsed.rest)}" is not a tracking frequency: use ${TRACK_FREQUENCIES.join(", ")}.`, EXAMPLES.track);
      return { ok: true, command: { kind: "track", ref: parsed.ref, frequency } };
    }
    case "untrack": {
      const parsed = caseRef(rest, EXAMPLES.untrack);
      if (!parsed.ok) return { ok: false, message: parsed.message };
      return { ok: true, command: { kind: "untrack", ref: parsed.ref } };
    }
    case "watch": {
      const { query, frequency } = splitFrequency(rest);
      if (!query) return fail("Tell me which search to watch.", EXAMPLES.watch);
      return { ok: true, command: { kind: "watch", query, frequency: frequency ?? DEFAULT_SEARCH_FREQUENCY } };
    }
    case "unwatch": {
      const query = unquote(rest);
      return query ? { ok: true, command: { kind: "unwatch", query } } : fail("Tell me which saved search to stop.", EXAMPLES.unwatch);
    }
    case "tracking":
      return { ok: true, command: { kind: "tracking" } };
    case "usage": {
      // Issue 14 item 4: month-to-date usage, or a month's calls as a CSV (`usage export [YYYY-MM]`).
      if (!rest) return { ok: true, command: { kind: "usage" } };
      const [verb, month, ...extra] = rest.split(/\s+/);
      if (verb?.toLowerCase() !== "export" || extra.length > 0) return fail(`I didn't understand "${clip(rest)}" after \`usage\`: use \`/docket usage\` or \`/docket usage export 2026-03\`.`);
      return { ok: true, command: { kind: "usage", export: { month } } };
    }
    case "alerts":
      return parseAlerts(rest);
    case "digest":
      return rest ? fail(`\`/docket digest\` takes nothing after it; it shows this channel's digest so far.`) : { ok: true, command: { kind: "digest" } };
    case "matter":
    case "matters":
      return parseMatter(rest);
    case "budget":
    case "budgets":
      return parseBudget(rest);
    case "deadlines":
      return parseDeadlines(rest);
    case "calendar":
      // Issue 16 item 5: the channel's matters' calendar feeds (admins).
      return rest ? fail(`\`/docket calendar\` takes nothing after it; it shows this channel's matters' calendar feeds.`) : { ok: true, command: { kind: "calendar" } };
    case "audit":
      // Issue 13, item 4: the channel's matters' audit trail (admins), or the same as a CSV file.
      if (!rest) return { ok: true, command: { kind: "audit", export: false } };
      if (rest.toLowerCase() === "export") return { ok: true, command: { kind: "audit", export: true } };
      return fail(`I didn't understand "${clip(rest)}" after \`audit\`: use \`/docket audit\` or \`/docket audit export\`.`);
    default: {
      // A bare case reference or link (`/docket nysd 1:23-cv-01234`) shows the case.
      const parsed = parseCaseRef(trimmed, options);
      if (parsed.ok && !parsed.rest) return { ok: true, command: { kind: "case", ref: parsed.ref } };
      const guess = closestVerb(verb);
      return fail(guess ? `I don't know "${clip(verb)}". Did you mean \`/docket ${guess}\`? \`/docket help\` lists them all.` : `I don't know "${clip(verb)}". Try \`/docket help\`.`);
    }
  }
}

/** `alerts` (the channel's undocketed filings; delivery for admins) or `alerts settings` (issue 12, item 3). */
function parseAlerts(rest: string): ParsedCommand {
  if (!rest) return { ok: true, command: { kind: "alerts" } };
  if (rest.toLowerCase() === "settings") return { ok: true, command: { kind: "alerts_settings" } };
  return fail(`I didn't understand "${clip(rest)}" after \`alerts\`: use \`/docket alerts\` or \`/docket alerts settings\`.`);
}

function parseMatter(rest: string): ParsedCommand {
  if (!rest) return { ok: true, command: { kind: "matter" } };
  const [action, ...more] = rest.split(" ");
  const clientMatter = unquote(more.join(" "));
  const kind = action?.toLowerCase() === "link" ? "matter_link" : action?.toLowerCase() === "unlink" ? "matter_unlink" : undefined;
  if (!kind) return fail(`Use \`matter\`, \`matter link <client matter>\` or \`matter unlink <client matter>\`.`, EXAMPLES.matter);
  if (!clientMatter) return fail("Name the client matter.", EXAMPLES.matter);
  // The one rule for a client matter (court/client-matter.ts), as intake applies it to pushes: a
  // matter linked here is one a push can carry. `<` and `>` would be read as Slack markup.
  if ([...clientMatter].length > MAX_MATTER_CHARS) return fail(`A client matter is at most ${MAX_MATTER_CHARS} characters.`, EXAMPLES.matter);
  const problem = matterProblem(clientMatter);
  if (problem) return fail(`That can't be a client matter: ${problem.replace(/^client_matter /, "it ")}.`, EXAMPLES.matter);
  if (/[<>]/.test(clientMatter)) return fail("A client matter can't contain < or >.", EXAMPLES.matter);
  return { ok: true, command: { kind, clientMatter } };
}

const PACER_FILTER = /(?:^|\s)(court|type|nos|filed|first|last):("[^"]*"|\S+)/gi;

function parsePacer(rest: string): ParsedCommand {
  const search: PacerSearchRequest = {};
  const summary: string[] = [];
  const nos: string[] = [];
  for (const m of rest.matchAll(PACER_FILTER)) {
    const key = m[1]!.toLowerCase();
    const value = unquote(m[2]!);
    if (key === "court") search.court = value;
    else if (key === "first") search.firstName = value;
    else if (key === "last") search.lastName = value;
    else if (key === "nos") nos.push(...value.split(",").filter(Boolean));
    else if (key === "type") {
      const type = PACER_CASE_TYPES.find((t) => t.toLowerCase() === value.toLowerCase() || (value.toLowerCase() === "mdl" && t === "Multi-District Litigation"));
      if (!type) return fail(`"${clip(value)}" is not a case type: use ${PACER_CASE_TYPES.join(", ")}.`, EXAMPLES.pacer);
      search.caseType = type;
    } else if (key === "filed") {
      // `a..b`, `a..`, `..b`, or one day `a`.
      const range = /^(\d{4}-\d{2}-\d{2})?(\.\.)?(\d{4}-\d{2}-\d{2})?$/.exec(value);
      if (!range || (!range[1] && !range[3]) || (!range[2] && range[3])) return fail(`Write filed dates as YYYY-MM-DD..YYYY-MM-DD.`, EXAMPLES.pacer);
      // A real calendar day, said in the user's words (never the request field's name).
      const bad = [range[1], range[3]].find((d) => d !== undefined && !isCalendarDay(d));
      if (bad) return fail(`${bad} is not a date. Write filed dates as YYYY-MM-DD..YYYY-MM-DD.`, EXAMPLES.pacer);
      if (range[1]) search.dateFiledStart = range[1];
      const end = range[2] ? range[3] : range[1];
      if (end) search.dateFiledEnd = end;
    }
  }
  if (nos.length > 0) search.natureOfSuit = nos;
  // `<Acme>` is a placeholder habit, not part of a name: PACER would search for the brackets.
  const party = unquote(rest.replace(PACER_FILTER, " ").trim()).replace(/[<>]/g, "").trim();
  if (party) search.partyName = party;
  if (!search.partyName && !search.lastName && !search.natureOfSuit && !search.caseType && !search.dateFiledStart && !search.dateFiledEnd) {
    return fail("Give a party name or at least one filter.", EXAMPLES.pacer);
  }
  if (party) summary.push(`"${party}"`);
  if (search.court) summary.push(`court ${search.court}`);
  if (search.caseType) summary.push(search.caseType.toLowerCase());
  if (search.natureOfSuit) summary.push(`NOS ${search.natureOfSuit.join(", ")}`);
  if (search.dateFiledStart || search.dateFiledEnd) summary.push(`filed ${search.dateFiledStart ?? "…"} to ${search.dateFiledEnd ?? "…"}`);
  return { ok: true, command: { kind: "pacer", search, summary: summary.join(" · ") } };
}

/** YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
function isCalendarDay(iso: string): boolean {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function asFrequency(word: string): TrackFrequency | undefined {
  const w = word.trim().toLowerCase().replace(/[- ]/g, "_");
  return TRACK_FREQUENCIES.find((f) => f === w);
}

/** `"widget patent" weekly` → query and frequency; a last word that is a frequency is taken as one. */
function splitFrequency(rest: string): { query: string; frequency?: TrackFrequency } {
  const words = rest.split(" ");
  const frequency = words.length > 1 ? asFrequency(words.at(-1)!) : undefined;
  const query = unquote(frequency ? words.slice(0, -1).join(" ") : rest);
  return frequency ? { query, frequency } : { query };
}

function unquote(s: string): string {
  const t = s.trim();
  const m = /^["“”](.*)["“”]$/.exec(t);
  return (m ? m[1]! : t).trim();
}

