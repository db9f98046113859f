import { describe, expect, it } from "vitest";
import {
  CANNOT_POST, CLICK_AGAIN, CONVERSATION_REFUSED_CODES, THREAD_GONE, cannotPostThere, classifySlackError, slackErrorCode, slackErrorDetail, slackRefusalText, slackSideRefusal, SlackCallError, TOO_LONG_FOR_SLACK,
} from "../../src/slack/slack-errors.ts";
import { userMessageFor } from "../../src/slack/user-errors.ts";

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

describe("what a handler makes of a Slack refusal", () => {
  it("reads the code of a raw Web API error and of a SlackCallError", () => {
    expect(slackErrorCode(platform("not_in_channel"))).toBe("not_in_channel");
    expect(slackErrorCode(classifySlackError(platform("is_archived"), "chat.postMessage"))).toBe("is_archived");
    expect(slackErrorCode(new Error("boom"))).toBeUndefined();
    expect(slackErrorCode(undefined)).toBeUndefined();
  });

  it("a conversation that refuses posts (or a deleted thread) is 'cannot post there'; the token's own troubles are not", () => {
    for (const code of ["not_in_channel", "channel_not_found", "is_archived", "restricted_action", "thread_not_found"]) {
      expect(cannotPostThere(platform(code)), code).toBe(true);
    }
    for (const code of ["invalid_auth", "msg_too_long", "internal_error", "message_not_found"]) {
      expect(cannotPostThere(platform(code)), code).toBe(false);
    }
    expect(cannotPostThere(new Error("boom"))).toBe(false);
  });

  it("the conversation refusals are the outbox's permanent codes too: one list for both", () => {
    for (const code of CONVERSATION_REFUSED_CODES) expect(classifySlackError(platform(code), "chat.postMessage").kind).toBe("permanent");
  });

  it("gives one sentence per refusal a user can act on, and none for our own bugs", () => {
    for (const code of ["not_in_channel", "channel_not_found", "is_archived"]) expect(slackRefusalText(platform(code))).toBe(CANNOT_POST);
    expect(CANNOT_POST).toBe("I can't post in this conversation. Invite me with `/invite @docketbot` and try again.");
    expect(slackRefusalText(platform("thread_not_found"))).toBe(THREAD_GONE);
    expect(slackRefusalText(platform("expired_trigger_id"))).toBe(CLICK_AGAIN);
    expect(slackRefusalText(platform("token_revoked"), { ref: "r-1" })).toMatch(/tell an admin\. \(ref r-1\)$/);
    expect(slackRefusalText(platform("invalid_blocks"))).toBeUndefined();
    expect(slackRefusalText(new Error("boom"))).toBeUndefined();
    // Over Slack's size limits the user can ask for less (issue 15 item 2).
    expect(slackRefusalText(platform("msg_too_long"), { ref: "r-3" })).toBe(`${TOO_LONG_FOR_SLACK} (ref r-3)`);
  });

  it("tells Slack-side refusals (logged at info) from our own failures, and reads Slack's response_metadata for the log", () => {
    for (const code of ["not_in_channel", "is_archived", "expired_trigger_id", "user_not_in_channel", "cannot_unfurl_url", "thread_not_found"]) {
      expect(slackSideRefusal(platform(code)), code).toBe(true);
    }
    for (const code of ["invalid_blocks", "msg_too_long", "invalid_auth"]) expect(slackSideRefusal(platform(code)), code).toBe(false);
    expect(slackSideRefusal(new Error("boom"))).toBe(false);
    const messages = ["[ERROR] must be more than 0 characters [json-pointer:/blocks/0/text]"];
    const raw = Object.assign(new Error("An API error occurred: invalid_blocks"), {
      code: "slack_webapi_platform_error", data: { ok: false, error: "invalid_blocks", response_metadata: { messages } },
    });
    expect(slackErrorDetail(raw)).toEqual({ code: "invalid_blocks", messages });
    expect(slackErrorDetail(classifySlackError(raw, "chat.update"))).toEqual({ code: "invalid_blocks", messages });
    expect(slackErrorDetail(platform("not_in_channel"))).toEqual({ code: "not_in_channel", messages: undefined });
  });

  it("userMessageFor words a Slack refusal as the classifier does, and anything else as before", () => {
    expect(userMessageFor(platform("not_in_channel"), { ref: "r-2" })).toBe(CANNOT_POST);
    expect(userMessageFor(platform("invalid_blocks"), { ref: "r-2" })).toMatch(/^Something went wrong on our side\..*\(ref r-2\)$/);
  });
});
