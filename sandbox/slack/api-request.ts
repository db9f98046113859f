import type { IncomingHttpHeaders } from "node:http";

/**
 * Reads a Web API request the way Slack does (https://docs.slack.dev/apis/web-api/#posting_json):
 * form-encoded, JSON or multipart bodies, plus query-string params; the token from
 * `Authorization: Bearer` or a `token` param. Fields Slack documents as "JSON-encoded string" are
 * parsed back so handlers and recorded calls see objects; a value that is not JSON stays a string
 * (and the method then reports it, e.g. invalid_blocks_format).
 */
const JSON_FIELDS = ["blocks", "attachments", "metadata", "view", "unfurls", "files", "user_auth_blocks"] as const;

export interface UploadedPart {
  filename: string;
  bytes: Buffer;
}

export interface ParsedApiRequest {
  params: Record<string, unknown>;
  /** Never recorded with the params. */
  token?: string;
  /** A Slack error for a body it could not read. */
  error?: "invalid_json" | "invalid_form_data" | "invalid_post_type";
}

export async function parseApiRequest(
  headers: IncomingHttpHeaders, raw: Buffer, query: URLSearchParams,
): Promise<ParsedApiRequest> {
  const params: Record<string, unknown> = Object.fromEntries(query);
  const type = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  let error: ParsedApiRequest["error"];
  if (raw.length > 0) {
    if (type === "application/x-www-form-urlencoded" || type === "text/plain") {
      Object.assign(params, Object.fromEntries(new URLSearchParams(raw.toString("utf8"))));
    } else if (type === "application/json") {
      try {
        const body: unknown = JSON.parse(raw.toString("utf8"));
        if (typeof body === "object" && body !== null && !Array.isArray(body)) Object.assign(params, body);
        else error = "invalid_json";
      } catch {
        error = "invalid_json";
      }
    } else if (type === "multipart/form-data") {
      const parts = await multipart(headers["content-type"] ?? "", raw);
      if (parts) Object.assign(params, parts);
      else error = "invalid_form_data";
    } else {
      error = "invalid_post_type";
    }
  }
  for (const field of JSON_FIELDS) {
    const v = params[field];
    if (typeof v !== "string" || v === "") continue;
    try {
      params[field] = JSON.parse(v);
    } catch {
      // left as the string it was; the method decides what that means
    }
  }
  const auth = headers.authorization;
  const bearer = typeof auth === "string" && auth.startsWith("Bearer ") ? auth.slice("Bearer ".length).trim() : undefined;
  const token = bearer || (typeof params.token === "string" ? params.token : undefined);
  delete params.token;
  return { params, token, error };
}

/** Multipart fields; file parts become { filename, bytes }. Uses the platform's own parser. */
export async function multipart(contentType: string, raw: Buffer): Promise<Record<string, unknown> | undefined> {
  try {
    const form = await new Request("http://stand-in.invalid/", {
      method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(raw),
    }).formData();
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      out[key] = typeof value === "string"
        ? value
        : ({ filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) } satisfies UploadedPart);
    }
    return out;
  } catch {
    return undefined;
  }
}
