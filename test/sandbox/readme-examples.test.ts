/**
 * The examples the README and `/docket help` give a newcomer return results in the sandbox (issue
 * 14 item 7): `/docket search acme widget` finds the flagship Acme Widgets case (the emulator's
 * search treats simple plurals as a full-text search does), and the PACER example finds cases
 * after its one confirmation. Each example is read from the README, so the two cannot drift.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Block } from "../../sandbox/slack/types.ts";
import { renderHelp } from "../../src/features/help/views/help.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const example = (re: RegExp): string => {
  const m = re.exec(README);
  if (!m?.[1]) throw new Error(`no example matching ${re} in the README`);
  return m[1];
};
const SEARCH = example(/\| `\/docket (search [^`]+)` \|/);
const PACER = example(/\| `\/docket (pacer [^`]+)` \|/);

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

const helpText = JSON.stringify(renderHelp({ qaEnabled: true, isAdmin: true, matters: ["ACME-001"] }));
type Button = { action_id: string; text: { text: string } };
const buttons = (blocks: Block[] | undefined): Button[] => (blocks ?? []).flatMap((b) => (b.type === "actions" ? (b.elements as Button[]) : []));

describe("README and help examples in the sandbox", () => {
  it(`/docket ${SEARCH} finds the flagship case (and help gives the same example)`, async () => {
    expect(SEARCH).toBe("search acme widget");
    expect(helpText).toContain(`/docket ${SEARCH}`);
    const d = await h.slack.sendCommand({ text: SEARCH, user: ADMIN, channel: ACME_CHANNEL });
    const reply = await h.slack.waitFor(() => h.slack.responses.find((p) => p.url === d.responseUrl), { what: "the search results" }).catch(() => undefined);
    const shown = JSON.stringify(reply?.body ?? h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1));
    expect(shown).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(shown).toContain(FLAGSHIP.docket);
  });

  it(`/docket ${PACER} finds cases after one confirmation, and help gives the same example`, async () => {
    expect(helpText).toContain(`/docket ${PACER}`);
    h.docket.ledger.clear();
    await h.slack.sendCommand({ text: PACER, user: ADMIN, channel: ACME_CHANNEL });
    const confirm = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1)!;
    expect(buttons(confirm.blocks).find((b) => b.action_id === "pacer_run")).toMatchObject({ text: { text: "Run PACER search ($0.20)" } });
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: "pacer_run", ephemeral: confirm.message_ts });
    const mine = () => h.slack.responses.filter((p) => p.url === click.responseUrl);
    await h.slack.waitFor(() => mine().some((p) => /Acme Widgets/.test(JSON.stringify(p.body))) || undefined, { timeoutMs: 10_000, what: "PACER results naming Acme" });
    expect(JSON.stringify(mine().map((p) => p.body))).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(h.docket.ledger.filter({ endpoint: "searchpacer" })).toEqual([expect.objectContaining({ client_matter: "ACME-001" })]);
  });
});
