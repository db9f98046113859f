import { describe, expect, it } from "vitest";
import { parseCommand } from "../../../src/slack/commands/grammar.ts";

describe("/docket deadlines grammar", () => {
  it("lists, shows settings, sets days (largest first, once each), turns reminders off", () => {
    expect(parseCommand("deadlines")).toEqual({ ok: true, command: { kind: "deadlines" } });
    expect(parseCommand("deadlines settings")).toEqual({ ok: true, command: { kind: "deadlines", settings: {} } });
    expect(parseCommand("deadlines settings 1 7 1")).toEqual({ ok: true, command: { kind: "deadlines", settings: { days: [7, 1] } } });
    expect(parseCommand("deadlines settings 14,3")).toEqual({ ok: true, command: { kind: "deadlines", settings: { days: [14, 3] } } });
    expect(parseCommand("deadlines settings off")).toEqual({ ok: true, command: { kind: "deadlines", settings: { days: [] } } });
  });

  it("explains bad input with an example", () => {
    for (const text of ["deadlines next", "deadlines settings soon", "deadlines settings 400", "deadlines settings -1"]) {
      const parsed = parseCommand(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain("/docket deadlines");
    }
    const typo = parseCommand("deadlins");
    expect(!typo.ok && typo.message).toContain("/docket deadlines");
  });
});
