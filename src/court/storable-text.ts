/**
 * Text both stores and Slack can hold, decided once, at intake (features/alerts/intake), and by
 * the one rule of what a push names (push-target.ts), which both intake and the store read:
 * - NUL: PostgreSQL's text type cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00",
 *   postgresql.org/docs/current/datatype-character.html), so SQLite kept what PostgreSQL refused;
 * - lone surrogates (JSON allows `\ud800`): not Unicode scalar values, so UTF-8 cannot carry them
 *   (RFC 3629 section 3); each driver replaced them its own way;
 * - C0 controls other than tab, LF and CR: Slack's text fields are for people, and these either
 *   vanish or break the message (api.slack.com/reference/surfaces/formatting#escaping).
 * Each such character becomes U+FFFD, so the reader sees that something was there, and the push
 * records which fields were changed (`SANITIZED_KEY`) so an alert can say so.
 */

/** The characters replaced; the `u` flag is off so lone surrogates are seen one code unit at a time. */
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSTORABLE_ONE = new RegExp(UNSTORABLE.source);

/**
 * Whether a JSON text could hold an unstorable character at all: a valid JSON text holds none raw
 * (controls must be escaped, RFC 8259 section 7; the UTF-8 decoder already replaced anything that
 * would decode to a lone surrogate), so only a `\u00xx` or `\udxxx` escape can bring one in.
 */
export function mayHoldUnstorable(jsonText: string): boolean {
  return /\\u(?:00[01]|d[89a-f])/i.test(jsonText);
}

export function hasUnstorable(s: string): boolean {
  return UNSTORABLE_ONE.test(s);
}

export function storableText(s: string): string {
  return s.replace(UNSTORABLE, "\ufffd");
}

/** Where intake notes, on the stored push, the fields it changed (dotted paths, the first few). */
export const SANITIZED_KEY = "docketbot_sanitized";
const MAX_PATHS = 20;

export interface Sanitized {
  value: unknown;
  /** Dotted paths of the strings (and keys) that were changed; empty when nothing was. */
  paths: string[];
  /** How many strings were changed in all (paths lists the first MAX_PATHS). */
  changed: number;
  /** Two keys of one object that became the same name once changed (a duplicate in effect). */
  collisions: string[];
}

/** A copy of `value` with every string and key storable; unchanged parts are shared, not copied. */
export function sanitizeValue(value: unknown): Sanitized {
  const out: Sanitized = { value, paths: [], changed: 0, collisions: [] };
  const note = (path: string) => {
    out.changed++;
    if (out.paths.length < MAX_PATHS) out.paths.push(path || "(root)");
  };
  // Recursive: intake refuses a body nested deeper than MAX_DEPTH (interpret.ts) before this runs.
  const walk = (root: unknown): unknown => {
    const fix = (v: unknown, path: string): unknown => {
      if (typeof v === "string") {
        if (!hasUnstorable(v)) return v;
        note(path);
        return storableText(v);
      }
      if (v === null || typeof v !== "object") return v;
      if (Array.isArray(v)) {
        let copy: unknown[] | undefined;
        for (let i = 0; i < v.length; i++) {
          const next = fix(v[i], path ? `${path}.${i}` : String(i));
          if (next !== v[i]) (copy ??= [...v])[i] = next;
        }
        return copy ?? v;
      }
      let copy: Record<string, unknown> | undefined;
      const o = v as Record<string, unknown>;
      for (const key of Object.keys(o)) {
        const at = path ? `${path}.${key}` : key;
        const goodKey = hasUnstorable(key) ? storableText(key) : key;
        const next = fix(o[key], at);
        if (goodKey === key && next === o[key]) continue;
        copy ??= { ...o };
        if (goodKey !== key) {
          note(at);
          delete copy[key];
          if (Object.hasOwn(o, goodKey) || Object.hasOwn(copy, goodKey)) out.collisions.push(path ? `${path}.${goodKey}` : goodKey);
        }
        // defineProperty, not `=`: a key named __proto__ stays a plain property (as JSON.parse made it).
        Object.defineProperty(copy, goodKey, { value: next, enumerable: true, writable: true, configurable: true });
      }
      return copy ?? v;
    };
    return fix(root, "");
  };
  out.value = walk(value);
  return out;
}
