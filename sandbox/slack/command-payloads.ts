import { actorFields, channelField, VERIFICATION_TOKEN, type PayloadDeps } from "./interaction-payloads.ts";
import { commandTeamFields, homeTeam, type PayloadShape } from "./payload-shapes.ts";
import { APP_ID } from "./workspace.ts";

/**
 * Slash commands (form fields, https://docs.slack.dev/interactivity/implementing-slash-commands),
 * message shortcuts (`message_action`) and global shortcuts (`shortcut`,
 * https://docs.slack.dev/reference/interaction-payloads/shortcuts-interaction-payload).
 */
export interface CommandInput {
  command?: string;
  text: string;
  user: string;
  channel: string;
}

export interface CommandRequest {
  form: Record<string, string>;
  responseUrl: string;
  triggerId: string;
}

export function commandForm(deps: PayloadDeps, input: CommandInput, shape: PayloadShape = "plain"): CommandRequest {
  const user = deps.state.userRef(input.user);
  if (!user) throw new Error(`The Slack stand-in has no user ${input.user}`);
  const channel = channelField(deps, input.channel);
  const responseUrl = deps.responseUrls.issue("commands", { channel: input.channel, user: input.user });
  const triggerId = deps.triggers.issue(input.user);
  return {
    responseUrl,
    triggerId,
    form: {
      token: VERIFICATION_TOKEN,
      ...commandTeamFields(shape, homeTeam(deps.state, input.user)),
      channel_id: channel.id,
      channel_name: channel.name,
      user_id: user.id,
      user_name: user.name,
      command: input.command ?? "/docket",
      text: input.text,
      api_app_id: APP_ID,
      response_url: responseUrl,
      trigger_id: triggerId,
    },
  };
}

export interface MessageShortcutInput {
  callbackId: string;
  user: string;
  channel: string;
  /** The ts of the message the shortcut was used on. */
  message: string;
}

export function messageShortcutPayload(deps: PayloadDeps, input: MessageShortcutInput, shape: PayloadShape = "plain"): Record<string, unknown> {
  const message = deps.state.message(input.channel, input.message);
  if (!message) throw new Error(`No message ${input.message} in ${input.channel}`);
  const actor = actorFields(deps, input.user, "message_action", shape);
  return {
    type: "message_action", token: VERIFICATION_TOKEN, action_ts: `${deps.ids.seconds()}.000000`,
    ...actor.team, user: actor.user,
    channel: channelField(deps, input.channel),
    callback_id: input.callbackId, trigger_id: deps.triggers.issue(input.user),
    response_url: deps.responseUrls.issue("actions", { channel: input.channel, user: input.user }),
    message_ts: message.ts, message,
  };
}

export interface GlobalShortcutInput {
  callbackId: string;
  user: string;
}

export function globalShortcutPayload(deps: PayloadDeps, input: GlobalShortcutInput, shape: PayloadShape = "plain"): Record<string, unknown> {
  const actor = actorFields(deps, input.user, "shortcut", shape);
  const { id, username, team_id } = actor.user;
  return {
    type: "shortcut", token: VERIFICATION_TOKEN, action_ts: `${deps.ids.seconds()}.000000`,
    ...actor.team, user: { id, username, team_id },
    callback_id: input.callbackId,
    trigger_id: deps.triggers.issue(input.user),
  };
}
