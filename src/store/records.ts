/**
 * The store's own record types (store/ never imports docket/: DEVELOPERS.md, Architecture).
 * Times are milliseconds since the epoch from the injected Clock. Money is in US dollars.
 */

/** A Slack channel: channel ids are only unique within a workspace, so the team goes with it. */
export interface ChannelRef {
  teamId: string;
  channelId: string;
}

/**
 * Restricts a read to rows of these client matters (the ethical wall of the channel asking).
 * `undefined` means every matter (admins' metrics); an empty list matches nothing, so a channel
 * with no linked matter sees nothing.
 */
export interface MatterScope {
  matters?: readonly string[] | undefined;
}

// ---- Matters -------------------------------------------------------------------------------

export interface MatterLink extends ChannelRef {
  clientMatter: string;
  linkedBy: string;
  linkedAt: number;
}

export interface LinkMatterInput extends ChannelRef {
  /** 1 to 50 characters (spec, Limits: `client_matter` length). */
  clientMatter: string;
  linkedBy: string;
}

/** What releasing held pushes did: how many pushes were waiting, how many deliveries were made. */
export interface ReleaseResult {
  pushes: number;
  deliveries: number;
}

export interface LinkMatterResult {
  /** false when the channel already had this matter (nothing changed). */
  linked: boolean;
  link: MatterLink;
  /** Held pushes of the matter released to its channels in the same transaction as the link. */
  released: ReleaseResult;
}

export interface UnlinkMatterResult {
  unlinked: boolean;
  /** Pending deliveries of that matter to that channel, marked dead (`matter_unlinked`). */
  cancelledDeliveries: number;
}

// ---- Thread Q&A ----------------------------------------------------------------------------

export interface ThreadKey extends ChannelRef {
  threadTs: string;
}

/** What a thread's questions read: the docket, its documents, or both (kept per thread). */
export type QaTarget = "docket" | "documents" | "both";

export interface BindThreadInput extends ThreadKey {
  court: string;
  docket: string;
  clientMatter: string;
  createdBy: string;
  /** What the first question read; follow-ups read the same. The first binding's target stays. */
  target?: QaTarget | undefined;
}

export interface ThreadBinding extends BindThreadInput {
  createdAt: number;
}

export interface QaTurnInput {
  question: string;
  answer: string;
  /** Providers that answered, e.g. ["providerone"]. */
  providers: readonly string[];
  price?: number | undefined;
  /** Docket entry numbers the answer relied on (as the service numbers them: "42", "42-1"). */
  relevantEntries: readonly string[];
  askedBy: string;
  /**
   * What the answer read; its thread's when not given. A question's expected price is read from
   * earlier answers of the same kind (qa/expected-price.ts).
   */
  target?: QaTarget | undefined;
}

export interface QaTurn extends QaTurnInput {
  id: number;
  at: number;
}

// ---- Usage ledger --------------------------------------------------------------------------

export interface UsageEntryInput {
  teamId?: string | undefined;
  userId?: string | undefined;
  channelId?: string | undefined;
  /**
   * The matter the call was made for ("" when none): the one whose usage it is, whose channel and
   * user these are.
   */
  clientMatter: string;
  /**
   * The client_matter the service was told, kept only where it differs from `clientMatter` (a
   * tracker carries one subscriber's tag for every matter following the case): for reconciling
   * with the service's own ledger, never shown in a channel.
   */
  serviceMatter?: string | undefined;
  endpoint: string;
  feeKind: string;
  mayHaveIncurredFees: boolean;
  /** The price the service reported, when it reported one. */
  price?: number | undefined;
  /** "ok" or an error code. */
  outcome: string;
  correlationId?: string | undefined;
}

export interface UsageEntry extends UsageEntryInput {
  id: number;
  at: number;
  /**
   * Pages of a live federal document, counted in the PDF that came back (recordPages): its court
   * fee can then be estimated at the tariff (issue 14 item 4); undefined when not known.
   */
  pages?: number | undefined;
}

export interface MatterUsage {
  clientMatter: string;
  calls: number;
  /** Calls that may have incurred fees (live pulls, live documents, PACER searches, AI). */
  feeBearingCalls: number;
  /** Calls whose price is known, and their sum in dollars. */
  pricedCalls: number;
  pricedSpend: number;
  /** Start of the month (UTC) the totals cover. */
  since: number;
}

// ---- Recent cases (App Home) ---------------------------------------------------------------

export interface RecentCaseInput {
  teamId: string;
  userId: string;
  court: string;
  docket: string;
  title?: string | undefined;
  /** The matter of the channel it was viewed in, when there was one. */
  clientMatter?: string | undefined;
}

export interface RecentCase extends RecentCaseInput {
  viewedAt: number;
}

// ---- Health --------------------------------------------------------------------------------

export interface StoreHealth {
  ok: boolean;
  detail: string;
}
