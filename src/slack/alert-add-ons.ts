/**
 * Alerts' extension point (like App Home's, home-sections.ts): a feature with something to do when
 * a docket alert is delivered to a channel, or something to say under a filing of its headline,
 * registers an AlertAddOn; the outbox runs whatever is registered, in `order`, without knowing any
 * feature. main.ts makes the one registry and hands it to alerts and to the features.
 *
 *   addOns.add({ id: "court-dates", order: 10, onDelivered: async (ctx) => ({ linesFor: (f) => ["sets …"] }) });
 *
 * The wall: an add-on acts for `clientMatter` alone (the matter of the delivery's channel link).
 */
import type { CourtDate, CourtDateMention } from "../court/deadlines/court-date.ts";
import type { DocketEntry } from "../docket/schemas/docket.ts";
import { createExtensionPoint, type ExtensionPoint } from "./extension-point.ts";

/** One filing of the push as planned (push-plan.ts): its identity within the case and what it states. */
export interface AlertFiling {
  /** Unique within the case: the entry number, or a hash of its date and text. */
  key: string;
  entry: DocketEntry;
  /** The court dates this entry sets, moves or vacates, as its text states them. */
  mentions: readonly CourtDateMention[];
}

/** A docket alert delivered to one channel (every retry and every linked channel runs it again). */
export interface AlertDeliveryContext {
  channelId: string;
  clientMatter: string;
  /** The service's long court name (the case thread's key). */
  court: string;
  docket: string;
  title?: string | undefined;
  /** ISO `YYYY-MM-DD` of the push's latest entry. */
  latestEntryDate?: string | undefined;
  /** The filings this channel gets of the push, newest first. */
  filings: readonly AlertFiling[];
  /** The case's dates as the push's entries state them (read once per push when it was planned). */
  courtDates: readonly CourtDate[];
}

/** What an add-on has to say once it ran for a delivery. */
export interface AlertDelivered {
  /** Lines under a filing of the headline ([] says nothing); all add-ons' lines share one line, joined by " · ". */
  linesFor?(filing: AlertFiling): readonly string[];
}

export interface AlertAddOn {
  /** Unique among add-ons, e.g. "court-dates". */
  id: string;
  /** When it runs, and where its lines go: ascending. */
  order: number;
  /**
   * Before the headline is rendered, on every attempt: must be idempotent (a retry, or another
   * channel linked to the same matter, runs it again). A throw fails the attempt, which is retried.
   */
  onDelivered(ctx: AlertDeliveryContext): Promise<AlertDelivered | void>;
}

/** Registered in `order`, each id once (extension-point.ts). */
export type AlertAddOns = ExtensionPoint<AlertAddOn>;

export const createAlertAddOns = (): AlertAddOns => createExtensionPoint<AlertAddOn>("Alert add-on");
