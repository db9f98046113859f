/**
 * Duplicate object keys in a JSON text (issue 22, item 1). RFC 8259 section 4 says names within an
 * object SHOULD be unique and that receivers differ when they are not: JSON.parse keeps the LAST
 * value, SQLite's json_extract the FIRST. One push with two `docket` keys was routed by one and
 * rendered by the other, putting another matter's case into a channel. So intake refuses such a
 * body outright, and every consumer reads the one value that is left.
 *
 * A linear scan of a text JSON.parse has already accepted (so it need not re-validate syntax):
 * strings are skipped with one sticky regex each, and a key is compared after unescaping
 * (`"docket"` and `"d\u006fcket"` are the same name). The stack is explicit, so any depth is safe.
 */

export interface KeyScan {
  /** Dotted paths of repeated keys (`docket`, `docket_report.3.number`), the first `max`. */
  duplicates: string[];
  /** The deepest nesting of objects and arrays. */
  depth: number;
}

const STRING = /"(?:[^"\\]|\\.)*"/y;

interface Frame {
  keys: Set<string> | undefined; // undefined: an array
  key: string | number;
}

export function scanKeys(text: string, max = 5): KeyScan {
  const duplicates: string[] = [];
  const stack: Frame[] = [];
  let depth = 0;
  let expectKey = false;
  const path = (last: string) => [...stack.slice(0, -1).map((f) => String(f.key)), last].join(".");
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      STRING.lastIndex = i;
      if (!STRING.test(text)) break; // unreachable for text JSON.parse accepted
      const end = STRING.lastIndex;
      if (expectKey) {
        const raw = text.slice(i + 1, end - 1);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
        const frame = stack.at(-1)!;
        if (frame.keys!.has(key)) {
          if (duplicates.length < max) duplicates.push(path(key));
        } else frame.keys!.add(key);
        frame.key = key;
        expectKey = false;
      }
      i = end - 1;
    } else if (c === 0x7b /* { */) {
      stack.push({ keys: new Set(), key: "" });
      depth = Math.max(depth, stack.length);
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push({ keys: undefined, key: 0 });
      depth = Math.max(depth, stack.length);
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const frame = stack.at(-1);
      if (frame?.keys) expectKey = true;
      else if (frame) frame.key = (frame.key as number) + 1;
    }
  }
  return { duplicates, depth };
}
