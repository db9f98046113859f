/**
 * The Slack-shaped objects the stand-in keeps and returns. Field names are Slack's (snake_case),
 * because these objects go over the wire unchanged.
 */
export type Block = Record<string, unknown> & { type: string; block_id?: string };

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

/** A message as conversations.history returns it (thread fields are filled in when read). */
export interface SlackMessage {
  type: "message";
  ts: string;
  team: string;
  text: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  bot_profile?: { id: string; app_id: string; name: string; team_id: string; deleted: boolean };
  subtype?: string;
  blocks?: Block[];
  attachments?: Record<string, unknown>[];
  thread_ts?: string;
  parent_user_id?: string;
  reply_count?: number;
  reply_users?: string[];
  reply_users_count?: number;
  latest_reply?: string;
  metadata?: MessageMetadata;
  files?: SlackFile[];
  upload?: boolean;
  edited?: { user: string; ts: string };
  client_msg_id?: string;
}

/** An ephemeral message: only `user` sees it, and it never appears in history. */
export interface EphemeralMessage {
  message_ts: string;
  channel: string;
  user: string;
  text: string;
  blocks?: Block[];
  thread_ts?: string;
  /** How it got there: chat.postEphemeral, a response_url post, or a slash command's ack body. */
  source: "chat.postEphemeral" | "response_url" | "ack";
}

export interface SlackFile {
  id: string;
  created: number;
  timestamp: number;
  name: string;
  title: string;
  mimetype: string;
  filetype: string;
  pretty_type: string;
  user: string;
  user_team: string;
  size: number;
  mode: "hosted";
  is_external: false;
  is_public: boolean;
  url_private: string;
  url_private_download: string;
  permalink: string;
  channels: string[];
  ims: string[];
  groups: string[];
  alt_txt?: string;
  file_access: "visible";
}

export type ViewType = "modal" | "home";

export interface SlackView {
  id: string;
  team_id: string;
  type: ViewType;
  title?: unknown;
  submit?: unknown;
  close?: unknown;
  blocks: Block[];
  private_metadata: string;
  callback_id: string;
  external_id: string;
  state: { values: Record<string, Record<string, unknown>> };
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  root_view_id: string | null;
  previous_view_id: string | null;
  app_id: string;
  app_installed_team_id: string;
  bot_id: string;
}

/** One open modal in a user's stack, with the field errors of its last submission, if any. */
export interface ModalEntry {
  view: SlackView;
  errors?: Record<string, string>;
}

/** One Web API call the bot made, as the stand-in saw it. */
export interface ApiCall {
  method: string;
  /** Form or JSON params; JSON-valued fields (blocks, view, metadata, ...) are parsed back. */
  params: Record<string, unknown>;
  /** On the stand-in's clock. */
  at: number;
  status: number;
  ok: boolean;
  error?: string;
  response: unknown;
}
