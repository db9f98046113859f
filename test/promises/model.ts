/**
 * The reference model of the promise test (issue 22): who is in which channel, which channels link
 * which matters, which matters subscribe to which case, what each channel and user has looked up,
 * which pushes the bot acknowledged (and where they must arrive), budgets and consents to fees.
 * Sets named `ever*` only grow: a message posted while a matter was linked may stay in the channel
 * after the unlink, so the walls allow what was ever visible, never what never was.
 */
export const ADMIN = "U0ADMIN";
export const MEMBER = "U0MEMBER";
/** A non-admin in one channel only: the user another matter's text must never reach. */
export const OLA = "U0OLA";
export const USERS = [ADMIN, MEMBER, OLA] as const;
export const ADMINS: readonly string[] = [ADMIN];
export const MEMBERS: Record<string, readonly string[]> = {
  C0ACME: [ADMIN, MEMBER],
  C0IP: [ADMIN],
  C0BETA: [ADMIN, OLA],
};
export const CHANNEL_NAMES: Record<string, string> = { C0ACME: "litigation-acme", C0IP: "ip-portfolio", C0BETA: "beta-deal" };
export const CHANNELS = Object.keys(MEMBERS);
export const DMS: Record<string, string> = { [ADMIN]: "D0ANN", [MEMBER]: "D0MO", [OLA]: "D0OLA" };
export const MATTERS = ["ZETA-101", "IPCO-777", "BETA-42"] as const;

/** A case of the emulator's corpus (filled in at start: the corpus is generated). */
export interface ModelCase {
  court: string;
  docket: string;
  title: string;
}

export interface Entry {
  token: string;
  kind: "order" | "motion" | "routine" | "hearing";
}

export interface ExpectedPush {
  step: number;
  kase: number;
  entries: Entry[];
  /** Channels the entries must reach (linked to a matter that subscribed when the push was acknowledged). */
  channels: string[];
}

/**
 * What a push must be answered (features/alerts/intake/route.ts): a valid one is stored (2xx); one
 * that says two things (duplicate keys) is refused (4xx); any other malformed body is refused or
 * kept in quarantine with a 200 (the service retries every non-200 for hours: spec, Delivery rules).
 */
export type PushExpectation = "accepted" | "refused" | "refusedOrQuarantined";

export interface Consent {
  user: string;
  /** Matters this consent may bill. */
  matters: string[];
  kind: "ai" | "pacer" | "approve";
}

const add = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => {
  const s = m.get(k) ?? new Set<V>();
  s.add(v);
  m.set(k, s);
};

export class Model {
  readonly links = new Map<string, Set<string>>(); // channel -> matters
  readonly subs = new Map<string, Set<number>>(); // matter -> cases
  readonly everLinks = new Map<string, Set<string>>();
  readonly everSubs = new Map<string, Set<number>>();
  /** Cases looked up (asked, tracked, shown) in a channel or by a user. */
  readonly lookups = new Map<string, Set<number>>();
  readonly pushes: ExpectedPush[] = [];
  /** Tokens of entries whose case is ambiguous (duplicate keys): either case may show them. */
  readonly ambiguous = new Map<string, number[]>();
  readonly tokenCase = new Map<string, number>();
  readonly budgets = new Map<string, { cap: number; spentAtSet: number }>();
  readonly consents: Consent[] = [];
  /** Every push reply, for the no-5xx promise. */
  readonly pushReplies: { step: number; expect: PushExpectation; status: number; what: string }[] = [];
  readonly acks: { step: number; what: string; status: number; ackMs: number; late: boolean }[] = [];
  feeds: { channel: string; body: string }[] = [];
  /** Matter names a user typed in a channel: the bot may say them back to that user privately. */
  readonly typed = new Map<string, Set<string>>();
  /** A user's last DM question billed to a matter they picked: its thread, for a follow-up there. */
  readonly dmAsks = new Map<string, { matter: string; thread: string }>();
  /** Steps after which the outbox did not drain within its bound. */
  readonly stalls: string[] = [];
  step = 0;
  #token = 0;

  readonly cases: ModelCase[];

  constructor(cases: ModelCase[]) {
    this.cases = cases;
  }

  token(): string {
    this.#token += 1;
    return `QZ${String(this.#token).padStart(4, "0")}K`;
  }

  matters(channel: string): string[] {
    return [...(this.links.get(channel) ?? [])];
  }

  link(channel: string, matter: string): void {
    add(this.links, channel, matter);
    add(this.everLinks, channel, matter);
  }

  unlink(channel: string, matter: string): void {
    this.links.get(channel)?.delete(matter);
  }

  subscribe(matter: string, kase: number): void {
    add(this.subs, matter, kase);
    add(this.everSubs, matter, kase);
  }

  /** A push tagged with this matter: its channels get the case's filings (README: a tracker's tag keeps its pushes). */
  tagged(matter: string, kase: number): void {
    add(this.everSubs, matter, kase);
  }

  unsubscribe(matter: string, kase: number): void {
    this.subs.get(matter)?.delete(kase);
  }

  type(channel: string, matter: string): void {
    add(this.typed, channel, matter);
  }

  lookedUp(who: string, kase: number): void {
    add(this.lookups, who, kase);
  }

  /** Channels linked now to a matter that subscribes now to the case. */
  targets(kase: number): string[] {
    return CHANNELS.filter((c) => this.matters(c).some((m) => this.subs.get(m)?.has(kase)));
  }

  /** The first matter subscribing to a case (the service's tracker tag, as the bot keeps it). */
  tagOf(kase: number): string | undefined {
    return MATTERS.find((m) => this.subs.get(m)?.has(kase));
  }

  /** Matters whose text an audience may see: a channel's ever-linked ones, or a user's channels'. */
  allowedMatters(audience: { channel?: string; user?: string }): Set<string> {
    const channels = audience.channel ? [audience.channel] : CHANNELS.filter((c) => MEMBERS[c]!.includes(audience.user!));
    return new Set(channels.flatMap((c) => [...(this.everLinks.get(c) ?? [])]));
  }

  /** Cases an audience may see: ever subscribed by its allowed matters, or looked up there. */
  allowedCases(audience: { channel?: string; user?: string }): Set<number> {
    const out = new Set<number>();
    for (const m of this.allowedMatters(audience)) for (const k of this.everSubs.get(m) ?? []) out.add(k);
    for (const k of this.lookups.get(audience.channel ?? audience.user!) ?? []) out.add(k);
    if (audience.user) for (const c of CHANNELS) if (MEMBERS[c]!.includes(audience.user)) for (const k of this.lookups.get(c) ?? []) out.add(k);
    return out;
  }

  /** Channels an audience may see named: its own, and those sharing an ever-linked matter with it. */
  allowedChannels(audience: { channel?: string; user?: string }): Set<string> {
    const mine = audience.channel ? [audience.channel] : CHANNELS.filter((c) => MEMBERS[c]!.includes(audience.user!));
    const matters = this.allowedMatters(audience);
    return new Set([...mine, ...CHANNELS.filter((c) => [...(this.everLinks.get(c) ?? [])].some((m) => matters.has(m)))]);
  }

  /** Users an audience may see named: members of its allowed channels. */
  allowedUsers(audience: { channel?: string; user?: string }): Set<string> {
    const users = new Set<string>(audience.user ? [audience.user] : []);
    for (const c of this.allowedChannels(audience)) for (const u of MEMBERS[c]!) users.add(u);
    return users;
  }
}
