/**
 * A list of rows bound in one statement (src/store/sql/row-list.ts): padded to a power of two with
 * NULL rows, so few statements are ever compiled; longer lists in several statements, in order.
 */
import { describe, expect, it } from "vitest";
import { rowList } from "../../src/store/sql/row-list.ts";

describe("rowList", () => {
  const list = rowList<{ id: number; name: string | null }>({
    columns: ["id", "name"],
    types: { id: "BIGINT" },
    sql: (withValues) => `${withValues} SELECT v.id, v.name FROM v WHERE v.seq IS NOT NULL ORDER BY v.seq`,
    max: 8,
  });

  it("names the rows v(seq, …), CASTs the typed columns, pads with NULL rows to a power of two", () => {
    const [one, ...rest] = list.bind([{ id: 1, name: "a" }, { id: 2, name: null }, { id: 3, name: "c" }], { now: 5 });
    expect(rest).toEqual([]);
    expect(one!.st.sql).toMatch(/^WITH v\(seq, id, name\) AS \(VALUES \(CAST\(:seq_0 AS INTEGER\), CAST\(:id_0 AS BIGINT\), :name_0\),/);
    expect(one!.st.names).toHaveLength(12); // four rows of three
    expect(one!.params).toEqual({ now: 5, seq_0: 0, id_0: 1, name_0: "a", seq_1: 1, id_1: 2, name_1: null, seq_2: 2, id_2: 3, name_2: "c", seq_3: null, id_3: null, name_3: null });
  });

  it("compiles one statement per power of two, and splits a long list at max rows, numbering on", () => {
    expect(list.bind([{ id: 1, name: "a" }])[0]!.st).toBe(list.bind([{ id: 9, name: "z" }])[0]!.st);
    expect(list.bind(Array.from({ length: 3 }, (_, i) => ({ id: i, name: null })))[0]!.st)
      .toBe(list.bind(Array.from({ length: 4 }, (_, i) => ({ id: i, name: null })))[0]!.st);
    const parts = list.bind(Array.from({ length: 11 }, (_, i) => ({ id: i, name: `n${i}` })));
    expect(parts.map((p) => p.st.names.length / 3)).toEqual([8, 4]);
    expect(parts[1]!.params).toMatchObject({ seq_0: 8, id_0: 8, seq_2: 10, seq_3: null });
    expect(list.bind([])).toEqual([]);
  });
});
