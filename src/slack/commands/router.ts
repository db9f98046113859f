/**
 * `/docket` dispatch: parse the text, answer bad input at once (ephemeral, in the ack), and hand
 * a well-formed command to the feature that registered for its kind. Features own their ack: each
 * handler acknowledges before any slow work (Slack's 3-second rule).
 */
import type { App, RespondFn, SlashCommand, AckFn, RespondArguments } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
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
  /** The request's context (matters, admin flag, correlated logger); built after the ack. */
  ctx: RequestContext;
}

export type CommandHandler<K extends Command["kind"]> = (args: CommandArgs<K>) => Promise<void>;

export interface CommandRouter {
  on<K extends Command["kind"]>(kind: K, handler: CommandHandler<K>): void;
}

export function registerDocketCommand(app: App, deps: SlackDeps & ContextDeps): CommandRouter {
  const handlers = new Map<Command["kind"], CommandHandler<never>>();

  app.command("/docket", async ({ command: payload, ack, respond, client }) => {
    const parsed = parseCommand(commandText(payload.text ?? ""), { siteUrl: deps.siteUrl });
    if (!parsed.ok) {
      await ack({ response_type: "ephemeral", text: parsed.message });
      return;
    }
    const handler = handlers.get(parsed.command.kind) as CommandHandler<Command["kind"]> | undefined;
    if (!handler) {
      await ack({ response_type: "ephemeral", text: "That command isn't available yet. Try `/docket help`." });
      return;
    }
    // The context needs one store read; it is built before the handler acks, so keep it fast
    // (a local SQLite read) and never call the docket service here.
    const ctx = await buildContext(deps, { teamId: payload.team_id, userId: payload.user_id, channelId: payload.channel_id }, `command:${parsed.command.kind}`);
    try {
      await handler({ command: parsed.command as never, payload, ack, respond, client, ctx });
    } catch (error) {
      ctx.log.error({ err: error }, "command failed");
      await respond({ response_type: "ephemeral", replace_original: false, text: userMessageFor(error, { ref: ctx.log.ref }) }).catch(
        (e: unknown) => ctx.log.warn({ err: e }, "could not tell the user"),
      );
    }
  });

  return {
    on(kind, handler) {
      if (handlers.has(kind)) throw new Error(`/docket ${kind} has two handlers`);
      handlers.set(kind, handler as unknown as CommandHandler<never>);
    },
  };
}
