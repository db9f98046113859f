/**
 * Issue 5, Operations: graceful shutdown. stop() stops accepting, lets a push in flight finish its
 * durable commit and get its 200, and only then closes the database: the push is in the file
 * when it is opened again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../../src/clock.ts";
import { openSqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import type { StorePushInput } from "../../../../src/store/store.ts";
import { startBotHarness, type BotHarness } from "../../../helpers/bot-harness.ts";
import { basic, deferred, docketPushBody } from "./helpers.ts";

let dir: string;
let h: BotHarness;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-shutdown-"));
  h = await startBotHarness({
    env: { PUSH_USERNAME: "hook", PUSH_PASSWORD: "pw-shutdown-1", DATABASE_URL: `sqlite:${join(dir, "docketbot.db")}` },
  });
});
afterAll(async () => {
  await h.slack.close();
  await h.docket.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("stop()", () => {
  it("answers the push in flight after its commit, refuses new connections, then closes the store", async () => {
    const reached = deferred();
    const gate = deferred();
    const storePush = h.store.storePush;
    h.store.storePush = async (input: StorePushInput) => {
      reached.resolve();
      await gate.promise; // the commit is slow: shutdown begins meanwhile
      return storePush(input);
    };
    const body = docketPushBody("ACME-009", "in-flight-at-shutdown");
    const answer = fetch(`${h.bot.url}/docket/push`, {
      method: "POST",
      headers: { authorization: basic("hook", "pw-shutdown-1"), "content-type": "application/json" },
      body,
    });
    await reached.promise;

    let stopped = false;
    const stopping = h.bot.stop().then(() => (stopped = true));
    // Not accepting any more: a new connection is refused.
    await expect(fetch(`${h.bot.url}/healthz`)).rejects.toThrow();
    expect(stopped).toBe(false); // waiting for the push in flight

    gate.resolve();
    const res = await answer;
    expect(res.status).toBe(200);
    await stopping;
    await expect(h.store.pushStats()).rejects.toMatchObject({ code: "store_closed" });

    const reopened = await openSqliteStore({ path: join(dir, "docketbot.db"), clock: systemClock });
    try {
      expect(await reopened.pushStats()).toMatchObject({ stored: 1, held: 1 });
      expect((await reopened.getPush(1))?.body).toBe(body);
    } finally {
      await reopened.close();
    }
  });
});
