/** Issue 5, Intake: Basic auth for pushes, one or two pairs (rotation), RFC 7617 parsing. */
import { describe, expect, it } from "vitest";
import { createBasicAuth } from "../../../../src/features/alerts/intake/auth.ts";

const header = (userPass: string) => `Basic ${Buffer.from(userPass, "utf8").toString("base64")}`;

describe("createBasicAuth", () => {
  const check = createBasicAuth([
    { username: "hook", password: "pa:ss wörd" },
    { username: "hook2", password: "second" },
  ]);

  it("accepts either configured pair; a password may contain ':' and non-ASCII", () => {
    expect(check(header("hook:pa:ss wörd"))).toBe(true);
    expect(check(header("hook2:second"))).toBe(true);
  });

  it("refuses everything else", () => {
    for (const h of [
      undefined, "", "Basic", "Basic ", header("hook:pa:ss"), header("hook:pa:ss wörd "), header("HOOK:pa:ss wörd"),
      header("hook2:pa:ss wörd"), header("hook:second"), header(":"), header("hook"), `Digest ${header("hook:second").slice(6)}`,
      `${header("hook2:second")} extra`,
    ]) {
      expect(check(h), String(h)).toBe(false);
    }
  });

  it("takes the scheme in any case and tolerates surrounding spaces", () => {
    expect(check(`  BASIC   ${header("hook2:second").slice(6)}  `)).toBe(true);
  });

  it("refuses everyone when no pair is configured", () => {
    expect(createBasicAuth([])(header(":"))).toBe(false);
  });
});
