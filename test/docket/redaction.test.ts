import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { drive } from "../helpers/fake-clock.ts";
import { HOST, KEY_ONE, KEY_TWO, PASSWORD, captureLogs, docketBody, makeClient } from "../helpers/docket-client.ts";

beforeEach(() => nock.cleanAll());
afterEach(() => nock.cleanAll());

const TOKENS = ["tok-OLD-5f2a9c77e1", "tok-NEW-8b3d1e0f42"];

describe("a full client session logs nothing secret", () => {
  it("keeps password, login tokens and provider keys out of every log line, at trace level", async () => {
    const logs = captureLogs();
    const logger = createLogger({ level: "trace", destination: logs.stream });
    const { client, clock } = makeClient({ logger });

    nock(HOST).post("/api/v1/login/").reply(200, { success: true, login_token: TOKENS[0] });
    nock(HOST).post("/api/v1/login/").reply(200, { success: true, login_token: TOKENS[1] });
    // The first search works; then the token "expires", the service echoing it in its error text.
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === TOKENS[0] && q.q === "a").reply(200, { success: true, total: 0, results: [] });
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === TOKENS[0]).reply(401, { success: false, error: `login_token=${TOKENS[0]} expired` });
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === TOKENS[1]).reply(200, { success: true, total: 0, results: [] });
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(502, { success: false, error: "heavy load" });
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(200, docketBody());
    nock(HOST).get("/api/v1/VIDA/ask_docket/").query(true).reply(200, { success: true, question: "q", price: 0.02, from_dockets: { providerone_answer: "a" } });
    nock(HOST).get("/cases/X/1/docs/1.pdf").query(true).reply(403, { success: false, error: `sealed (request ${HOST}/cases/X/1/docs/1.pdf?login_token=${TOKENS[1]})` });
    nock(HOST).get("/api/v1/searchpacer/").query(true).replyWithError(`connect failed for ${HOST}/api/v1/searchpacer/?login_token=${TOKENS[1]}&password=${PASSWORD}`);

    await client.search({ q: "a" });
    await client.search({ q: "b" });
    await drive(clock, client.getDocket({ court: "C", docket: "D" }));
    await client.askDocket({ court: "C", docket: "D", question: "q", target: "docket", outputFormat: "o" });
    const sealed = await client.getDocument({ url: "/cases/X/1/docs/1.pdf" }).catch((e: unknown) => e);
    const network = await client.searchPacer({ partyName: "Acme" }).catch((e: unknown) => e);
    // What callers do with errors: log them whole.
    logger.error({ err: sealed }, "document failed");
    logger.error({ err: network }, "pacer failed");
    logger.info(`caller interpolates an error: ${String((network as Error).message)}`);

    const text = logs.text();
    // The session really was logged (a test that logs nothing would prove nothing).
    expect(text).toContain("login token rejected; renewing once");
    expect(text).toContain("docket call will be retried");
    expect(text).toContain("document failed");
    expect(logs.lines.length).toBeGreaterThan(8);
    for (const secret of [PASSWORD, ...TOKENS, KEY_ONE, KEY_TWO]) expect(text).not.toContain(secret);
    expect(text).toContain("sealed");

    // Errors themselves carry no secret either (they reach Slack-side logs and messages).
    for (const e of [sealed, network]) {
      const all = JSON.stringify(e) + String((e as Error).message) + String((e as { serviceError?: string }).serviceError);
      for (const secret of [PASSWORD, ...TOKENS]) expect(all).not.toContain(secret);
    }
  });
});
