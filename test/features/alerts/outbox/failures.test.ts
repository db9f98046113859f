import { describe, expect, it } from "vitest";
import { classifySlackError, SlackCallError } from "../../../../src/features/alerts/outbox/failures.ts";

const platform = (error: string) => ({ code: "slack_webapi_platform_error", data: { ok: false, error } });

describe("classifySlackError", () => {
  it("a 429 is rate_limited with Slack's Retry-After", () => {
    const e = classifySlackError({ code: "slack_webapi_rate_limited_error", retryAfter: 30 }, "chat.postMessage");
    expect(e).toMatchObject({ kind: "rate_limited", code: "ratelimited", retryAfterSec: 30, status: 429, method: "chat.postMessage" });
  });

  it("the issue's permanent codes (and their kin) are permanent", () => {
    for (const code of ["channel_not_found", "is_archived", "not_in_channel", "invalid_auth", "account_inactive", "token_revoked", "missing_scope"]) {
      expect(classifySlackError(platform(code), "chat.postMessage").kind).toBe("permanent");
    }
  });

  it("5xx, network errors, Slack's try-again codes and unknown codes are transient", () => {
    expect(classifySlackError({ code: "slack_webapi_http_error", statusCode: 503 }, "chat.postMessage")).toMatchObject({ kind: "transient", code: "http_503", status: 503 });
    expect(classifySlackError({ code: "slack_webapi_request_error", original: new Error("ECONNRESET") }, "chat.postMessage")).toMatchObject({ kind: "transient", code: "request_error" });
    for (const code of ["internal_error", "fatal_error", "service_unavailable", "request_timeout", "something_new"]) {
      expect(classifySlackError(platform(code), "chat.postMessage").kind).toBe("transient");
    }
    expect(classifySlackError(new TypeError("boom"), "chat.update")).toMatchObject({ kind: "transient", code: "unexpected_error" });
  });

  it("a message Slack refuses is rejected: resending it cannot help", () => {
    expect(classifySlackError(platform("invalid_blocks"), "chat.postMessage").kind).toBe("rejected");
    expect(classifySlackError(platform("msg_too_long"), "chat.postMessage").kind).toBe("rejected");
  });

  it("a missing message means the root is gone only for calls that address a root", () => {
    expect(classifySlackError(platform("message_not_found"), "chat.update", true).kind).toBe("root_gone");
    expect(classifySlackError(platform("thread_not_found"), "chat.postMessage", true).kind).toBe("root_gone");
    expect(classifySlackError(platform("message_not_found"), "chat.postMessage", false).kind).toBe("transient");
  });

  it("keeps the original as the cause and never re-wraps", () => {
    const original = platform("is_archived");
    const e = classifySlackError(original, "chat.postMessage");
    expect(e).toBeInstanceOf(SlackCallError);
    expect(e.cause).toBe(original);
    expect(classifySlackError(e, "other")).toBe(e);
  });
});
