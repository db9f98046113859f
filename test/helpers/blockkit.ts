/**
 * Every Block Kit payload a test produces goes through both checks (DEVELOPERS.md, Testing): the
 * independent validator in ../shared/tools/blockkit (Slack's schema plus message rules) and our own
 * checkMessageLimits (Slack's limits, the ~12k block-text ceiling, the `text` fallback). A user's
 * clone has no ../shared: then only our checker runs, and the suite says so once.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkMessageLimits, checkViewLimits, type MessageLike } from "../../src/slack/blockkit/limits.ts";

type Validate = (payload: unknown) => { valid: boolean; errors: string[] };

const validatorUrl = new URL("../../../shared/tools/blockkit/validate-blocks.mjs", import.meta.url);

async function loadSharedValidator(): Promise<Validate | undefined> {
  if (!existsSync(fileURLToPath(validatorUrl))) return undefined;
  const mod = (await import(validatorUrl.href)) as {
    validate?: Validate;
    createBlockKitValidator?: (deps: { Ajv2020: unknown; addFormats: unknown }) => Validate;
  };
  // The README shows a ready `validate`; the module itself exports a factory taking Ajv.
  if (typeof mod.validate === "function") return mod.validate;
  if (typeof mod.createBlockKitValidator !== "function") throw new Error(`${validatorUrl.pathname} exports no validator`);
  const [Ajv2020, addFormats] = await Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]);
  return mod.createBlockKitValidator({ Ajv2020, addFormats });
}

/** The shared validator, or undefined when ../shared is absent. */
export const sharedValidator: Validate | undefined = await loadSharedValidator();

let warned = false;
function warnOnce(): void {
  if (sharedValidator || warned) return;
  warned = true;
  console.warn(
    "Block Kit: ../shared/tools/blockkit is absent, so payloads are checked only by our own " +
      "checkMessageLimits/checkViewLimits (src/render/limits.ts), not by the independent schema validator.",
  );
}

function fail(kind: string, problems: string[], payload: unknown): never {
  const summary = JSON.stringify(payload).slice(0, 600);
  throw new Error(`${kind} is not valid Block Kit:\n  - ${problems.join("\n  - ")}\n(payload starts ${summary}…)`);
}

/** Problems of a message from both checkers; [] when valid. */
export function messageProblems(payload: MessageLike): string[] {
  warnOnce();
  const schema = sharedValidator ? sharedValidator({ text: payload.text, blocks: payload.blocks ?? [] }) : undefined;
  return [...(schema?.errors ?? []).map((e) => `schema ${e}`), ...checkMessageLimits(payload)];
}

/** Problems of a modal or Home view from both checkers; [] when valid. */
export function viewProblems(view: Record<string, unknown>): string[] {
  warnOnce();
  const schema = sharedValidator ? sharedValidator(view) : undefined;
  return [...(schema?.errors ?? []).map((e) => `schema ${e}`), ...checkViewLimits(view)];
}

/** Fails with every problem, one per line, when `payload` is not a message Slack would accept. */
export function expectValidMessage(payload: MessageLike): void {
  const problems = messageProblems(payload);
  if (problems.length > 0) fail("Message", problems, payload);
}

/** Fails with every problem when `view` is not a modal or Home view Slack would accept. */
export function expectValidView(view: Record<string, unknown>): void {
  const problems = viewProblems(view);
  if (problems.length > 0) fail("View", problems, view);
}
