import type { SlackFile } from "./types.ts";

/** One file in Slack's external upload flow (https://docs.slack.dev/messaging/working-with-files). */
export interface Upload {
  id: string;
  /** The unguessable part of the upload URL. */
  secret: string;
  filename: string;
  /** The length the app announced in files.getUploadURLExternal. */
  length: number;
  altText?: string;
  bytes?: Buffer;
  /** Set by files.completeUploadExternal. */
  file?: SlackFile;
}

/** Uploads in progress and completed files, with their bytes. */
export class FileStore {
  readonly #uploads = new Map<string, Upload>();

  begin(upload: Upload): void {
    this.#uploads.set(upload.id, upload);
  }

  get(id: string): Upload | undefined {
    return this.#uploads.get(id);
  }

  /** Receives the bytes POSTed to an upload URL; false when the URL is unknown or already used. */
  receive(id: string, secret: string, bytes: Buffer): boolean {
    const upload = this.#uploads.get(id);
    if (!upload || upload.secret !== secret || upload.file) return false;
    upload.bytes = bytes;
    return true;
  }

  complete(id: string, file: SlackFile): void {
    const upload = this.#uploads.get(id);
    if (upload) upload.file = file;
  }

  /** Completed files, oldest first. */
  shared(): SlackFile[] {
    return [...this.#uploads.values()].flatMap((u) => (u.file ? [u.file] : []));
  }
}
