/**
 * What a push is about (spec, Events): a docket push names its case by court and docket, a saved
 * search's push its query. Subscriptions are matched on this and nothing else, so every shape a
 * body can take names exactly one thing or nothing.
 */
import { describe, expect, it } from "vitest";
import { pushTarget, pushTargetOfText } from "../../src/court/push-target.ts";

describe("pushTarget", () => {
  it.each([
    ["a docket push", { push_type: "docket", court: "nysd", docket: "1:23-cv-01234" }, { court: "nysd", docket: "1:23-cv-01234" }],
    ["a search push", { push_type: "search_results", q: "widget patent" }, { q: "widget patent" }],
    ["q wins over a case in the same body", { q: "widget", court: "nysd", docket: "1:23-cv-1" }, { q: "widget" }],
    ["a blank q leaves the case", { q: " \t", court: "nysd", docket: "1:23-cv-1" }, { court: "nysd", docket: "1:23-cv-1" }],
    ["court and docket as written (compared later by case key)", { court: " S.D.N.Y. ", docket: "1:23-cv-1234" }, { court: " S.D.N.Y. ", docket: "1:23-cv-1234" }],
    ["a court without a docket names none", { court: "nysd" }, undefined],
    ["a blank docket names none", { court: "nysd", docket: "  " }, undefined],
    ["a number is not a docket", { court: "nysd", docket: 1234 }, undefined],
    ["a new-case push names none", { push_type: "new_case", party_name: "Acme" }, undefined],
    ["an array names none", [{ court: "nysd", docket: "1" }], undefined],
    ["null names none", null, undefined],
    ["a string names none", "nysd 1:23-cv-1", undefined],
    // What intake's sanitized body holds (court/storable-text.ts), so no database refuses it.
    ["a NUL or a lone surrogate becomes U+FFFD", { court: "ny\u0000sd", docket: "1:23-cv-1\ud800" }, { court: "ny\ufffdsd", docket: "1:23-cv-1\ufffd" }],
  ])("%s", (_, value, expected) => {
    expect(pushTarget(value)).toEqual(expected);
  });
});

describe("pushTargetOfText", () => {
  it("reads past a byte order mark and names none in text that is not JSON", () => {
    expect(pushTargetOfText(`\uFEFF${JSON.stringify({ q: "widget" })}`)).toEqual({ q: "widget" });
    expect(pushTargetOfText('{"court": "nysd", "docket": ')).toBeUndefined();
    expect(pushTargetOfText("")).toBeUndefined();
  });
});
