/**
 * Issue 12, Tests: "Docketed and Assign update the message, are stored, and survive a restart".
 * The bot runs on a SQLite file; after a click it is stopped and a new one is started on the same
 * file: the sign-off is still there, shows on a headline rendered from the store, is left out of
 * `/docket alerts`, and can still be undone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { headlineRenderer } from "../../../src/features/alerts/register-alerts.ts";
import { postMessage } from "../../../src/slack/outbound.ts";
import type { FilingInput, FilingRecord } from "../../../src/store/store.ts";
import { startHarness, type Harness } from "../../../sandbox/harness.ts";

const TEAM = "T0DOCKET";
const CHANNEL = "C0ACME";
const MEMBER = "U0MEMBER";
const ADMIN = "U0ADMIN";
const SECRETS = { signingSecret: "restart-test-signing-secret-0123456789", botToken: "xoxb-3333-4444-restarttesttoken" };

let dir: string;
let h: Harness | undefined;

const open = (databasePath: string) => startHarness({ secrets: SECRETS, admins: [ADMIN], databasePath, logger: pino({ level: "silent" }) });

function filing(n: number): FilingInput {
  return {
    teamId: TEAM, channelId: CHANNEL, clientMatter: "ACME-001", court: "New York Southern District Court", docket: "1:23-cv-01234",
    caseTitle: "Acme Corp v. Widget Inc", entryKey: String(n), entryNumber: String(n), entryDate: "2026-11-20",
    level: "urgent", kind: "Order", summary: `ORDER number ${n}`, shown: "channel",
  };
}

async function postHeadline(harness: Harness, filings: readonly FilingRecord[]): Promise<string> {
  const message = headlineRenderer(harness.docket.siteUrl)(filings, { moreSignificant: 0, routine: 0 });
  const { ts } = await postMessage(harness.bot.slack!.app.client, { channel: CHANNEL, message });
  await harness.bot.store.attachFilingMessage(filings.map((f) => f.id), ts);
  return ts;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-signoff-"));
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sign-off survives a restart", () => {
  it("Docketed and Assign are stored, then read back, shown and undoable by the next process", async () => {
    const db = join(dir, "bot.db");
    h = await open(db);
    await h.linkMatter(CHANNEL, "ACME-001");
    const filings = await h.bot.store.recordFilings([filing(1), filing(2)]);
    const ts = await postHeadline(h, filings);
    const first = h;
    await first.slack.sendBlockAction({ user: MEMBER, channel: CHANNEL, message: ts, actionId: "filing_docketed" });
    await first.slack.sendBlockAction({ user: MEMBER, channel: CHANNEL, message: ts, actionId: "filing_assign", blockId: `filing_assign:${filings[1]!.id}`, value: ADMIN });
    await first.slack.waitFor(() => {
      const json = JSON.stringify(first.slack.state.message(CHANNEL, ts)?.blocks ?? []);
      return json.includes("✓ Docketed by") && json.includes(`Assigned to <@${ADMIN}>`);
    }, { what: "both shown" });
    await first.close();

    h = await open(db);
    const second = h;
    const [one, two] = [await second.bot.store.getFiling(filings[0]!.id), await second.bot.store.getFiling(filings[1]!.id)];
    expect(one?.docketedBy).toBe(MEMBER);
    expect(two?.assignee).toBe(ADMIN);
    expect((await second.bot.store.filingActions(filings[0]!.id)).map((a) => a.action)).toEqual(["docketed"]);

    const list = await second.slack.sendCommand({ text: "alerts", user: MEMBER, channel: CHANNEL });
    const json = JSON.stringify((list.body as { blocks: unknown[] }).blocks);
    expect(json).not.toContain("ORDER number 1");
    expect(json).toContain("ORDER number 2");

    const again = await postHeadline(second, await second.bot.store.filingsOfMessage({ teamId: TEAM, channelId: CHANNEL }, ts, { matters: ["ACME-001"] }));
    expect(JSON.stringify(second.slack.state.message(CHANNEL, again)?.blocks)).toContain(`✓ Docketed by <@${MEMBER}>`);
    await second.slack.sendBlockAction({ user: ADMIN, channel: CHANNEL, message: again, actionId: "filing_docketed" });
    await second.slack.waitFor(() => !JSON.stringify(second.slack.state.message(CHANNEL, again)?.blocks ?? []).includes("✓ Docketed by"), { what: "undone" });
    expect((await second.bot.store.filingActions(filings[0]!.id)).map((a) => [a.action, a.userId])).toEqual([["docketed", MEMBER], ["undocketed", ADMIN]]);
  });
});
