/** The outbox's Slack calls under way, counted for stats() (and for tests driving a fake clock). */
import type { SlackPoster } from "./slack-poster.ts";

/** Counts calls under way, so stats (and tests driving a fake clock) can tell I/O from waiting. */
export function counted(poster: SlackPoster, inFlight: { n: number }): SlackPoster {
  const wrap = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => async (...a: A): Promise<R> => {
    inFlight.n++;
    try {
      return await f(...a);
    } finally {
      inFlight.n--;
    }
  };
  return {
    post: wrap(poster.post), update: wrap(poster.update), history: wrap(poster.history),
    replies: wrap(poster.replies), dm: wrap(poster.dm),
  };
}
