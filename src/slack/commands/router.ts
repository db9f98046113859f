/**
 * `/docket` dispatch: parse the text, answer bad input at once (ephemeral, in the ack), and hand
 * a well-formed command to the feature that registered for its kind. Features own their ack: each
 * handler acknowledges before any slow work (Slack's 3-second rule); the dispatch guarantees one
 * whatever happens (issue 22, item 14).
 */
import type { App, RespondFn, SlashCommand, AckFn, RespondArguments } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { childLogger } from "../../logger.ts";
import { yieldToLoop } from "../../event-loop.ts";
import { buildContext, type RequestContext } from "../context.ts";
import type { ContextDeps } from "../context.ts";
import type { SlackDeps } from "../deps.ts";
import { userMessageFor } from "../user-errors.ts";
import { commandText } from "./command-text.ts";
import { parseCommand, type Command } from "./grammar.ts";

export type CommandOf<K extends Command["kind"]> = Extract<Command, { kind: K }>;

export interface CommandArgs<K extends Command["kind"]> {
  command: CommandOf<K>;
  payload: SlashCommand;
  ack: AckFn<string | RespondArguments>;
  respond: RespondFn;
  client: WebClient;
  /** The request's context (matters, admin flag, correlated logger); built after an `ackFirst` ack. */
  ctx: RequestContext;
}

export type CommandHandler<K extends Command["kind"]> = (args: CommandArgs<K>) => Promise<void>;

/** What an ack carries: a message, or nothing (an empty 200). */
export interface AckAnswer {
  answer?: string | RespondArguments | undefined;
}

/**
 * A command whose ack depends on its text alone (a "working" message, a refusal of bad input)
 * says so here: the router acks with it BEFORE reading the channel's matters from the store or
 * logging, so the user's answer does not wait on them (Slack's 3-second rule). The handler then
 * runs with the context as usual; its own ack calls are no-ops. A command whose ack needs the
 * context (help lists the channel's matters) registers without it.
 */
export type AckFirst<K extends Command["kind"]> = (args: { command: CommandOf<K>; payload: SlashCommand }) => AckAnswer;

export interface CommandRouter {
  on<K extends Command["kind"]>(kind: K, handler: CommandHandler<K>, options?: { ackFirst?: AckFirst<K> }): void;
}

/** Slack gives up at 3 s; an empty ack at 2.5 s leaves room for the round trip. */
export const ACK_DEADLINE_MS = 2500;

export function registerDocketCommand(app: App, deps: SlackDeps & ContextDeps): CommandRouter {
  const handlers = new Map<Command["kind"], { handler: CommandHandler<never>; ackFirst?: AckFirst<never> | undefined }>();

  app.command("/docket", async ({ command: payload, ack: boltAck, respond, client }) => {
    // Bolt's dispatch (and, over HTTP, the request and response behind it) is let go once the
    // command is acknowledged: a handler that waits on the docket service no longer keeps them
    // alive, which under load was most of what the garbage collector had to copy. The handler's
    // own errors never reached Bolt (dispatch below answers and logs them itself).
    let acknowledged!: () => void;
    const ackSent = new Promise<void>((resolve) => (acknowledged = resolve));
    const ackThenRelease: typeof boltAck = async (answer) => {
      try {
        return await boltAck(answer);
      } finally {
        acknowledged();
      }
    };
    const done = dispatch(payload, ackThenRelease, respond, client).catch((error: unknown) => deps.logger.error({ err: error, component: "slack" }, "command failed"));
    await Promise.race([done, ackSent]);
  });

  const dispatch = async (payload: SlashCommand, boltAck: AckFn<string | RespondArguments>, respond: RespondFn, client: WebClient): Promise<void> => {
    // Issue 22, item 14: THE one place every command is acknowledged, whatever its text. The
    // feature's handler acks with its own answer as before; this guard makes that ack idempotent,
    // sends an empty one if the handler has not acked within ACK_DEADLINE_MS, and in `finally`
    // acks (with a plain sentence) whatever threw before the handler's ack: parsing, the context,
    // the handler itself (api.slack.com/interactivity/slash-commands: answer within 3 seconds).
    let acked = false;
    let guardAcked = false;
    let failure: unknown;
    const ack: AckFn<string | RespondArguments> = async (answer) => {
      if (!acked) {
        acked = true;
        return boltAck(answer);
      }
      // The deadline's empty ack went first: the handler's answer still reaches the user.
      if (guardAcked && answer !== undefined) await respond(typeof answer === "string" ? { response_type: "ephemeral", text: answer } : answer);
    };
    const deadline = setTimeout(() => {
      if (acked) return;
      guardAcked = true;
      void ack().catch(() => undefined);
    }, ACK_DEADLINE_MS);
    let ctx: RequestContext | undefined;
    // Logs what fails before the context exists (its ref is the one the user is shown); made only
    // when needed, as a pino child serializes its bindings when it is made.
    let earlyLog: ReturnType<typeof childLogger> | undefined;
    const early = () => (earlyLog ??= childLogger(deps.logger, { component: "slack", command: "/docket" }));
    try {
      const parsed = parseCommand(commandText(payload.text ?? ""), { siteUrl: deps.siteUrl });
      if (!parsed.ok) return void (await ack({ response_type: "ephemeral", text: parsed.message }));
      const registered = handlers.get(parsed.command.kind) as { handler: CommandHandler<Command["kind"]>; ackFirst?: AckFirst<Command["kind"]> } | undefined;
      if (!registered) return void (await ack({ response_type: "ephemeral", text: "That command isn't available yet. Try `/docket help`." }));
      const { handler, ackFirst } = registered;
      if (ackFirst) {
        await ack(ackFirst({ command: parsed.command, payload }).answer);
        // The rest waits a turn: requests that arrived with this one are read and acknowledged
        // first, not queued behind its store read and its docket call (Slack's 3-second rule).
        await yieldToLoop();
      }
      // The context needs one store read; where the handler acks itself it comes first, so keep
      // it fast (a local SQLite read) and never call the docket service here.
      ctx = await buildContext(deps, { teamId: payload.team_id, userId: payload.user_id, channelId: payload.channel_id }, `command:${parsed.command.kind}`);
      await handler({ command: parsed.command as never, payload, ack, respond, client, ctx });
    } catch (error) {
      failure = error;
      (ctx?.log ?? early()).error({ err: error }, "command failed");
    } finally {
      clearTimeout(deadline);
      const sentence = failure === undefined ? undefined : userMessageFor(failure, { ref: (ctx?.log ?? early()).ref });
      if (!acked) {
        await ack(sentence === undefined ? undefined : { response_type: "ephemeral", text: sentence }).catch((e: unknown) => early().warn({ err: e }, "could not acknowledge a command"));
      } else if (sentence !== undefined) {
        await respond({ response_type: "ephemeral", replace_original: false, text: sentence }).catch((e: unknown) =>
          (ctx?.log ?? early()).warn({ err: e }, "could not tell the user"),
        );
      }
    }
  };

  return {
    on(kind, handler, options) {
      if (handlers.has(kind)) throw new Error(`/docket ${kind} has two handlers`);
      handlers.set(kind, { handler: handler as unknown as CommandHandler<never>, ackFirst: options?.ackFirst as unknown as AckFirst<never> | undefined });
    },
  };
}
