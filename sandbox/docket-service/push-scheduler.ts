import type { Clock } from "../../src/clock.ts";
import type { Corpus, EmuCase } from "./corpus/types.ts";
import type { DemoFiling, Engines } from "./engines.ts";
import type { LiveCourt } from "./live-court.ts";
import type { PushAttempt, PushDelivery } from "./push-delivery.ts";
import { docketPush, newCasePush, searchPush, type PushPayload } from "./push-payloads.ts";
import type { Sessions } from "./sessions.ts";
import { FREQUENCY_MS, nosCodes, type Tracker, type Trackers } from "./trackers.ts";
import type { SiteUrls } from "./urls.ts";

/** What `triggerPush` accepts: activity on a case, a saved search, or a new federal case. */
export type TriggerSpec =
  /** `filings`: exactly these demo filings (an order, a routine filing) instead of `entries` generated ones. */
  | { court: string; docket: string; entries?: number; filings?: readonly DemoFiling[] }
  | { q: string }
  | { newCase: { natureOfSuit?: string; partyName?: string; court?: string; docket?: string } };

const RESULTS_PER_PUSH = 5;

export interface SchedulerDeps {
  clock: Clock;
  corpus: Corpus;
  engines: Engines;
  live: LiveCourt;
  urls: SiteUrls;
  trackers: Trackers;
  sessions: Sessions;
  pushes: PushDelivery;
  timeScale: number;
  /** false: trackers never fire on their own; only triggerPush and test_track push. */
  auto: boolean;
}

type NewCaseSpec = Extract<TriggerSpec, { newCase: unknown }>["newCase"];

/**
 * Generates activity for enabled trackers at their frequency (divided by `timeScale`) on the
 * injected clock and pushes it: each tick of a case tracker dockets one new entry on an active
 * case; a saved search pushes results it has not pushed yet; a nature-of-suit search (see nosCodes)
 * pushes one new_case. Trackers whose owner has no push URL are checked but push nothing (email only).
 */
export class PushScheduler {
  readonly #d: SchedulerDeps;
  readonly #loops = new Map<number, AbortController>();

