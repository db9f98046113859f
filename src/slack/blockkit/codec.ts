/**
 * One codec for everything we hand Slack to give back: button values (Slack's limit: 2,000
 * characters) and modal private_metadata (3,000). What comes back is untrusted, even though we
 * wrote it (clicked months later, or tampered with), so decoding is a zod schema's safeParse over
 * parseUntrustedObject, and anything bad is undefined. Encoding is checked by decoding: a value we
 * post must fit and must work when clicked. Each feature's codec is a small use of this one,
 * translating its own model to a compact wire object and back.
 */
import { parseUntrustedObject } from "./untrusted-json.ts";

/**
 * What validates a wire object: a zod schema, or where zod may not be imported at run time
 * (blockkit and views import only court/ and blockkit/) a function doing the same.
 */
export type WireCheck<W> =
  | { safeParse(input: unknown): { success: true; data: W } | { success: false } }
  | ((wire: Record<string, unknown>) => W | undefined);

export interface Codec<W> {
  /** Compact JSON of `wire`; undefined when it is over the limit or would not decode. */
  encode(wire: W): string | undefined;
  /** encode for values that must be postable: a RangeError instead of undefined (a bug, not input). */
  mustEncode(wire: W): string;
  /** The wire object of untrusted text, or undefined for anything that is not one. */
  decode(raw: unknown): W | undefined;
}

export function codec<W>(check: WireCheck<W>, opts: { maxLength: number; what?: string }): Codec<W> {
  const what = opts.what ?? "value";
  const validate = (o: Record<string, unknown>): W | undefined => {
    if (typeof check === "function") return check(o);
    const parsed = check.safeParse(o);
    return parsed.success ? parsed.data : undefined;
  };
  const decode = (raw: unknown): W | undefined => {
    const o = parseUntrustedObject(raw, opts.maxLength);
    return o ? validate(o) : undefined;
  };
  const encode = (wire: W): string | undefined => {
    const json = JSON.stringify(wire);
    return json.length <= opts.maxLength && decode(json) !== undefined ? json : undefined;
  };
  return {
    encode,
    decode,
    mustEncode(wire) {
      const json = JSON.stringify(wire);
      if (json.length > opts.maxLength) throw new RangeError(`${what} is ${json.length} characters (max ${opts.maxLength})`);
      if (decode(json) === undefined) throw new RangeError(`${what} has a blank, over-long or invalid field`);
      return json;
    },
  };
}
