/**
 * docketbot's court table (src/court) against the emulator's own, hand-written court list
 * (sandbox/docket-service/courts.ts): two independent spellings of the service's court names must
 * agree, so an end-to-end test passing means our table is right, not that it agrees with itself.
 */
import { describe, expect, it } from "vitest";
import { courtByCode, courtByName, courtFromUrlSegment, courtUrlSegment, resolveCourt } from "../../src/court/courts.ts";
import { EMU_COURTS, emuCourtSegment } from "../../sandbox/docket-service/courts.ts";

describe("docketbot's court table and the emulator's court list", () => {
  it.each(EMU_COURTS.map((c) => [c.code, c] as const))("%s: same long name and kind", (code, emu) => {
    expect(courtByCode(code)?.name).toBe(emu.name);
    expect(courtByName(emu.name)?.kind).toBe(emu.kind);
  });

  it("map every court to the same URL segment and back", () => {
    for (const c of EMU_COURTS) {
      expect(courtUrlSegment(c.name), c.code).toBe(emuCourtSegment(c.name));
      expect(courtFromUrlSegment(emuCourtSegment(c.name))?.name, c.code).toBe(c.name);
    }
  });

  it("resolve every short form the emulator's search accepts to the same court", () => {
    for (const c of EMU_COURTS) for (const form of [c.code, ...c.forms]) expect(resolveCourt(form)?.name, form).toBe(c.name);
  });
});
