/**
 * What the PostgreSQL store does before any server is involved: named parameters, how pg's
 * failures map to the store's error codes, and refusing what it cannot open. Runs without
 * TEST_DATABASE_URL.
 */
import { describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../../src/store/errors.ts";
import { connectionConfig } from "../../../src/store/postgres/connection.ts";
import { toPgStoreError } from "../../../src/store/postgres/errors.ts";
import { openPostgresStore } from "../../../src/store/postgres/postgres-store.ts";
import { statement } from "../../../src/store/postgres/sql.ts";
import { storeTypes } from "../../../src/store/postgres/types.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("named parameters", () => {
  it("become positional, one per name however often it is used, leaving ::casts alone", () => {
    expect(statement("SELECT :a::bigint, :b, :a FROM t WHERE x = ANY(:list::text[]) AND y = '00:00'")).toEqual({
      text: "SELECT $1::bigint, $2, $1 FROM t WHERE x = ANY($3::text[]) AND y = '00:00'",
      names: ["a", "b", "list"],
    });
  });
});

describe("pg errors as StoreErrors", () => {
  const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

  it("maps SQLSTATE classes to the store's codes", () => {
    expect(toPgStoreError("op", pgError("40P01")).code).toBe(StoreErrorCode.Busy); // deadlock
    expect(toPgStoreError("op", pgError("40001")).code).toBe(StoreErrorCode.Busy); // serialization failure
    expect(toPgStoreError("op", pgError("23514")).code).toBe(StoreErrorCode.InvalidInput); // CHECK
    expect(toPgStoreError("op", pgError("53100")).code).toBe(StoreErrorCode.Failed); // disk full
    expect(toPgStoreError("op", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })).code).toBe(StoreErrorCode.Failed);
    const err = toPgStoreError("linkMatter", pgError("40P01"));
    expect(err).toMatchObject({ operation: "linkMatter" });
    expect((err as Error & { cause?: unknown }).cause).toMatchObject({ code: "40P01" });
  });

  it("parses bigint to a number, and refuses one a number cannot hold exactly", () => {
    const parse = storeTypes.getTypeParser(20, "text") as (v: string) => unknown;
    expect(parse("1764000000000")).toBe(1_764_000_000_000);
    expect(() => parse("9007199254740993")).toThrow(/safe/);
  });
});

describe("opening", () => {
  it("fails with store_failed when the server cannot be reached, naming no password", async () => {
    const err = await failure(
      openPostgresStore({ connectionString: "postgres://docketbot:SeCrEtPw@127.0.0.1:1/none", clock: new FakeClock(), connectTimeoutMs: 2000 }),
    );
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.Failed);
    expect(String((err as Error).message)).not.toContain("SeCrEtPw");
  });

  it("refuses a schema name it would have to quote", async () => {
    const err = await failure(openPostgresStore({ connectionString: "postgres://127.0.0.1:1/x", clock: new FakeClock(), schema: 'x"; DROP' }));
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
  });
});

describe("connection settings", () => {
  it("puts the store's schema on the search_path, keeping libpq options the URL already carries", () => {
    expect(connectionConfig("postgres://db/x", undefined)).toEqual({ connectionString: "postgres://db/x" });
    expect(connectionConfig("postgres://db/x", "docketbot")).toEqual({ connectionString: "postgres://db/x", options: "-c search_path=docketbot" });
    expect(connectionConfig("postgres://u:p@db:5433/x?options=-c%20statement_timeout%3D5000&sslmode=require", "docketbot")).toEqual({
      connectionString: "postgres://u:p@db:5433/x?sslmode=require",
      options: "-c statement_timeout=5000 -c search_path=docketbot",
    });
  });
});
