/**
 * More channels for the Slack stand-in than its seeded workspace has (two), for the delivery figure
 * (20 channels). The stand-in has no API to add one, and the benchmark may not change it beyond its
 * faults, so this wraps the workspace's channel lookup on the one instance: every Web API method
 * finds a channel through `channelRef`, and messages are kept per channel id whatever the channel.
 * A `SlackStandIn.addChannel()` would make this unnecessary.
 */
import type { SlackStandIn } from "../../sandbox/slack/stand-in.ts";
import { BOT, type SlackChannel } from "../../sandbox/slack/workspace.ts";

interface ChannelLookup {
  channelRef(id: string): SlackChannel | undefined;
}

export function addChannels(slack: SlackStandIn, ids: readonly string[]): void {
  const state = slack.state as unknown as ChannelLookup;
  if (typeof state.channelRef !== "function") throw new Error("the Slack stand-in's state has no channelRef: update bench/lib/stand-in-channels.ts");
  const extra = new Map<string, SlackChannel>(
    ids.map((id) => [id, {
      id, name: `bench-${id.toLowerCase()}`, is_im: false, is_private: false, is_archived: false, created: 1_700_000_000,
      creator: "U0ADMIN", topic: "", purpose: "benchmark channel", members: new Set(["U0ADMIN", BOT.userId]),
    }]),
  );
  const original = state.channelRef.bind(state);
  state.channelRef = (id) => extra.get(id) ?? original(id);
}
