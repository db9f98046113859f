import { courtFromUrlSegment, courtUrlSegment } from "../../src/court/courts.ts";
import { createCorpus } from "./corpus/index.ts";
import type { Corpus } from "./corpus/types.ts";

/**
 * The emulator's links to modules outside the HTTP layer: the court table (src/docket/courts.ts,
 * the one place URL segments are defined) and the generated corpus.
 */
export function defaultCorpus(opts: { seed: number; now: number; realDocketsDir?: string | URL; size?: number }): Corpus {
  return createCorpus({
    seed: opts.seed,
    now: opts.now,
    ...(opts.realDocketsDir !== undefined ? { realDocketsDir: opts.realDocketsDir } : {}),
    ...(opts.size !== undefined ? { size: opts.size } : {}),
  });
}

export const courtSegments = {
  toSegment: (court: string): string => courtUrlSegment(court),
  fromSegment: (segment: string): string | undefined => courtFromUrlSegment(segment)?.name,
};
