import { describe, expect, it } from "vitest";
import { courtTimeZone } from "../../../src/court/court-zones.ts";
import { COURTS } from "../../../src/court/courts-table.ts";
import { hasZoneDefinition } from "../../../src/features/calendar/ical/time-zones.ts";

describe("a court's time zone", () => {
  it("is its seat's, by code, citation or long name", () => {
    expect(courtTimeZone("nysd")).toBe("America/New_York");
    expect(courtTimeZone("New York Southern District Court")).toBe("America/New_York");
    expect(courtTimeZone("N.D. Cal.")).toBe("America/Los_Angeles");
    expect(courtTimeZone("txed")).toBe("America/Chicago");
    expect(courtTimeZone("tned")).toBe("America/New_York");
    expect(courtTimeZone("tnmd")).toBe("America/Chicago");
    expect(courtTimeZone("azb")).toBe("America/Phoenix");
    expect(courtTimeZone("nmid")).toBe("Pacific/Saipan");
    expect(courtTimeZone("ca9")).toBe("America/Los_Angeles");
    expect(courtTimeZone("ptab")).toBe("America/New_York");
    expect(courtTimeZone("Superior Court of Nowhere")).toBeUndefined();
  });

  it("is known for every court in the table, and the feed can define each", () => {
    for (const court of COURTS) {
      const zone = courtTimeZone(court.code);
      expect({ court: court.code, zone: zone !== undefined && hasZoneDefinition(zone) }).toEqual({ court: court.code, zone: true });
    }
  });
});
