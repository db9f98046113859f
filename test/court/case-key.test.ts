import { describe, expect, it } from "vitest";
import { caseKey } from "../../src/court/case-key.ts";

const SDNY = "New York Southern District Court";

describe("caseKey", () => {
  it("is one key for one case however its court is written", () => {
    const key = caseKey({ court: SDNY, docket: "1:23-cv-01234" });
    for (const court of ["nysd", "S.D.N.Y.", "SDNY", "new york  southern district court", "NEW YORK SOUTHERN DISTRICT COURT"]) {
      expect(caseKey({ court, docket: "1:23-cv-01234" }), court).toBe(key);
    }
  });

  it("is one key however the docket is written (PACER's canonical form, case folded)", () => {
    const key = caseKey({ court: SDNY, docket: "1:23-cv-01234" });
    for (const docket of ["1:23-cv-1234", " 1:23-CV-01234 ", "1:2023-cv-01234", "01:23-cv-01234-JMF"]) {
      expect(caseKey({ court: SDNY, docket }), docket).toBe(key);
    }
  });

  it("case-folds dockets normalisation leaves as written (state, appellate)", () => {
    expect(caseKey({ court: "Texas Court of Appeals, Eighth District", docket: "08-16-00334-CV" }))
      .toBe(caseKey({ court: "texas court of appeals, eighth district", docket: "08-16-00334-cv" }));
  });

  it("keeps different cases apart", () => {
    const key = caseKey({ court: SDNY, docket: "1:23-cv-01234" });
    expect(caseKey({ court: SDNY, docket: "1:23-cv-01235" })).not.toBe(key);
    expect(caseKey({ court: "New York Eastern District Court", docket: "1:23-cv-01234" })).not.toBe(key);
    expect(caseKey({ court: SDNY, docket: "1:23-cr-01234" })).not.toBe(key);
    // A defendant number tells criminal cases apart.
    expect(caseKey({ court: SDNY, docket: "1:20-cr-00123-1" })).not.toBe(caseKey({ court: SDNY, docket: "1:20-cr-00123-2" }));
  });

  it("cannot be forged by a court or docket containing the separator", () => {
    expect(caseKey({ court: "a", docket: "b\u0000c" })).not.toBe(caseKey({ court: "a\u0000b", docket: "c" }));
  });
});
