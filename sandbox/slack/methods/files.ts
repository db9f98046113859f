import { extname } from "node:path";
import { postableChannel, required, SlackApiError, str, type ApiContext, type MethodHandler } from "../api-context.ts";
import { isObject } from "../element-check.ts";
import { botMessage, messageContent, threadParent } from "../message-content.ts";
import type { SlackFile } from "../types.ts";
import { BOT, TEAM } from "../workspace.ts";

/**
 * Slack's external upload flow (https://docs.slack.dev/messaging/working-with-files#upload):
 * files.getUploadURLExternal hands out an upload URL (here, on the stand-in), the app POSTs the bytes
 * there, and files.completeUploadExternal shares the files, with an optional comment, in a channel or
 * thread. Unknown ids and files whose bytes never arrived answer file_not_found.
 */
const TYPES: Record<string, [mimetype: string, pretty: string]> = {
  pdf: ["application/pdf", "PDF"],
  txt: ["text/plain", "Plain Text"],
  csv: ["text/csv", "CSV"],
  json: ["application/json", "JSON"],
  html: ["text/html", "HTML"],
  png: ["image/png", "PNG"],
  jpg: ["image/jpeg", "JPEG"],
  zip: ["application/zip", "Zip"],
};

const getUploadURLExternal: MethodHandler = (params, ctx) => {
  const filename = required(params, "filename");
  const length = Number(required(params, "length"));
  if (!Number.isInteger(length) || length <= 0) {
    throw new SlackApiError("invalid_arguments", { response_metadata: { messages: ["[ERROR] length must be a positive integer"] } });
  }
  const id = ctx.ids.next("F");
  const secret = ctx.ids.secret();
  const altText = str(params, "alt_txt") ?? str(params, "alt_text");
  ctx.state.fileStore.begin({ id, secret, filename, length, ...(altText ? { altText } : {}) });
  return { upload_url: `${ctx.baseUrl}upload/v1/${id}/${secret}`, file_id: id };
};

function fileObject(ctx: ApiContext, id: string, filename: string, title: string, size: number, altText?: string): SlackFile {
  const ext = extname(filename).slice(1).toLowerCase();
  const [mimetype, pretty] = TYPES[ext] ?? ["application/octet-stream", "Binary"];
  const url = `${ctx.baseUrl}files/${id}/${encodeURIComponent(filename)}`;
  const created = ctx.ids.seconds();
  return {
    id, created, timestamp: created, name: filename, title, mimetype, filetype: ext || "binary", pretty_type: pretty,
    user: BOT.userId, user_team: TEAM.id, size, mode: "hosted", is_external: false, is_public: false,
    url_private: url, url_private_download: `${url}?download=1`,
    permalink: `${ctx.baseUrl}files/${BOT.userId}/${id}/${encodeURIComponent(filename)}`,
    channels: [], ims: [], groups: [], file_access: "visible",
    ...(altText ? { alt_txt: altText } : {}),
  };
}

const completeUploadExternal: MethodHandler = (params, ctx) => {
  const entries = params.files;
  if (!Array.isArray(entries) || entries.length === 0 || !entries.every((f) => isObject(f) && typeof f.id === "string")) {
    throw new SlackApiError("invalid_arguments", { response_metadata: { messages: ["[ERROR] files must be an array of {id, title}"] } });
  }
  const uploads = entries.map((f) => {
    const upload = ctx.state.fileStore.get(f.id as string);
    if (!upload || !upload.bytes || upload.file) throw new SlackApiError("file_not_found");
    return { upload, title: typeof f.title === "string" && f.title ? f.title : upload.filename };
  });
  const channelRef = str(params, "channel_id") ?? str(params, "channels")?.split(",")[0];
  const channel = channelRef === undefined ? undefined : postableChannel(ctx, channelRef);
  const threadTs = str(params, "thread_ts");
  const thread = channel && threadTs ? { channel: channel.id, ts: threadParent(ctx, channel.id, threadTs) } : undefined;
  const content = messageContent({ text: str(params, "initial_comment"), blocks: params.blocks }, { requireContent: false });
  const files = uploads.map(({ upload, title }) => {
    const file = fileObject(ctx, upload.id, upload.filename, title, upload.bytes?.length ?? 0, upload.altText);
    if (channel) (channel.is_im ? file.ims : file.channels).push(channel.id);
    ctx.state.fileStore.complete(upload.id, file);
    ctx.state.emit({ kind: "file" });
    return file;
  });
  if (channel) {
    const message = botMessage(ctx, content, thread);
    message.files = files;
    message.upload = true;
    ctx.state.addMessage(channel.id, message);
    ctx.echo(channel.id, message);
  }
  return { files: files.map((f) => ({ id: f.id, title: f.title })) };
};

const info: MethodHandler = (params, ctx) => {
  const file = ctx.state.fileStore.get(required(params, "file", "file_not_found"))?.file;
  if (!file) throw new SlackApiError("file_not_found");
  return { file: structuredClone(file), comments: [], response_metadata: { next_cursor: "" } };
};

export const fileMethods: Record<string, MethodHandler> = {
  "files.getUploadURLExternal": getUploadURLExternal,
  "files.completeUploadExternal": completeUploadExternal,
  "files.info": info,
};
