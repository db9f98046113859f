/**
 * DATABASE_URL=postgres://… composes the PostgreSQL store (issue 17 item 1): docketbot started as
 * `npm start` would start it migrates the database and reports it healthy. Needs TEST_DATABASE_URL;
 * skipped with a notice without it.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { storeTypes } from "../src/store/postgres/types.ts";
import { startBotProcess } from "./helpers/bot-process.ts";
import { TEST_DATABASE_URL } from "./store/contract/stores.ts";

/** Just enough of Slack's Web API for start-up (auth.test), on loopback. */
async function fakeSlack() {
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(req.url?.includes("auth.test") ? { ok: true, user_id: "U0BOT", bot_id: "B0BOT", team_id: "T0DOCKET" } : { ok: false, error: "unknown_method" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/` };
}

if (TEST_DATABASE_URL === undefined) {
  describe("npm start on PostgreSQL", () => {
    it.skip("PostgreSQL start-up test skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it", () => {});
  });
} else {
  const base = TEST_DATABASE_URL;
  describe("npm start on PostgreSQL", () => {
    const schema = `test_main_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Pool({ connectionString: base, max: 1, types: storeTypes });
    afterAll(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    });

    it("migrates the database DATABASE_URL names and answers /healthz from it", async () => {
      // The schema rides in the URL as libpq's `options` (a deployment may use its own schema the same way).
      await admin.query(`CREATE SCHEMA ${schema}`);
      const url = new URL(base);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const slack = await fakeSlack();
      const bot = await startBotProcess({
        env: {
          DATABASE_URL: url.toString(),
          SLACK_BOT_TOKEN: "xoxb-1111-2222-abcdefabcdef",
          SLACK_SIGNING_SECRET: "0123456789abcdef0123456789abcdef",
          SLACK_API_URL: slack.url,
        },
      }).catch((e: unknown) => {
        slack.server.close();
        throw e;
      });
      try {
        const res = await fetch(`${bot.url}/healthz`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: "ok", checks: { database: { ok: true } } });
        const { rows } = await admin.query(`SELECT count(*) AS n FROM ${schema}.schema_migrations`);
        expect(rows[0]?.n).toBeGreaterThanOrEqual(9);
        const beats = await admin.query(`SELECT beats FROM ${schema}.heartbeat`);
        expect(beats.rows[0]?.beats).toBeGreaterThanOrEqual(1);
      } finally {
        bot.child.kill("SIGTERM");
        await once(bot.child, "exit");
        slack.server.close();
      }
    });
  });
}
