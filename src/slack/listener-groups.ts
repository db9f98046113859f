/**
 * Bolt runs every request through EVERY listener it has (App.processEvent: `this.listeners.map`),
 * each chain starting with a type filter (onlyCommands, onlyActions…) that drops what is not its
 * kind. With some fifty listeners a slash command paid for fifty chains to find its one. Once the
 * features have registered, the listeners of each kind are grouped behind ONE chain with that
 * kind's filter: a request runs the six filters, then only the chains of its own kind, in the
 * order they were registered, exactly as Bolt would have run them (the same middleware, the same
 * arguments, one rejection rethrown as is and several as MultipleListenerError).
 *
 * `listeners` is Bolt's own (TypeScript-private) list; if a Bolt upgrade changes its shape, nothing
 * is grouped and every listener still runs as before (test/slack/listener-groups.test.ts notices).
 */
import {
  MultipleListenerError, onlyActions, onlyCommands, onlyEvents, onlyOptions, onlyShortcuts, onlyViewActions,
  type AnyMiddlewareArgs, type App, type Context, type Middleware,
} from "@slack/bolt";

type Chain = Middleware<AnyMiddlewareArgs>[];
type ListenerArgs = AnyMiddlewareArgs & { context: Context; client: unknown; logger: unknown; next: unknown };

const KIND_FILTERS: readonly unknown[] = [onlyCommands, onlyActions, onlyShortcuts, onlyViewActions, onlyOptions, onlyEvents];

/** Groups the app's listeners by kind; returns how many chains a request now runs (for tests). */
export function groupListenersByKind(app: InstanceType<typeof App>): number | undefined {
  const listeners = (app as unknown as { listeners?: unknown }).listeners;
  if (!Array.isArray(listeners) || !listeners.every((c) => Array.isArray(c))) return undefined;
  const groups = new Map<unknown, Chain[]>();
  const grouped: Chain[] = [];
  for (const chain of listeners as Chain[]) {
    const [filter, ...rest] = chain;
    if (!KIND_FILTERS.includes(filter) || rest.length < 2) {
      grouped.push(chain);
      continue;
    }
    let members = groups.get(filter);
    if (!members) {
      groups.set(filter, (members = []));
      grouped.push([filter!, runAll(members)]);
    }
    members.push(rest);
  }
  listeners.splice(0, listeners.length, ...grouped);
  return grouped.length;
}

/** One listener that runs each member chain as App.processEvent runs a listener chain. */
function runAll(members: readonly Chain[]): Middleware<AnyMiddlewareArgs> {
  return async (raw) => {
    const args = raw as ListenerArgs;
    const results = members.map(async (chain) => {
      const middleware = [...chain];
      const listener = middleware.pop();
      if (listener === undefined) return;
      await runChain(middleware, args, async () => listener({ ...args, next: noop } as never));
    });
    const rejected = (await Promise.allSettled(results)).filter((r): r is PromiseRejectedResult => r.status === "rejected");
    if (rejected.length === 1) throw rejected[0]!.reason;
    if (rejected.length > 1) throw new MultipleListenerError(rejected.map((r) => r.reason));
  };
}

const noop = () => undefined;

/** Bolt's processMiddleware (middleware/process.js): each middleware's next() runs the one after it, once. */
function runChain(middleware: Chain, args: ListenerArgs, last: () => Promise<void>): Promise<void> {
  let lastCalled = -1;
  const invoke = async (index: number): Promise<void> => {
    if (lastCalled >= index) throw Error("next() called multiple times");
    if (index < middleware.length) {
      lastCalled = index;
      return middleware[index]!({ ...args, next: () => invoke(index + 1), context: args.context, client: args.client, logger: args.logger } as never);
    }
    return last();
  };
  return invoke(0);
}
