import { createCorpus } from "./corpus/index.ts";
import type { Corpus } from "./corpus/types.ts";
import { emuCourtFromSegment, emuCourtSegment } from "./courts.ts";

/**
 * The emulator's links to modules outside the HTTP layer: its own court list (courts.ts, where its
 * URL segments are defined, independent of docketbot's court table) and the generated corpus.
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
  toSegment: (court: string): string => emuCourtSegment(court),
  fromSegment: (segment: string): string | undefined => emuCourtFromSegment(segment)?.name,
};
