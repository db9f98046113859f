/**
 * The page's "Demo controls": things a person giving a demo wants to happen now rather than wait
 * for (a push from the docket service's trackers, say). The stand-in knows nothing of the docket
 * service; whoever wires the sandbox together (sandbox/run.ts) hands it these.
 */
export interface DemoAction {
  /** Stable, URL-safe: `push-flagship`. */
  id: string;
  /** The button's text. */
  label: string;
  /** One sentence under the button. */
  description: string;
  /** Does it; resolves with one sentence saying what happened, for the page to show. */
  run(): Promise<string>;
}

/** What the page learns about a demo action (never the function). */
export function describeDemoAction(a: DemoAction): { id: string; label: string; description: string } {
  return { id: a.id, label: a.label, description: a.description };
}
