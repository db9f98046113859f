import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A } from "./helpers.ts";

const KEY = { ...C_A, threadTs: "1700000000.000100" };
const CASE = { court: "nysd", docket: "1:23-cv-01234", clientMatter: "ACME-001" };

const turn = (i: number) => ({
  question: `question ${i}`,
  answer: `answer ${i}`,
  providers: ["providerone", "providertwo"],
  price: 0.1,
  relevantEntries: [String(i), `${i}-1`],
  askedBy: "U_LAWYER",
});

describeStores("thread Q&A bindings", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("binds a thread to a case; the first binding wins", async () => {
    const bound = await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1" });
    expect(bound).toEqual({ ...KEY, ...CASE, createdBy: "U1", createdAt: s.clock.now() });
    await s.clock.advance(1000);
    const again = await s.store.bindThread({ ...KEY, court: "cand", docket: "3:24-cv-9", clientMatter: "OTHER", createdBy: "U2" });
    expect(again).toEqual(bound);
    expect(await s.store.getThread(KEY)).toEqual(bound);
    expect(await s.store.getThread({ ...KEY, threadTs: "1.0" })).toBeUndefined();
    expect(await s.store.getThread({ ...KEY, channelId: "C_ELSEWHERE" })).toBeUndefined();
  });

  it("keeps what the thread's questions read (the first binding's), and none for old bindings", async () => {
    const bound = await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1", target: "documents" });
    expect(bound.target).toBe("documents");
    const again = await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U2", target: "both" });
    expect(again.target).toBe("documents");
    expect((await s.store.getThread(KEY))?.target).toBe("documents");
    const plain = await s.store.bindThread({ ...KEY, threadTs: "1700000000.000200", ...CASE, createdBy: "U1" });
    expect(plain.target).toBeUndefined();
  });

  it("bills a thread asked with no matter (the app DM) to the matter picked, once (issue 14 item 5)", async () => {
    const dm = { ...KEY, channelId: "D0DM" };
    await s.store.bindThread({ ...dm, ...CASE, clientMatter: "", createdBy: "U1" });
    expect(await s.store.billThread(dm, "ACME-001")).toMatchObject({ ...dm, clientMatter: "ACME-001" });
    expect(await s.store.getThread(dm)).toMatchObject({ clientMatter: "ACME-001" });
    // A thread's matter never changes once it has one, and an unknown thread is not billed.
    expect(await s.store.billThread(dm, "BETA-7")).toBeUndefined();
    expect(await s.store.billThread({ ...dm, threadTs: "1.0" }, "BETA-7")).toBeUndefined();
    expect(await s.store.getThread(dm)).toMatchObject({ clientMatter: "ACME-001" });
  });

  it("appends turns and returns the last N, oldest first", async () => {
    await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1" });
    for (let i = 1; i <= 5; i++) {
      const t = await s.store.appendTurn(KEY, turn(i));
      expect(t).toMatchObject({ ...turn(i), at: s.clock.now() });
      await s.clock.advance(1000);
    }
    const last3 = await s.store.recentTurns(KEY, 3);
    expect(last3.map((t) => t.question)).toEqual(["question 3", "question 4", "question 5"]);
    expect(last3[0]).toMatchObject({ providers: ["providerone", "providertwo"], relevantEntries: ["3", "3-1"], price: 0.1 });
    expect(last3.map((t) => t.at)).toEqual([...last3.map((t) => t.at)].sort((a, b) => a - b));
    expect(await s.store.recentTurns(KEY, 0)).toEqual([]);
    expect(await s.store.recentTurns(KEY, 50)).toHaveLength(5);
  });

  it("keeps a turn without a price as unpriced", async () => {
    await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1" });
    await s.store.appendTurn(KEY, { ...turn(1), price: undefined, providers: [], relevantEntries: [] });
    expect((await s.store.recentTurns(KEY, 1))[0]).toMatchObject({ price: undefined, providers: [], relevantEntries: [] });
  });

  it("refuses a turn for an unbound thread", async () => {
    const err = await s.store.appendTurn(KEY, turn(1)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.NotFound);
  });

  it("keeps what each answer read (its thread's unless told), and reads the workspace's last prices of one kind", async () => {
    const other = { ...KEY, threadTs: "1700000000.000200" };
    await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1", target: "both" });
    await s.store.bindThread({ ...other, ...CASE, createdBy: "U1" });
    expect(await s.store.appendTurn(KEY, { ...turn(1), price: 0.05 })).toMatchObject({ target: "both" });
    await s.store.appendTurn(other, { ...turn(2), price: 0.02 }); // a thread that says none reads the docket
    await s.store.appendTurn(other, { ...turn(3), price: 0.06, target: "both" }); // a follow-up from the Ask form
    await s.store.appendTurn(other, { ...turn(4), price: undefined, target: "both" }); // unpriced: not a price
    await s.store.appendTurn(KEY, { ...turn(5), price: 0.04, target: "documents" });
    expect((await s.store.recentTurns(other, 10)).map((t) => t.target)).toEqual(["docket", "both", "both"]);
    expect(await s.store.recentAnswerPrices({ teamId: KEY.teamId, target: "both", limit: 20 })).toEqual([0.06, 0.05]);
    expect(await s.store.recentAnswerPrices({ teamId: KEY.teamId, target: "both", limit: 1 })).toEqual([0.06]);
    expect(await s.store.recentAnswerPrices({ teamId: KEY.teamId, target: "docket", limit: 20 })).toEqual([0.02]);
    expect(await s.store.recentAnswerPrices({ teamId: KEY.teamId, target: "documents", limit: 20 })).toEqual([0.04]);
    expect(await s.store.recentAnswerPrices({ teamId: "T_OTHER", target: "both", limit: 20 })).toEqual([]);
  });

  it("threads are separate from one another", async () => {
    const other = { ...KEY, threadTs: "1700000000.000200" };
    await s.store.bindThread({ ...KEY, ...CASE, createdBy: "U1" });
    await s.store.bindThread({ ...other, ...CASE, createdBy: "U1" });
    await s.store.appendTurn(KEY, turn(1));
    await s.store.appendTurn(other, turn(2));
    expect((await s.store.recentTurns(KEY, 10)).map((t) => t.question)).toEqual(["question 1"]);
    expect((await s.store.recentTurns(other, 10)).map((t) => t.question)).toEqual(["question 2"]);
  });
});
