/**
 * Who is asking, from where, under which client matter: built once per request from the Slack
 * payload and the store's channel ↔ matter links (issue 4, "Matters, ethical walls").
 */
import { wallAllows } from "../court/matter-wall.ts";
import { childLogger, type CorrelatedLogger } from "../logger.ts";
import type { CallOptions } from "../docket/requests.ts";
import type { Store } from "../store/store.ts";
import type { SlackDeps } from "./deps.ts";

/** What a request context reads in the store: the channel's matter links. */
export type ContextStore = Pick<Store, "mattersOfChannel">;

/** What a request context is built from: the channel's matter links, the admins, the logger. */
export type ContextDeps = Pick<SlackDeps, "logger" | "admins" | "installation"> & { store: ContextStore };

export interface RequestContext {
  teamId: string;
  userId: string;
  /** Undefined for global shortcuts and App Home, which have no channel. */
  channelId: string | undefined;
  /** The channel's linked matters (empty: none linked). */
  matters: readonly string[];
  isAdmin: boolean;
  log: CorrelatedLogger;
}

/**
 * The key stored rows are filed under: the installation's workspace (installation.ts), whatever
 * team the payload names; the payload's team only where the installation is not known (unit tests).
 */
export function workspaceKey(deps: Pick<SlackDeps, "installation">, payloadTeam: string | null | undefined): string {
  return deps.installation?.id ?? payloadTeam ?? "";
}

export type MatterChoice =
  | { kind: "none" }
  | { kind: "one"; clientMatter: string }
  | { kind: "many"; matters: readonly string[] };

export async function buildContext(
  deps: ContextDeps,
  ids: { teamId: string | undefined; userId: string; channelId: string | undefined },
  what: string,
): Promise<RequestContext> {
  const teamId = workspaceKey(deps, ids.teamId);
  const links = ids.channelId ? await deps.store.mattersOfChannel({ teamId, channelId: ids.channelId }) : [];
  const matters = [...new Set(links.map((l) => l.clientMatter))].sort();
  const log = childLogger(deps.logger, { component: "slack", what, team: teamId, user: ids.userId, channel: ids.channelId });
  return { teamId, userId: ids.userId, channelId: ids.channelId, matters, isAdmin: deps.admins.has(ids.userId), log };
}

/**
 * The matter a call is tagged with. With several linked, a caller may name one (`matter:X`);
 * otherwise lookups use the first in order, and actions that create something (trackers) ask.
 */
export function chooseMatter(ctx: RequestContext, named?: string): MatterChoice {
  if (ctx.matters.length === 0) return { kind: "none" };
  if (named !== undefined) return wallAllows(ctx.matters, named) ? { kind: "one", clientMatter: named } : { kind: "none" };
  if (ctx.matters.length === 1) return { kind: "one", clientMatter: ctx.matters[0]! };
  return { kind: "many", matters: ctx.matters };
}

/** The client_matter for a lookup from this channel ("" outside any matter). */
export function lookupMatter(ctx: RequestContext): string {
  return ctx.matters[0] ?? "";
}

/**
 * The matter a fee from this channel is billed to without asking: its one matter. "" where it has
 * none or several, so the fee gate asks which (renderChooseMatter): a channel linked to two
 * matters never bills whichever sorts first (every fee billed to THE client matter it was for).
 */
export function billedMatter(ctx: RequestContext): string {
  return ctx.matters.length === 1 ? ctx.matters[0]! : "";
}

/**
 * Options for a docket call made on behalf of this request: matter, logger, ledger tags. The
 * `matter` tag is the matter the call is made FOR, whose usage it is (the ledger records the row,
 * with this channel and user, under it); the service is told `clientMatter`, which differs only
 * where the service keeps one tag for several matters (a tracker: `actingFor` is then the matter
 * of this channel that asked).
 */
export function callOptions(ctx: RequestContext, clientMatter = lookupMatter(ctx), signal?: AbortSignal, actingFor = clientMatter): CallOptions {
  return {
    clientMatter,
    logger: ctx.log,
    signal,
    tags: { team: ctx.teamId, user: ctx.userId, channel: ctx.channelId ?? "", ref: ctx.log.ref, matter: actingFor },
  };
}
