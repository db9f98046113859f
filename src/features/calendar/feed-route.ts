/**
 * GET /calendar/<token>.ics (issue 16 item 5): a matter's court dates as iCalendar, for Outlook,
 * Google Calendar and Apple Calendar to subscribe to. The token is the only credential, so:
 * - a malformed, wrong or revoked token falls through to the app's ordinary 404 for an unknown
 *   path (`next()`), byte for byte the answer any other unknown URL gets: nothing tells a guesser
 *   that a feed exists, existed or was revoked;
 * - the token never reaches a log: this route writes the request's one log line itself with the
 *   path redacted (http/app.ts skips its own line when `res.locals.requestLogged` is set);
 * - the response is private to whoever holds the URL: no caching by shared caches, no indexing;
 * - a feed whose matter no channel of its workspace is linked to any more is dark (the same 404):
 *   no admin could see or revoke it with `/docket calendar` there, so it must not keep publishing.
 *   Linking the matter again brings it back, where admins see it and can revoke it.
 * - a URL holder cannot stall the bot (issue 22 item 12): each feed has a token bucket (429 with
 *   Retry-After past it, rate-limit.ts); the ETag comes from the dates' version, so a conditional
 *   GET is answered 304 without rendering; the text is rendered once per change, in slices that
 *   yield to the event loop, and cached (feed-cache.ts); a feed holds at most FEED_MAX_EVENTS.
 */
import { Router, type Request, type Response, type NextFunction } from "express";
import type { Clock } from "../../clock.ts";
import type { CorrelatedLogger, Logger } from "../../logger.ts";
import { FEED_PATH_LOGGED } from "../../redact.ts";
import { createFeedCache, matchesEtag } from "./feed-cache.ts";
import { createFeedRateLimit, type FeedRate } from "./rate-limit.ts";
import { TOKEN_PATTERN, tokenHash } from "./tokens.ts";
import type { CalendarStore } from "./deps.ts";

export interface CalendarRouteDeps {
  store: Pick<CalendarStore, "calendarFeedByHash" | "channelsOfMatter" | "courtDatesOfMatters" | "courtDatesOfCase">;
  clock: Clock;
  logger: Logger;
  siteUrl?: string | undefined;
  /** Per-feed request rate (default DEFAULT_FEED_RATE). */
  rate?: FeedRate | undefined;
}

/** Re-exported from its one home (redact.ts), where the HTTP app's access line uses it too. */
export { FEED_PATH_LOGGED };

/** The paths the router answers (`/calendar/:file`, as Express matches it: any case). */
export const isFeedPath = (path: string): boolean => /^\/calendar\//i.test(path);

export function createCalendarRouter(deps: CalendarRouteDeps): Router {
  const router = Router();
  const feeds = createFeedCache(deps);
  const limit = createFeedRateLimit(deps.clock, deps.rate);
  router.get("/calendar/:file", async (req: Request<{ file: string }>, res: Response, next: NextFunction) => {
    const log = (res.locals.log as CorrelatedLogger | undefined) ?? deps.logger;
    const started = deps.clock.now();
    res.locals.requestLogged = true;
    res.on("finish", () => log.info({ method: req.method, path: FEED_PATH_LOGGED, status: res.statusCode, ms: deps.clock.now() - started }, "http request"));
    const token = /^(.+)\.ics$/.exec(req.params.file)?.[1];
    if (!token || !TOKEN_PATTERN.test(token)) return next();
    try {
      const hash = tokenHash(token);
      // Before anything is read: whichever token it is (known or not, so a 429 tells a guesser nothing).
      const taken = limit.take(hash);
      if (!taken.ok) {
        res.status(429).set({ "Retry-After": String(taken.retryAfterSeconds), "Cache-Control": "no-store" }).type("text/plain").send("Too Many Requests");
        return;
      }
      const feed = await deps.store.calendarFeedByHash(hash);
      if (!feed) return next();
      const linked = (await deps.store.channelsOfMatter(feed.clientMatter)).some((l) => l.teamId === feed.teamId);
      if (!linked) return next();
      const read = await feeds.read(feed.clientMatter);
      const file = feed.clientMatter.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 50) || "matter";
      res.set({
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `inline; filename="docketbot-${file}.ics"`,
        "Cache-Control": "private, max-age=300",
        "X-Robots-Tag": "noindex, nofollow",
        "Referrer-Policy": "no-referrer",
        ETag: read.etag,
      });
      // Unchanged since the app's copy: 304, nothing read beyond the version, nothing rendered.
      if (matchesEtag(req.get("if-none-match"), read.etag)) return void res.status(304).end();
      const ics = await read.ics();
      res.status(200).send(ics);
      log.debug({ matter: feed.clientMatter, feed: feed.id, bytes: ics.length }, "calendar feed served");
    } catch (error) {
      log.error({ err: error }, "could not serve a calendar feed");
      // Never Express's default error page: outside production it shows the stack.
      if (!res.headersSent) res.status(503).type("text/plain").send("Service Unavailable");
    }
  });
  return router;
}
