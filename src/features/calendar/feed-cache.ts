/**
 * A matter's feed, rendered once per change (issue 22 item 12). What the feed shows is read with
 * one store query (feed.ts matterFeedDates) and summed up as a version (the window's first day,
 * the dates' count, last change and ids); the ETag is that version's hash, known BEFORE any
 * render, so a calendar app's conditional GET is answered 304 without rendering. The text is
 * rendered lazily, in slices that yield to the event loop (ical/calendar.ts), once per version,
 * and shared by every request that asks meanwhile.
 *
 * The store has no cheap "version of a matter's dates" read yet (a COUNT/MAX query; asked for in
 * issue 22), and reading every date of a big matter costs ~100 ms of the event loop per 2,500
 * dates in one go, so the version is read again at most every VERSION_TTL_MS per matter (concurrent
 * requests share one read). A changed date shows up within that time: well inside the 5 minutes
 * the feed already lets a client keep its copy (Cache-Control max-age=300), and calendar apps
 * poll every 15 minutes to a few hours. At most MAX_CACHED matters are kept, least recently used
 * dropped first.
 */
import { createHash } from "node:crypto";
import { renderCalendarInSlices } from "./ical/calendar.ts";
import { matterCalendarInput, matterFeedDates, type CalendarFeedDeps, type MatterFeedDates } from "./feed.ts";

/** Rendered feeds kept (a capped feed is a few MB). */
export const MAX_CACHED = 16;
/** How long a matter's version stands before the store is read again. */
export const VERSION_TTL_MS = 30_000;

export interface FeedRead {
  /** A weak ETag of what the feed shows (RFC 9110 §8.8.3), known without rendering. */
  etag: string;
  /** The feed's bytes (UTF-8): rendered once for this version, then shared. */
  ics(): Promise<Buffer>;
}

interface Versioned {
  version: string;
  etag: string;
  read: MatterFeedDates;
}

interface Entry {
  checkedAt: number;
  current: Promise<Versioned>;
  rendered?: { version: string; ics: Promise<Buffer> } | undefined;
}

export interface FeedCacheDeps extends CalendarFeedDeps {
  /** How a render yields between slices (default: setImmediate). */
  yieldNow?: (() => Promise<void>) | undefined;
  maxCached?: number | undefined;
  versionTtlMs?: number | undefined;
}

export function createFeedCache(deps: FeedCacheDeps) {
  const entries = new Map<string, Entry>();
  const max = Math.max(1, deps.maxCached ?? MAX_CACHED);
  const ttl = Math.max(0, deps.versionTtlMs ?? VERSION_TTL_MS);
  // Reads and renders run one at a time: each yields between its slices, and with one running,
  // a slash command's ack waits for one slice at most, not one slice of every feed at once.
  let lane: Promise<unknown> = Promise.resolve();
  const inLane = <T>(work: () => Promise<T>): Promise<T> => {
    const run = lane.then(work);
    lane = run.catch(() => undefined);
    return run;
  };

  async function load(clientMatter: string): Promise<Versioned> {
    const read = await matterFeedDates(deps, clientMatter);
    const etag = `W/"${createHash("sha256").update(`${clientMatter}\u0000${read.version}\u0000${deps.siteUrl ?? ""}`).digest("base64url").slice(0, 32)}"`;
    return { version: read.version, etag, read };
  }

  function entryOf(clientMatter: string): Entry {
    const now = deps.clock.now();
    let entry = entries.get(clientMatter);
    if (!entry || now - entry.checkedAt >= ttl) {
      const current = inLane(() => load(clientMatter));
      entry = { checkedAt: now, current, rendered: entry?.rendered };
      const mine = entry;
      current.catch(() => {
        if (entries.get(clientMatter) === mine) entries.delete(clientMatter); // the next request reads again
      });
    }
    // Most recently used last, so the first key is the one to drop.
    entries.delete(clientMatter);
    entries.set(clientMatter, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value!);
    return entry;
  }

  return {
    async read(clientMatter: string): Promise<FeedRead> {
      const entry = entryOf(clientMatter);
      const v = await entry.current;
      return {
        etag: v.etag,
        ics: () => {
          if (entry.rendered?.version !== v.version) {
            // Kept as bytes: every response sends the same buffer, never re-encoding a few MB.
            const ics = inLane(() => renderCalendarInSlices(matterCalendarInput(deps, clientMatter, v.read), deps.yieldNow)).then((text) => Buffer.from(text, "utf8"));
            const rendered = { version: v.version, ics };
            entry.rendered = rendered;
            ics.catch(() => {
              if (entry.rendered === rendered) entry.rendered = undefined; // the next request renders again
            });
          }
          return entry.rendered!.ics;
        },
      };
    },
  };
}

export type FeedCache = ReturnType<typeof createFeedCache>;

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}
