/**
 * Trackers per account (spec "States and transitions": not tracked -> tracking -> stopped). One per
 * (user, case) or (user, saved search); a stopped tracker stays listed with enabled=false.
 */
export const FREQUENCIES = ["realtime", "continuous", "40x", "twice_daily", "daily", "weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

const MIN = 60_000;
/**
 * How often the emulator checks a tracker. The spec names the frequencies without periods; these
 * are the emulator's reading: realtime every 5 minutes, continuous every 30, 40x = 40 times a day.
 */
export const FREQUENCY_MS: Record<Frequency, number> = {
  realtime: 5 * MIN,
  continuous: 30 * MIN,
  "40x": 36 * MIN,
  twice_daily: 12 * 60 * MIN,
  daily: 24 * 60 * MIN,
  weekly: 7 * 24 * 60 * MIN,
  monthly: 30 * 24 * 60 * MIN,
};

export type TrackerTarget = { kind: "case"; court: string; docket: string } | { kind: "search"; q: string };

export interface Tracker {
  id: number;
  user: string;
  target: TrackerTarget;
  title: string;
  link: string;
  enabled: boolean;
  frequency: Frequency;
  clientMatter: string;
  updatedAt: number;
  /** Results a saved-search tracker has already pushed (`court|docket`). */
  seen: Set<string>;
  /** Case trackers: how many of the case's entries have been pushed (or existed when tracking began). */
  entriesSeen: number;
}

export function isFrequency(s: string): s is Frequency {
  return (FREQUENCIES as readonly string[]).includes(s);
}

/**
 * NOS codes in a saved search (`nature_of_suit:(830 OR 835)`, `nos:830`): such a search is a
 * "tracked nature-of-suit search" and produces new_case pushes (spec Events).
 */
export function nosCodes(q: string): string[] {
  const m = /\b(?:nature_of_suit|nos):\s*(\([^)]*\)|"[^"]*"|\S+)/i.exec(q);
  return m ? [...(m[1] ?? "").matchAll(/\b\d{3}\b/g)].map((x) => x[0]) : [];
}

export class Trackers {
  readonly #all: Tracker[] = [];
  #nextId = 1;
  readonly #listeners: ((t: Tracker) => void)[] = [];

  find(user: string, target: TrackerTarget): Tracker | undefined {
    return this.#all.find((t) => t.user === user && sameTarget(t.target, target));
  }

  /** Creates or updates a tracker; listeners (the push scheduler) hear about every change. */
  upsert(
    user: string,
    target: TrackerTarget,
    fields: {
      title: string;
      link: string;
      enabled: boolean;
      frequency?: Frequency;
      clientMatter?: string;
      now: number;
      entriesSeen?: number;
    },
  ): Tracker {
    let t = this.find(user, target);
    if (!t) {
      t = {
        id: this.#nextId++,
        user,
        target,
        title: fields.title,
        link: fields.link,
        enabled: fields.enabled,
        frequency: fields.frequency ?? "daily",
        clientMatter: fields.clientMatter ?? "",
        updatedAt: fields.now,
        seen: new Set(),
        entriesSeen: fields.entriesSeen ?? 0,
      };
      this.#all.push(t);
    } else {
      t.enabled = fields.enabled;
      if (fields.frequency) t.frequency = fields.frequency;
      if (fields.clientMatter !== undefined) t.clientMatter = fields.clientMatter;
      t.updatedAt = fields.now;
    }
    for (const l of this.#listeners) l(t);
    return t;
  }

  list(user: string): Tracker[] {
    return this.#all.filter((t) => t.user === user);
  }

  all(): readonly Tracker[] {
    return this.#all;
  }

  onChange(listener: (t: Tracker) => void): void {
    this.#listeners.push(listener);
  }
}

function sameTarget(a: TrackerTarget, b: TrackerTarget): boolean {
  if (a.kind === "case" && b.kind === "case") return a.court === b.court && a.docket === b.docket;
  if (a.kind === "search" && b.kind === "search") return a.q === b.q;
  return false;
}
