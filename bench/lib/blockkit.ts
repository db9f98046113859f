/**
 * Both Block Kit checks for the rendering figure: the independent validator in
 * ../shared/tools/blockkit (Slack's schema plus message rules; it exports a factory taking Ajv) and
 * our own checkMessageLimits (src/render/limits.ts). Loaded the way test/helpers/blockkit.ts loads
 * it, without importing the tests' helpers. Without ../shared (a user's clone) only ours runs, and
 * the report says so.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { checkMessageLimits, type MessageLike } from "../../src/render/limits.ts";

type Validate = (payload: unknown) => { valid: boolean; errors: string[] };

export const sharedDir = new URL("../../../shared/", import.meta.url);
const validatorUrl = new URL("tools/blockkit/validate-blocks.mjs", sharedDir);

async function loadSharedValidator(): Promise<Validate | undefined> {
  if (!existsSync(fileURLToPath(validatorUrl))) return undefined;
  const mod = (await import(validatorUrl.href)) as {
    validate?: Validate;
    createBlockKitValidator?: (deps: { Ajv2020: unknown; addFormats: unknown }) => Validate;
  };
  if (typeof mod.validate === "function") return mod.validate;
  if (typeof mod.createBlockKitValidator !== "function") throw new Error(`${validatorUrl.pathname} exports no validator`);
  const [Ajv2020, addFormats] = await Promise.all([import("ajv/dist/2020.js"), import("ajv-formats")]);
  return mod.createBlockKitValidator({ Ajv2020, addFormats });
}

export const sharedValidator: Validate | undefined = await loadSharedValidator();

/** Problems of a message from both checkers; [] when valid. */
export function messageProblems(payload: MessageLike): string[] {
  const schema = sharedValidator ? sharedValidator({ text: payload.text, blocks: payload.blocks ?? [] }) : undefined;
  return [...(schema?.errors ?? []).map((e) => `schema ${e}`), ...checkMessageLimits(payload)];
}
