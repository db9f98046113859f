/** `/docket pacer` under DOCKET_TEST_MODE: the dialog and the results say "test mode: no charges", and none is made. */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Block } from "../../../sandbox/slack/types.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { DOCKET_TEST_MODE: "true" } });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => h?.close());

type Button = { action_id: string; confirm?: { text: { text: string } } };

it("says test mode on the confirmation card and the results, and nothing is charged", async () => {
  await h.slack.sendCommand({ text: "pacer Acme", user: ADMIN, channel: ACME_CHANNEL });
  const confirm = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).at(-1)!;
  expectValidMessage(confirm);
  const run = (confirm.blocks ?? []).flatMap((b: Block) => (b.type === "actions" ? (b.elements as Button[]) : [])).find((b) => b.action_id === "pacer_run")!;
  expect(JSON.stringify(confirm.blocks)).toContain("Test mode: no charges.");
  expect(run.confirm).toBeUndefined(); // one confirmation: the card (issue 14 item 7)
  const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: "pacer_run", ephemeral: confirm.message_ts });
  await h.slack.waitFor(() => h.slack.responses.filter((p) => p.url === click.responseUrl).length >= 2, { what: "the results" });
  const results = h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts)!;
  expectValidMessage(results);
  expect(JSON.stringify(results.blocks)).toContain("test mode: no charges");
  expect(h.docket.ledger.filter({ endpoint: "searchpacer" })).toEqual([expect.objectContaining({ test: true, fee: 0, client_matter: "ACME-001" })]);
});
