/**
 * App Home's extension point (issue 21): a feature that has something to show on a user's Home
 * registers a HomeSection; features/home/ publishes the tab from whatever is registered, in
 * `order`, without knowing any feature. main.ts makes the one registry and hands it to the
 * features (composition only).
 *
 *   sections.add({ id: "budgets", order: 30, render: async ({ request, matters }) => blocks });
 *
 * The wall: a section shows only `matters` (the matters of the channels the user is in now).
 */
import type { WebClient } from "@slack/web-api";
import type { Block } from "./blockkit/blocks.ts";
import type { RequestContext } from "./context.ts";
import { createExtensionPoint, type ExtensionPoint } from "./extension-point.ts";

export interface HomeSectionContext {
  /** Who opened Home (no channel: ctx.channelId is undefined). */
  request: RequestContext;
  /** The matters of the channels the user is in now, sorted: all a section may show. */
  matters: readonly string[];
  client: WebClient;
}

export interface HomeSection {
  /** Unique among sections, e.g. "tracking". */
  id: string;
  /** Where it sits below the user's recent cases and matters: ascending. */
  order: number;
  /** The section's blocks, already rendered by the feature's own view; [] shows nothing. */
  render(ctx: HomeSectionContext): Promise<readonly Block[]>;
  /**
   * For a section that needs a slow outside call: shown when render takes longer than Home's
   * fast bound, and Home is published again once it is done. Without it, Home waits for render.
   */
  loading?(ctx: HomeSectionContext): readonly Block[];
}

/** Registered in `order`, each id once (extension-point.ts). */
export type HomeSections = ExtensionPoint<HomeSection>;

export const createHomeSections = (): HomeSections => createExtensionPoint<HomeSection>("Home section");
