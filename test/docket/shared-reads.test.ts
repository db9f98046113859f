import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSharedReads, readKey } from "../../src/docket/shared-reads.ts";
import { HOST, docketBody, failure, makeClient, nockLogin } from "../helpers/docket-client.ts";

const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234" };
const asked = (matter: string, user = "U1") => ({ clientMatter: matter, tags: { team: "T1", user, channel: "C1", ref: `r-${user}`, matter } });

beforeEach(() => nock.cleanAll());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending, "every expected request was made").toEqual([]);
});

describe("identical free reads in flight share one call", () => {
  it("five askers of one case for one matter: one getdocket sent, one ledger row, five answers", async () => {
    const { client, events } = makeClient();
    nockLogin();
    const scope = nock(HOST).get("/api/v1/getdocket/").query(true).delay(20).reply(200, docketBody());
    const answers = await Promise.all(["U1", "U2", "U3", "U4", "U5"].map((u) => client.getDocket({ ...CASE }, asked("ACME-001", u))));
    expect(scope.isDone()).toBe(true);
    expect(answers.map((a) => a.data.info.title)).toEqual(Array(5).fill(answers[0]!.data.info.title));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ endpoint: "getdocket", outcome: "ok", tags: { user: "U1" } });
  });

  it("never across matters or workspaces, for live pulls, or once the answer is in", async () => {
    const { client, events } = makeClient();
    nockLogin();
    const matters: string[] = [];
    nock(HOST).get("/api/v1/getdocket/").query((q) => (matters.push(String(q.client_matter)), true)).times(6).delay(10).reply(200, docketBody());
    await Promise.all([
      client.getDocket({ ...CASE }, asked("ACME-001")),
      client.getDocket({ ...CASE }, asked("GLOBEX-002")),
      // The same matter's name in another workspace of an org-wide install: recorded there, asked there.
      client.getDocket({ ...CASE }, { ...asked("ACME-001"), tags: { ...asked("ACME-001").tags, team: "T2" } }),
      // A live pull may cost a fee: each is its own call, asked for and billed on its own.
      client.getDocket({ ...CASE, live: true }, asked("ACME-001")),
      client.getDocket({ ...CASE, live: true }, asked("ACME-001")),
    ]);
    await client.getDocket({ ...CASE }, asked("ACME-001"));
    expect(matters.sort()).toEqual(["ACME-001", "ACME-001", "ACME-001", "ACME-001", "ACME-001", "GLOBEX-002"]);
    expect(events).toHaveLength(6);
  });

  it("an asker who gives up gets the client's cancellation; the others their answer", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query(true).delay(30).reply(200, docketBody());
    const leaving = new AbortController();
    const gone = failure(client.getDocket({ ...CASE }, { ...asked("ACME-001", "U1"), signal: leaving.signal }));
    const staying = client.getDocket({ ...CASE }, asked("ACME-001", "U2"));
    setTimeout(() => leaving.abort(new Error("user left")), 5);
    expect((await gone).code).toBe("aborted");
    expect((await staying).data.info.title).toBeTruthy();
  });

  it("a failure reaches every asker", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query(true).delay(10).reply(404, { success: false, error: "Docket not found" });
    const errors = await Promise.all([failure(client.getDocket({ ...CASE }, asked("ACME-001"))), failure(client.getDocket({ ...CASE }, asked("ACME-001")))]);
    expect(errors.map((e) => e.code)).toEqual(["not_found", "not_found"]);
  });
});

describe("createSharedReads", () => {
  it("an asker that gives up stops waiting; the call goes on for the others", async () => {
    const reads = createSharedReads();
    let callSignal!: AbortSignal;
    let finish!: (v: string) => void;
    const run = (signal: AbortSignal) => ((callSignal = signal), new Promise<string>((r) => (finish = r)));
    const first = new AbortController();
    const a = reads.join("k", first.signal, run);
    const b = reads.join("k", undefined, run);
    first.abort(new Error("gave up"));
    await expect(a).rejects.toThrow("gave up");
    expect(callSignal.aborted).toBe(false);
    finish("answer");
    await expect(b).resolves.toBe("answer");
    expect(reads.size).toBe(0);
  });

  it("when every asker gives up the call is aborted, and the next asker starts a new one", async () => {
    const reads = createSharedReads();
    const signals: AbortSignal[] = [];
    const run = (signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        setTimeout(() => resolve("late"), 50);
      });
    };
    const one = new AbortController();
    const two = new AbortController();
    const a = reads.join("k", one.signal, run);
    const b = reads.join("k", two.signal, run);
    one.abort(new Error("one"));
    expect(signals[0]!.aborted).toBe(false);
    two.abort(new Error("two"));
    expect(signals[0]!.aborted).toBe(true);
    await expect(a).rejects.toThrow("one");
    await expect(b).rejects.toThrow("two");
    await expect(reads.join("k", undefined, run)).resolves.toBe("late");
    expect(signals).toHaveLength(2);
  });

  it("an asker already aborted never starts a call", async () => {
    const reads = createSharedReads();
    const gone = AbortSignal.abort(new Error("before"));
    let ran = false;
    await expect(reads.join("k", gone, async () => ((ran = true), "x"))).rejects.toThrow("before");
    expect(ran).toBe(false);
  });

  it("keys differ by every parameter and by the workspace and matter recorded, not by parameter order", () => {
    const base = { endpoint: "getdocket", url: "https://x/api/v1/getdocket/", params: { court: "c", docket: "d", client_matter: "M" }, team: "T1", matter: "M" };
    expect(readKey(base)).toBe(readKey({ ...base, params: { client_matter: "M", docket: "d", court: "c" } }));
    expect(readKey(base)).not.toBe(readKey({ ...base, params: { ...base.params, client_matter: "N" } }));
    expect(readKey(base)).not.toBe(readKey({ ...base, matter: "N" }));
    expect(readKey(base)).not.toBe(readKey({ ...base, team: "T2" }));
    // Hostile values cannot make two requests one key: every part is quoted as JSON.
    expect(readKey({ ...base, team: 'T1","M', matter: "" })).not.toBe(readKey({ ...base, team: "T1", matter: '","M' }));
    expect(readKey({ ...base, matter: 'M"]' })).not.toBe(readKey({ ...base, matter: "M" }));
    expect(readKey(base)).not.toBe(readKey({ ...base, params: { ...base.params, test: "true" } }));
  });
});