  constructor(deps: SchedulerDeps) {
    this.#d = deps;
    if (deps.auto) deps.trackers.onChange((t) => this.#sync(t));
  }

  /** Pushes now to every enabled tracker the spec matches; resolves with the first attempts. */
  async trigger(spec: TriggerSpec): Promise<PushAttempt[]> {
    const { trackers, corpus, live, clock } = this.#d;
    const enabled = trackers.all().filter((t) => t.enabled);
    let targets: Tracker[];
    if ("court" in spec) {
      const k = corpus.find(spec.court, spec.docket);
      if (!k) throw new Error(`triggerPush: no case ${spec.docket} in ${spec.court}`);
      live.generate(k, clock.now(), spec.entries ?? 1, spec.filings);
      targets = enabled.filter((t) => t.target.kind === "case" && t.target.court === k.court && t.target.docket === k.docket);
    } else if ("q" in spec) {
      targets = enabled.filter((t) => t.target.kind === "search" && t.target.q === spec.q.trim());
    } else {
      const nos = spec.newCase.natureOfSuit;
      targets = enabled.filter((t) => {
        const codes = t.target.kind === "search" ? nosCodes(t.target.q) : [];
        return codes.length > 0 && (!nos || codes.some((c) => nos.startsWith(c)));
      });
    }
    const out: PushAttempt[] = [];
    for (const t of targets) {
      const payload = this.#activity(t, "newCase" in spec ? spec.newCase : undefined, true);
      const a = payload ? await this.#send(t, payload) : undefined;
      if (a) out.push(a);
    }
    return out;
  }

  /** track/ test_track=true: the tracker's current results, without moving its cursor. */
  current(t: Tracker): PushPayload | undefined {
    const k = this.#caseOf(t);
    if (k) return docketPush(t, k, k.entries.slice(-RESULTS_PER_PUSH), this.#d.urls);
    if (t.target.kind !== "search") return undefined;
    const codes = nosCodes(t.target.q);
    if (codes.length > 0) {
      const nc = this.#nosCandidates(codes)[0];
      return nc ? newCasePush(t, nc, nc.parties[0]?.name ?? "", this.#d.urls) : undefined;
    }
    return searchPush(t, t.target.q, this.#searchResults(t.target.q).slice(0, RESULTS_PER_PUSH), this.#d.urls);
  }

  close(): void {
    for (const ac of this.#loops.values()) ac.abort();
    this.#loops.clear();
  }

  #sync(t: Tracker): void {
    this.#loops.get(t.id)?.abort();
    this.#loops.delete(t.id);
    if (!t.enabled) return;
    const ac = new AbortController();
    this.#loops.set(t.id, ac);
    const every = FREQUENCY_MS[t.frequency] / (this.#d.timeScale > 0 ? this.#d.timeScale : 1);
    void (async () => {
      for (;;) {
        await this.#d.clock.sleep(every, ac.signal);
        if (t.target.kind === "case") {
          const k = this.#caseOf(t);
          if (k?.active) this.#d.live.generate(k, this.#d.clock.now(), 1);
        }
        const payload = this.#activity(t, undefined, false);
        if (payload) await this.#send(t, payload);
      }
    })().catch(() => undefined);
  }

  /** The push a tracker has to send now, moving its cursor; `force` resends when nothing is new. */
  #activity(t: Tracker, newCase: NewCaseSpec | undefined, force: boolean): PushPayload | undefined {
    const k = this.#caseOf(t);
    if (k) {
      const fresh = k.entries.slice(t.entriesSeen);
      t.entriesSeen = k.entries.length;
      return fresh.length > 0 ? docketPush(t, k, fresh, this.#d.urls) : undefined;
    }
    if (t.target.kind !== "search") return undefined;
    const codes = nosCodes(t.target.q);
    if (codes.length > 0) {
      const given = newCase?.court && newCase.docket ? this.#d.corpus.find(newCase.court, newCase.docket) : undefined;
      const nosList = newCase?.natureOfSuit ? [newCase.natureOfSuit] : codes;
      const candidates = this.#nosCandidates(nosList);
      const pick = given ?? candidates.find((c) => !t.seen.has(key(c))) ?? (force ? candidates[0] : undefined);
      if (!pick) return undefined;
      t.seen.add(key(pick));
      return newCasePush(t, pick, newCase?.partyName ?? pick.parties[0]?.name ?? "", this.#d.urls);
    }
    const all = this.#searchResults(t.target.q);
    let fresh = all.filter((c) => !t.seen.has(key(c))).slice(0, RESULTS_PER_PUSH);
    if (fresh.length === 0 && force) fresh = all.slice(0, RESULTS_PER_PUSH);
    for (const c of fresh) t.seen.add(key(c));
    return fresh.length > 0 ? searchPush(t, t.target.q, fresh, this.#d.urls) : undefined;
  }

  async #send(t: Tracker, payload: PushPayload): Promise<PushAttempt | undefined> {
    const url = this.#d.sessions.user(t.user)?.pushUrl;
    if (!url) return undefined;
    return this.#d.pushes.send(t.user, url, payload);
  }

  #caseOf(t: Tracker): EmuCase | undefined {
    return t.target.kind === "case" ? this.#d.corpus.find(t.target.court, t.target.docket) : undefined;
  }

  #searchResults(q: string): EmuCase[] {
    return this.#d.engines.search(this.#d.corpus, q, { offset: 0, limit: 50, order: "-date_filed" }).results;
  }

  #nosCandidates(codes: string[]): EmuCase[] {
    return this.#d.corpus.cases
      .filter((c) => c.federal && codes.some((code) => c.natureOfSuit?.startsWith(code)))
      .slice()
      .reverse();
  }
}

function key(k: EmuCase): string {
  return `${k.court}|${k.docket}`;
}
