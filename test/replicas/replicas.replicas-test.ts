/**
 * `npm run test:replicas` (issue 17 item 4): several replicas on one PostgreSQL schema, a random one
 * SIGKILLed every 2-4 s, the docket-service emulator pushing and users searching (chaos.ts). With
 * the resume lookup on, every push the emulator saw acknowledged is posted exactly once in each
 * linked channel, in the store's order, at least 1 s apart per channel; the emulator never saw the
 * fleet spend more than the search budget in any 60 s, though the fleet was asked for more; and the
 * replicas logged in no more often than tokens expired plus once per replica. The
 * same run with the lookup switched off (DOCKETBOT_TEST_NO_RESUME_LOOKUP) must double some alerts:
 * the proof that this test can fail, and that leases alone do not give exactly once.
 *
 * REPLICAS_SECONDS sets how long the killing goes on in each run (default 60). Needs TEST_DATABASE_URL; skipped with a notice without it.
 */
import { describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../store/contract/stores.ts";
import { runChaos } from "./chaos.ts";

const SECONDS = Number(process.env.REPLICAS_SECONDS ?? 60);
const REPLICAS = 3;
const log = (line: string) => console.log(`[replicas] ${line}`);

if (TEST_DATABASE_URL === undefined) {
  describe("replicas under SIGKILL", () => {
    it.skip("replicas test skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it", () => {});
  });
} else {
  const url = TEST_DATABASE_URL;
  describe("replicas under SIGKILL", () => {
    it(`${REPLICAS} replicas, one killed every 2-4 s for ${SECONDS} s: every acknowledged push posted exactly once per channel, in order, paced`, async () => {
      const report = await runChaos({ databaseUrl: url, seconds: SECONDS, replicas: REPLICAS, lookup: true, log });
      log(JSON.stringify(report));
      expect(report.kills).toBeGreaterThan(0);
      // Some pushes met a dead replica; the emulator's own retries delivered every one.
      expect(report.failedAttempts).toBeGreaterThan(0);
      expect(report.pushes).toBe(report.pushesSent);
      const d = report.docket;
      // Asked for more than one budget in some minute, the fleet never spent more than one.
      expect(d.acceptedMaxPerWindow).toBeGreaterThan(d.limit);
      expect(d.maxCallsPerWindow, "search/ calls in any 60 s, at the emulator").toBeLessThanOrEqual(d.limit);
      expect(d.rejected, "calls the emulator refused (429s)").toBe(0);
      // One shared token (src/docket/shared.ts): a login only when it is absent or expired. Each
      // replica may find it absent when the fleet first starts; a restarted process reads the
      // stored one, so the bound is expiries plus replicas, not plus process starts.
      expect(d.logins).toBeLessThanOrEqual(d.tokenExpiries + REPLICAS);
      for (const c of report.channels) {
        expect(c.expected, `${c.channel} got pushes`).toBeGreaterThan(0);
        expect(c, c.channel).toMatchObject({ duplicateReplies: 0, duplicateHeadlines: 0, missing: 0, outOfOrder: 0 });
        expect(c.minGapMs, `${c.channel}: posts at least 1 s apart`).toBeGreaterThanOrEqual(1000);
      }
    }, (SECONDS + 300) * 1000);

    it("the same run without the resume lookup doubles alerts (the test can fail)", async () => {
      const report = await runChaos({ databaseUrl: url, seconds: SECONDS, replicas: REPLICAS, lookup: false, log });
      log(JSON.stringify(report));
      expect(report.pushes).toBeGreaterThan(0);
      const doubled = report.channels.reduce((n, c) => n + c.duplicateReplies + c.duplicateHeadlines, 0);
      expect(doubled).toBeGreaterThan(0);
    }, (SECONDS + 300) * 1000);
  });
}
