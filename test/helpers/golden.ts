/**
 * Golden files: what every view renders, kept next to its test in `__goldens__/`, so a reviewer sees
 * what a change does to what users read.
 *
 * Each golden case stores two files (vitest file snapshots, `toMatchFileSnapshot`):
 *   - `<view>-<case>.json`: the payload exactly as we hand it to Slack (`JSON.stringify(payload, null, 2)`),
 *     button `value`s included, so codec changes show;
 *   - `<view>-<case>.txt`: what a user reads, one block per line (goldenText below).
 *
 * Updating: a golden changes only when what users see changes. Run the one test file with `-u`:
 *     npx vitest run test/features/<feature>/views/<view>.test.ts -u
 * and commit the changed goldens with the change that caused them. A golden diff is reviewed like
 * code: if a refactor that should not change output changes a golden, that is a bug to report, not a
 * file to regenerate. Fixtures must be deterministic (fixed dates, no Date.now or random).
 */
import { expect } from "vitest";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (isObj(v) && typeof v.text === "string" ? v.text : typeof v === "string" ? v : undefined);

/** Continuation lines of a multi-line text, indented under their label. */
function indent(text: string, by = "  "): string {
  return text.split("\n").join(`\n${by}`);
}

function confirmLines(c: unknown, pad: string): string[] {
  if (!isObj(c)) return [];
  const words = [str(c.title), str(c.text)].filter((s): s is string => s !== undefined);
  return [`${pad}confirm: ${words.map((w) => indent(w, `${pad}  `)).join(" — ")} [${str(c.confirm) ?? "?"}] [${str(c.deny) ?? "?"}]`];
}

function elementLines(e: unknown, pad: string): string[] {
  if (!isObj(e)) return [];
  if (e.type === "button") {
    const extras = [e.style ? `(${String(e.style)})` : "", e.url ? `→ ${String(e.url)}` : ""].filter(Boolean).join(" ");
    return [`${pad}button: [${str(e.text) ?? ""}]${extras ? ` ${extras}` : ""}`, ...confirmLines(e.confirm, `${pad}  `)];
  }
  const lines = [`${pad}${String(e.type)}${e.placeholder ? `: "${str(e.placeholder)}"` : ""}`];
  if (typeof e.initial_value === "string") lines.push(`${pad}  initial: ${indent(e.initial_value, `${pad}    `)}`);
  const initial = isObj(e.initial_option) ? e.initial_option.value : undefined;
  const options = Array.isArray(e.options) ? e.options : [];
  for (const o of options) {
    if (!isObj(o)) continue;
    const mark = initial !== undefined && o.value === initial ? "(•)" : "( )";
    const desc = str(o.description);
    lines.push(`${pad}  ${mark} ${str(o.text) ?? ""}${desc ? ` — ${desc}` : ""}`);
  }
  return lines;
}

function blockLines(b: unknown): string[] {
  if (!isObj(b)) return [String(b)];
  switch (b.type) {
    case "header":
      return [`header: ${str(b.text) ?? ""}`];
    case "divider":
      return ["divider"];
    case "section": {
      const lines: string[] = [];
      const text = str(b.text);
      if (text !== undefined) lines.push(`section: ${indent(text)}`);
      for (const f of Array.isArray(b.fields) ? b.fields : []) lines.push(`  field: ${indent(str(f) ?? "", "    ")}`);
      if (text === undefined && lines.length === 0) lines.push("section:");
      lines.push(...elementLines(b.accessory, "  "));
      return lines;
    }
    case "context":
      return (Array.isArray(b.elements) ? b.elements : []).map((e) => `context: ${indent(str(e) ?? `(${isObj(e) ? String(e.type) : "?"})`)}`);
    case "actions":
      return ["actions:", ...(Array.isArray(b.elements) ? b.elements : []).flatMap((e) => elementLines(e, "  "))];
    case "input": {
      const hint = str(b.hint);
      return [`input: ${str(b.label) ?? ""}${b.optional ? " (optional)" : ""}`, ...(hint ? [`  hint: ${indent(hint, "    ")}`] : []), ...elementLines(b.element, "  ")];
    }
    default:
      return [`${String(b.type)}: ${JSON.stringify(b)}`];
  }
}

function viewLines(v: unknown): string[] {
  if (Array.isArray(v)) {
    // A list of messages (a split alert or answer), or a bare list of blocks.
    if (v.every((m) => isObj(m) && Array.isArray(m.blocks))) {
      return v.flatMap((m, i) => [...(i > 0 ? [""] : []), `=== message ${i + 1} of ${v.length} ===`, ...viewLines(m)]);
    }
    return v.flatMap(blockLines);
  }
  if (!isObj(v)) return [String(v)];
  const head: string[] = [];
  if (v.type === "modal" || v.type === "home") {
    head.push(`${String(v.type)}: ${str(v.title) ?? ""}`.trimEnd());
    const buttons = [v.submit ? `submit [${str(v.submit)}]` : "", v.close ? `close [${str(v.close)}]` : ""].filter(Boolean);
    if (buttons.length > 0) head.push(buttons.join(" · "));
  }
  if (typeof v.text === "string") head.push(`notification: ${indent(v.text)}`);
  if (isObj(v.confirm) && isObj(v.deny)) head.push(...confirmLines(v, "")); // a ConfirmDialog on its own
  const blocks = Array.isArray(v.blocks) ? v.blocks : [];
  return [...head, "----", ...blocks.flatMap(blockLines)];
}

/** What a user reads in a message, modal, Home view, list of messages or list of blocks. */
export function goldenText(payload: unknown): string {
  return `${viewLines(payload).join("\n")}\n`;
}

/** The payload exactly as handed to Slack, pretty-printed. */
export function goldenJson(payload: unknown): string {
  return `${JSON.stringify(payload, null, 2)}\n`;
}

/**
 * Matches `payload` against `<name>.json` and `<name>.txt`. Paths resolve against the calling test
 * file's folder (vitest resolves file snapshots from the test file), so pass `./__goldens__/<view>-<case>`.
 */
export async function expectGoldens(payload: unknown, name: string): Promise<void> {
  await expect(goldenJson(payload)).toMatchFileSnapshot(`${name}.json`);
  await expect(goldenText(payload)).toMatchFileSnapshot(`${name}.txt`);
}
