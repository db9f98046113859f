/**
 * `/docket budget` (issue 14 items 2 and 3): the channel's matters' caps and spend; `budget set
 * MATTER $CAP [ask-above $PRICE]` and `budget clear MATTER` (admins, checked by the handler).
 * Amounts as people type them (dollars.ts). Pure.
 */
import { clip } from "./clip.ts";
import { parseDollars } from "./dollars.ts";

export type BudgetCommand =
  | { kind: "budget" }
  | { kind: "budget_set"; clientMatter: string; monthlyCap: number; askAbove?: number | undefined }
  | { kind: "budget_clear"; clientMatter: string };

/** What parseBudget gives (a member of grammar.ts's ParsedCommand; typed here to keep grammar.ts the only importer). */
export type ParsedBudget = { ok: true; command: BudgetCommand } | { ok: false; message: string };

const failBudget = (message: string, example?: string): ParsedBudget => ({ ok: false, message: example ? `${message} Example: \`${example}\`` : message });

const BUDGET_EXAMPLE = "/docket budget set ACME-001 $500 ask-above $0.25";

/**
 * `budget` (the channel's matters' caps and spend), `budget set MATTER $CAP [ask-above $PRICE]` and
 * `budget clear MATTER` (issue 14 items 2 and 3; admins only, checked by the handler).
 */
export function parseBudget(rest: string): ParsedBudget {
  if (!rest) return { ok: true, command: { kind: "budget" } };
  const [verb, matter, ...args] = rest.split(/\s+/);
  const action = verb!.toLowerCase();
  if (action === "clear" || action === "remove") {
    if (!matter || args.length > 0) return failBudget("Name the one matter whose budget to clear.", "/docket budget clear ACME-001");
    return { ok: true, command: { kind: "budget_clear", clientMatter: matter } };
  }
  if (action !== "set") return failBudget(`I didn't understand "${clip(rest)}" after \`budget\`: use \`/docket budget\`, \`budget set\` or \`budget clear\`.`, BUDGET_EXAMPLE);
  if (!matter || args.length === 0) return failBudget("Name the matter and its monthly cap.", BUDGET_EXAMPLE);
  const cap = parseDollars(args[0]!);
  if (!cap.ok) return failBudget(`${cap.why}: write the monthly cap like $500 or $1,250.50.`, BUDGET_EXAMPLE);
  if (args.length === 1) return { ok: true, command: { kind: "budget_set", clientMatter: matter, monthlyCap: cap.dollars } };
  const keyword = args[1]!.toLowerCase();
  if (args.length !== 3 || (keyword !== "ask-above" && keyword !== "ask_above")) {
    return failBudget(`After the cap I only understand \`ask-above $PRICE\` (questions and searches expected to cost more ask first).`, BUDGET_EXAMPLE);
  }
  const askAbove = parseDollars(args[2]!);
  if (!askAbove.ok) return failBudget(`${askAbove.why}: write the ask-first price like $0.25.`, BUDGET_EXAMPLE);
  return { ok: true, command: { kind: "budget_set", clientMatter: matter, monthlyCap: cap.dollars, askAbove: askAbove.dollars } };
}
