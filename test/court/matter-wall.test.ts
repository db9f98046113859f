import { describe, expect, it } from "vitest";
import { wallAllows } from "../../src/court/matter-wall.ts";

describe("the matter wall", () => {
  it("lets a channel use what is tagged with one of its matters", () => {
    expect(wallAllows(["ACME-001"], "ACME-001")).toBe(true);
  });

  it("never lets a channel use another client's matter", () => {
    expect(wallAllows(["ACME-001"], "IP-007")).toBe(false);
    expect(wallAllows([], "IP-007")).toBe(false);
  });

  it("with several links, allows each linked matter and nothing else", () => {
    const linked = ["ACME-001", "ACME-002"];
    expect(wallAllows(linked, "ACME-001")).toBe(true);
    expect(wallAllows(linked, "ACME-002")).toBe(true);
    expect(wallAllows(linked, "IP-007")).toBe(false);
  });

  it("the blank matter: what was made outside every matter is visible only where the channel has no matter either", () => {
    expect(wallAllows([], "")).toBe(true);
    expect(wallAllows(["ACME-001"], "")).toBe(false);
    expect(wallAllows(["ACME-001", "IP-007"], "")).toBe(false);
  });

  it("matches matters exactly (no case folding, no trimming: a matter is an opaque id)", () => {
    expect(wallAllows(["ACME-001"], "acme-001")).toBe(false);
    expect(wallAllows(["ACME-001"], " ACME-001")).toBe(false);
  });

  it("treats an unknown tag (undefined) as no channel's, linked or not", () => {
    expect(wallAllows([], undefined)).toBe(false);
    expect(wallAllows(["ACME-001"], undefined)).toBe(false);
  });
});
