import express, { type Request, type Response } from "express";
import type { Clock } from "../../src/clock.ts";
import { SlackApiError, type ApiContext } from "./api-context.ts";
import type { SlackFaults } from "./faults.ts";
import { isObject } from "./element-check.ts";
import { botMessage, messageContent, threadParent } from "./message-content.ts";

/**
 * response_url endpoints (https://docs.slack.dev/interactivity/handling-user-interaction#message_responses):
 * "up to 5 times within 30 minutes". A post is ephemeral to the user unless
 * `response_type: "in_channel"`; `replace_original` / `delete_original` act on the message the
 * interaction came from or, for slash commands, on the last message this URL (or the command's
 * acknowledgement) posted. Over-used and expired URLs answer 404 `used_url` / `expired_url`
 * (Slack does not document the bodies; these are the stand-in's).
 */
export const RESPONSE_URL_LIMITS = { uses: 5, ttlMs: 30 * 60_000 } as const;

export interface ResponseTarget {
  channel: string;
  user: string;
  /** The message the interaction came from (channel message or the user's ephemeral one). */
  original?: { ts: string; ephemeral: boolean };
}

interface Entry extends ResponseTarget {
  url: string;
  issuedAt: number;
  uses: number;
  lastPosted?: { ts: string; ephemeral: boolean };
}

export type ResponseOutcome = "ephemeral" | "in_channel" | "replaced" | "deleted" | "rejected";

export interface ResponseUrlPost {
  url: string;
  /** On the stand-in's clock. */
  at: number;
  body: unknown;
  status: number;
  outcome: ResponseOutcome;
  error?: string;
  /** The ts (or ephemeral message_ts) of the message posted or changed. */
  ts?: string;
}

export class ResponseUrls {
  readonly posts: ResponseUrlPost[] = [];
  readonly #entries = new Map<string, Entry>();
  readonly #ctx: ApiContext;
  readonly #clock: Clock;

  /** Injected refusals: `faults.failNext("response_url", "invalid_blocks")` refuses the next post. */
  readonly #faults: Pick<SlackFaults, "take"> | undefined;

  constructor(ctx: ApiContext, faults?: Pick<SlackFaults, "take">) {
    this.#faults = faults;
    this.#ctx = ctx;
    this.#clock = ctx.clock;
  }

  issue(kind: "commands" | "actions", target: ResponseTarget): string {
    const id = this.#ctx.ids.next("R");
    const url = `${this.#ctx.baseUrl}${kind}/T0DOCKET/${id}/${this.#ctx.ids.secret()}`;
    this.#entries.set(url, { ...target, url, issuedAt: this.#clock.now(), uses: 0 });
    return url;
  }

  /**
   * A slash command's acknowledgement body is shown like a response_url post (and is not a use of
   * the URL). Returns the Slack error when the body cannot be shown.
   */
  applyAck(url: string, body: unknown): string | undefined {
    const entry = this.#entries.get(url);
    if (!entry) return undefined;
    try {
      this.#apply(entry, body, "ack");
      return undefined;
    } catch (e) {
      if (e instanceof SlackApiError) return e.code;
      throw e;
    }
  }

  router(): express.Router {
    const router = express.Router();
    const handler = (req: Request, res: Response) => {
      const url = `${this.#ctx.baseUrl}${req.originalUrl.slice(1)}`;
      const body = readBody(req.body, req.headers["content-type"]);
      const entry = this.#entries.get(url);
      const at = this.#clock.now();
      const reject = (status: number, error: string) => {
        this.posts.push({ url, at, body, status, outcome: "rejected", error });
        res.status(status).json({ ok: false, error });
      };
      if (!entry) return reject(404, "no_service");
      // As Slack refuses a body it cannot show: HTTP 400 and the code (a refused post uses nothing up).
      const fault = this.#faults?.take("response_url", {});
      if (fault?.kind === "error") return reject(400, fault.error);
      if (fault?.kind === "http") return reject(fault.status, `http_${fault.status}`);
      if (at - entry.issuedAt > RESPONSE_URL_LIMITS.ttlMs) return reject(404, "expired_url");
      if (entry.uses >= RESPONSE_URL_LIMITS.uses) return reject(404, "used_url");
      entry.uses += 1;
      try {
        const { outcome, ts } = this.#apply(entry, body, "response_url");
        this.posts.push({ url, at, body, status: 200, outcome, ...(ts ? { ts } : {}) });
        res.status(200).json({ ok: true });
      } catch (e) {
        if (!(e instanceof SlackApiError)) throw e;
        reject(400, e.code);
      }
    };
    router.post("/commands/:team/:id/:secret", express.raw({ type: () => true, limit: "2mb" }), handler);
    router.post("/actions/:team/:id/:secret", express.raw({ type: () => true, limit: "2mb" }), handler);
    return router;
  }

  #apply(entry: Entry, body: unknown, source: "ack" | "response_url"): { outcome: ResponseOutcome; ts?: string } {
    if (!isObject(body)) throw new SlackApiError("invalid_payload");
    const { state } = this.#ctx;
    const target = entry.original ?? entry.lastPosted;
    if (body.delete_original === true || body.delete_original === "true") {
      if (target?.ephemeral) state.deleteEphemeral(entry.user, target.ts);
      else if (target) state.deleteMessage(entry.channel, target.ts);
      return { outcome: "deleted", ...(target ? { ts: target.ts } : {}) };
    }
    const content = messageContent(body, { requireContent: true });
    if ((body.replace_original === true || body.replace_original === "true") && target) {
      const current = target.ephemeral ? state.ephemeralRef(entry.user, target.ts) : state.messageRef(entry.channel, target.ts);
      if (current) {
        current.text = content.text ?? "";
        if (content.blocks) current.blocks = content.blocks;
        else delete current.blocks;
        if (target.ephemeral) state.emit({ kind: "ephemeral", user: entry.user, ts: target.ts });
        else state.changed(entry.channel, target.ts);
        return { outcome: "replaced", ts: target.ts };
      }
    }
    const threadTs = typeof body.thread_ts === "string" && body.thread_ts ? body.thread_ts : undefined;
    if (body.response_type === "in_channel") {
      const thread = threadTs ? { channel: entry.channel, ts: threadParent(this.#ctx, entry.channel, threadTs) } : undefined;
      const message = botMessage(this.#ctx, content, thread);
      state.addMessage(entry.channel, message);
      this.#ctx.echo(entry.channel, message);
      entry.lastPosted = { ts: message.ts, ephemeral: false };
      return { outcome: "in_channel", ts: message.ts };
    }
    const ts = this.#ctx.ids.ts();
    state.addEphemeral({
      message_ts: ts, channel: entry.channel, user: entry.user, text: content.text ?? "", source,
      ...(content.blocks ? { blocks: content.blocks } : {}),
      ...(threadTs ? { thread_ts: threadTs } : {}),
    });
    entry.lastPosted = { ts, ephemeral: true };
    return { outcome: "ephemeral", ts };
  }
}

/** JSON (what apps send), or a form with a `payload` field; anything else is unreadable. */
function readBody(raw: unknown, contentType: string | undefined): unknown {
  const text = Buffer.isBuffer(raw) ? raw.toString("utf8") : "";
  try {
    if ((contentType ?? "").startsWith("application/x-www-form-urlencoded")) {
      return JSON.parse(new URLSearchParams(text).get("payload") ?? "");
    }
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
