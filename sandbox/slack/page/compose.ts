/**
 * What Slack's client does with what a person typed in the composer, before anything reaches the app.
 * - A leading "/" makes it a slash command: the command word and the text after it, with &, < and >
 *   escaped as Slack escapes them in a command's `text` whatever `should_escape` says (the
 *   manifest's `false` only spares the app Slack's `<@U…>`/`<#C…>` forms of what was typed; `/docket
 *   watch "AT&T merger"` arrives as `AT&amp;T merger`). An unknown command never leaves the client.
 * - Anything else is a message. Its `text` is escaped as Slack escapes message text (&, <, > become
 *   entities, https://docs.slack.dev/messaging/formatting-message-text#escaping), `@name` of a
 *   workspace member becomes `<@U…>`, `#name` of a channel `<#C…>`, and bare web links `<url>`, so
 *   app_mention and link_shared work as in Slack. The rich_text elements keep the raw text.
 */
export interface ComposeDirectory {
  users: readonly { id: string; name: string }[];
  channels: readonly { id: string; name: string; is_im: boolean }[];
  commands: readonly string[];
}

export type RichTextElement =
  | { type: "text"; text: string }
  | { type: "user"; user_id: string }
  | { type: "channel"; channel_id: string }
  | { type: "link"; url: string };

export type Composed =
  | { kind: "command"; command: string; text: string }
  | { kind: "message"; text: string; richText: RichTextElement[] }
  | { kind: "invalid"; error: "empty" | "unknown_command"; message: string };

/** Longest message Slack's client sends (chat.postMessage truncates past 40,000 characters). */
export const COMPOSER_MAX = 40_000;

export function escapeMessageText(raw: string): string {
  return raw.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function parseComposer(input: string, dir: ComposeDirectory): Composed {
  const raw = input.replace(/\r\n?/g, "\n");
  if (raw.trim() === "") return { kind: "invalid", error: "empty", message: "Type a message or a /command first." };
  const command = /^\s*(\/[^\s/]+)(?:\s+([\s\S]*))?$/.exec(raw);
  if (command) {
    const name = (command[1] ?? "").toLowerCase();
    if (!dir.commands.includes(name)) {
      return {
        kind: "invalid", error: "unknown_command",
        message: `${command[1]} is not a valid command. In Slack, all messages that start with the "/" character are interpreted as commands.`,
      };
    }
    return { kind: "command", command: name, text: escapeMessageText((command[2] ?? "").trim()) };
  }
  return { kind: "message", ...encodeMessage(raw, dir) };
}

const TOKEN = /(https?:\/\/[^\s<>"]+)|(?<![\w@])@([a-z0-9][a-z0-9._-]*)|(?<![\w#&])#([a-z0-9][a-z0-9_-]*)/gi;

function encodeMessage(raw: string, dir: ComposeDirectory): { text: string; richText: RichTextElement[] } {
  let text = "";
  const rich: RichTextElement[] = [];
  const plain = (s: string) => {
    if (s === "") return;
    text += escapeMessageText(s);
    const last = rich[rich.length - 1];
    if (last?.type === "text") last.text += s;
    else rich.push({ type: "text", text: s });
  };
  let at = 0;
  for (const m of raw.matchAll(TOKEN)) {
    const [whole, url, userName, channelName] = m;
    const start = m.index ?? 0;
    let consumed = whole;
    let encoded: { text: string; element: RichTextElement } | undefined;
    if (url) {
      // Trailing punctuation ends a sentence, not the link (as Slack's client reads it).
      const link = url.replace(/[.,;:!?)\]'}]+$/, "");
      consumed = link;
      if (URL.canParse(link)) encoded = { text: `<${escapeMessageText(link)}>`, element: { type: "link", url: link } };
    } else if (userName) {
      const name = userName.replace(/[.]+$/, "");
      const user = dir.users.find((u) => u.name.toLowerCase() === name.toLowerCase());
      consumed = `@${name}`;
      if (user) encoded = { text: `<@${user.id}>`, element: { type: "user", user_id: user.id } };
    } else if (channelName) {
      const channel = dir.channels.find((c) => !c.is_im && c.name.toLowerCase() === channelName.toLowerCase());
      if (channel) encoded = { text: `<#${channel.id}>`, element: { type: "channel", channel_id: channel.id } };
    }
    if (!encoded) continue;
    plain(raw.slice(at, start));
    text += encoded.text;
    rich.push(encoded.element);
    at = start + consumed.length;
  }
  plain(raw.slice(at));
  return { text, richText: rich };
}
