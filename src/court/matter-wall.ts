/**
 * The matter wall (issue 4, "Matters, ethical walls"): a channel never sees or uses another
 * client's matter. Every "may this channel use what is tagged with matter X" asks this one
 * function, so the rule, and above all its rule for the blank matter, has one home.
 *
 * The blank matter ("") tags what was made in a channel with no matter linked (a lookup, a Q&A
 * thread, a PACER confirmation). It is visible only where the channel has no matter links
 * either: a channel linked to a client is that client's room, and work done outside every
 * matter must not carry into it (nor be billed from it under no matter). A thread started in a
 * channel before it was linked is refused after: ask again, and the new thread carries the matter.
 * Undefined (no tag known, e.g. a tracker listed without client_matter) belongs to no channel.
 */
export function wallAllows(channelMatters: readonly string[], tagged: string | undefined): boolean {
  if (tagged === undefined) return false;
  if (tagged === "") return channelMatters.length === 0;
  return channelMatters.includes(tagged);
}
