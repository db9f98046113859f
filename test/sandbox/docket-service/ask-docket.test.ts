import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.ts";
import { NYT } from "./tiny-corpus.ts";

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness();
  token = await h.login();
});
afterEach(() => h.close());

const ONE = { "X-Providerone-Key": "sk-one" };
const BOTH = { ...ONE, "X-Providertwo-Key": "sk-two" };
const ask = (params: Record<string, string>, headers: Record<string, string> = ONE) =>
  h.getJson(
    "VIDA/ask_docket/",
    { login_token: token, client_matter: "m", ...NYT, question: "What does the complaint allege?", target: "docket", output_format: "one paragraph", ...params },
    headers,
  );

describe("VIDA/ask_docket/", () => {
  it("answers from the docket with one provider and records the AI price", async () => {
    const { status, body } = await ask({});
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      question: "What does the complaint allege?",
      price: expect.any(Number),
      date_cached: expect.stringMatching(/^\d{4}-/),
      from_dockets: { providerone_answer: expect.any(String) },
    });
    expect(body.from_dockets).not.toHaveProperty("providertwo_answer");
    expect(body.from_dockets).not.toHaveProperty("relevant");
    expect(body).not.toHaveProperty("from_documents");
    expect(h.svc.ledger.entries).toMatchObject([{ endpoint: "ask_docket", kind: "ai", fee: body.price, client_matter: "m" }]);
  });

  it("answers per provider and per target, with relevant sources when asked", async () => {
    const { body } = await ask({ target: "both", show_relevant: "true" }, BOTH);
    for (const section of [body.from_dockets, body.from_documents]) {
      expect(section).toMatchObject({ providerone_answer: expect.any(String), providertwo_answer: expect.any(String), relevant: expect.any(Array) });
    }
    const documentsOnly = await ask({ target: "documents" }, { "X-Providertwo-Key": "sk-two" });
    expect(documentsOnly.body.from_documents).toEqual({ providertwo_answer: expect.any(String) });
    expect(documentsOnly.body).not.toHaveProperty("from_dockets");
  });

  it("requires a provider key header; a key in the query string does not count", async () => {
    const none = await ask({}, {});
    expect(none.body).toMatchObject({ success: false, error: expect.stringMatching(/X-Providerone-Key/) });
    const inQuery = await ask({ providerone_key: "sk-one" }, {});
    expect(inQuery.body.success).toBe(false);
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("validates target, required parameters and the case", async () => {
    expect((await ask({ target: "everything" })).body.error).toMatch(/target/);
    expect((await ask({ output_format: "" })).body.error).toMatch(/output_format/);
    expect((await h.getJson("VIDA/ask_docket/", { login_token: token, ...NYT, question: "q", target: "docket", output_format: "x" }, ONE)).body.error).toMatch(/client_matter/);
    expect((await ask({ docket: "9:99-cv-99999" })).body.error).toMatch(/^Could not find docket/);
  });

  it("cached=false pulls the docket live first and charges that pull too", async () => {
    await ask({ cached: "false" });
    expect(h.svc.ledger.filter({ endpoint: "ask_docket" }).map((e) => e.kind)).toEqual(["docket_live", "ai"]);
  });

  it("test calls cost nothing", async () => {
    const { body } = await ask({ test: "true" });
    expect(body.price).toBe(0);
    expect(h.svc.ledger.total()).toBe(0);
  });
});
