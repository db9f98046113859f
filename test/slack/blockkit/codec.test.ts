import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codec } from "../../../src/slack/blockkit/codec.ts";

const schema = z.object({ q: z.string().min(1), o: z.number().int().min(0) });

describe("codec", () => {
  const page = codec(schema, { maxLength: 40, what: "page value" });

  it("encodes compact JSON that decodes to the same wire object", () => {
    const json = page.encode({ q: "acme", o: 20 });
    expect(json).toBe('{"q":"acme","o":20}');
    expect(page.decode(json)).toEqual({ q: "acme", o: 20 });
    expect(page.mustEncode({ q: "acme", o: 20 })).toBe(json);
  });

  it("refuses to encode what would be over the limit or would not decode", () => {
    expect(page.encode({ q: "x".repeat(40), o: 0 })).toBeUndefined();
    expect(page.encode({ q: "", o: 0 })).toBeUndefined();
    expect(() => page.mustEncode({ q: "x".repeat(40), o: 0 })).toThrow(/page value is \d+ characters \(max 40\)/);
    expect(() => page.mustEncode({ q: "", o: 0 })).toThrow(RangeError);
  });

  it("answers undefined for anything bad coming back", () => {
    for (const raw of [undefined, null, 3, "", "nope", "[1]", '"s"', "{", '{"q":"a"}', '{"q":"a","o":-1}', `{"q":"${"x".repeat(40)}","o":1}`]) {
      expect(page.decode(raw), String(raw)).toBeUndefined();
    }
  });

  it("takes a plain check function where zod may not be imported at run time", () => {
    const plain = codec((w) => (typeof w.p === "number" ? { p: w.p } : undefined), { maxLength: 20 });
    expect(plain.decode(plain.encode({ p: 3 }))).toEqual({ p: 3 });
    expect(plain.decode('{"p":"3"}')).toBeUndefined();
  });
});
