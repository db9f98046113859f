import { describe, expect, it } from "vitest";
import { ConfigError, configSecrets, describeConfig, loadConfig, type Env } from "../src/config/index.ts";

const SECRETS = {
  SLACK_BOT_TOKEN: "xoxb-1111-2222-SeCrEtBoT",
  SLACK_SIGNING_SECRET: "8f14e45fceea167a5a36dedd4bea2543",
  SLACK_APP_TOKEN: "xapp-1-A01-SeCrEtApP",
  DOCKET_PASSWORD: "docket-pass-Zq9!x",
  PROVIDERONE_KEY: "p1-key-SeCrEt-0001",
  PROVIDERTWO_KEY: "p2-key-SeCrEt-0002",
  PUSH_USERNAME: "push-user-SeCrEt",
  PUSH_PASSWORD: "push-pass-SeCrEt",
  PUSH_USERNAME_2: "push-user2-SeCrEt",
  PUSH_PASSWORD_2: "push-pass2-SeCrEt",
  METRICS_TOKEN: "metrics-token-SeCrEt-0003",
} as const;

const minimal: Env = {
  DOCKET_API_URL: "https://dockets.example.com/api/v1/",
  DOCKET_USERNAME: "firm-bot",
  DOCKET_PASSWORD: SECRETS.DOCKET_PASSWORD,
};

const full: Env = { ...minimal, ...SECRETS, DOCKETBOT_ADMINS: "U0123ABCD" };

function problemsOf(env: Env, options?: Parameters<typeof loadConfig>[1]): ConfigError {
  try {
    loadConfig(env, options);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig defaults", () => {
  it("fills every default from the minimal env", () => {
    const c = loadConfig(minimal);
    expect(c).toEqual({
      http: { port: 3000, metricsToken: undefined },
      slack: { botToken: undefined, signingSecret: undefined, appToken: undefined, socketMode: false, apiUrl: "https://slack.com/api/" },
      docket: {
        apiUrl: "https://dockets.example.com/api/v1/",
        siteUrl: "https://dockets.example.com/",
        username: "firm-bot",
        password: SECRETS.DOCKET_PASSWORD,
        testMode: false,
        providerKeys: {},
        askProviders: [],
      },
      qaEnabled: false,
      push: { enabled: false, path: "/docket/push", credentials: [], maxBodyBytes: 10 * 1024 * 1024 },
      database: { kind: "sqlite", path: "./data/docketbot.db" },
      admins: [],
      logLevel: "info",
      outbox: { laneLeaseMs: 30_000, pollIntervalMs: 5000, lookupOnResume: true },
    });
  });

  it("reads the outbox's replica knobs (issue 17), and the test-only switch that turns the resume lookup off", () => {
    const c = loadConfig({ ...minimal, OUTBOX_LANE_LEASE_MS: "3000", OUTBOX_POLL_MS: "500", DOCKETBOT_TEST_NO_RESUME_LOOKUP: "1" });
    expect(c.outbox).toEqual({ laneLeaseMs: 3000, pollIntervalMs: 500, lookupOnResume: false });
    expect(() => loadConfig({ ...minimal, OUTBOX_LANE_LEASE_MS: "10" })).toThrow(/OUTBOX_LANE_LEASE_MS/);
  });

  it("treats blank and whitespace-only values as unset and trims pasted values", () => {
    const c = loadConfig({ ...minimal, PORT: "  ", LOG_LEVEL: "", DOCKET_USERNAME: " firm-bot\n" });
    expect(c.http.port).toBe(3000);
    expect(c.logLevel).toBe("info");
    expect(c.docket.username).toBe("firm-bot");
  });

  it("ignores variables it does not know", () => {
    expect(() => loadConfig({ ...minimal, HOME: "/root", NODE_ENV: "production" })).not.toThrow();
  });
});

describe("loadConfig errors", () => {
  it("names every bad or missing variable at once, in table order", () => {
    const err = problemsOf(
      {
        PORT: "eighty",
        SLACK_BOT_TOKEN: "xoxp-user-token",
        SLACK_APP_TOKEN: "not-an-app-token",
        DOCKET_API_URL: "https://dockets.example.com/v2/",
        DOCKET_TEST_MODE: "maybe",
        PUSH_PATH: "docket/push",
        PUSH_PASSWORD: "only-half",
        PUSH_MAX_BODY_BYTES: "-5",
        DATABASE_URL: "mysql://db/docketbot",
        DOCKETBOT_ADMINS: "U0123ABCD, @alice",
        LOG_LEVEL: "loud",
      },
      { require: { slack: true } },
    );
    expect(err.code).toBe("CONFIG_INVALID");
    expect(err.problems.map((p) => [p.variable, p.kind])).toEqual([
      ["PORT", "invalid"],
      ["SLACK_BOT_TOKEN", "invalid"],
      ["SLACK_SIGNING_SECRET", "missing"],
      ["SLACK_APP_TOKEN", "invalid"],
      ["DOCKET_API_URL", "invalid"],
      ["DOCKET_USERNAME", "missing"],
      ["DOCKET_PASSWORD", "missing"],
      ["DOCKET_TEST_MODE", "invalid"],
      ["PUSH_PATH", "invalid"],
      ["PUSH_USERNAME", "missing"],
      ["PUSH_MAX_BODY_BYTES", "invalid"],
      ["DATABASE_URL", "invalid"],
      ["DOCKETBOT_ADMINS", "invalid"],
      ["LOG_LEVEL", "invalid"],
    ]);
    for (const p of err.problems) expect(err.message).toContain(p.message);
    expect(err.message).toMatch(/^docketbot cannot start: 14 configuration problems:/);
  });

  it("says what is expected and where to find it", () => {
    const err = problemsOf({}, { require: { slack: true } });
    const byVar = Object.fromEntries(err.problems.map((p) => [p.variable, p.message]));
    expect(byVar.SLACK_SIGNING_SECRET).toBe(
      "SLACK_SIGNING_SECRET is missing: copy it from your Slack app's Basic Information page (App Credentials, Signing Secret) at https://api.slack.com/apps.",
    );
    expect(byVar.SLACK_BOT_TOKEN).toMatch(/^SLACK_BOT_TOKEN is missing: .*Bot User OAuth Token.*OAuth & Permissions/);
    expect(byVar.DOCKET_API_URL).toMatch(/^DOCKET_API_URL is missing: .*\/api\/v1\//);
    expect(Object.keys(byVar)).toEqual(["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "DOCKET_API_URL", "DOCKET_USERNAME", "DOCKET_PASSWORD"]);
  });

  it("does not require Slack credentials unless asked to", () => {
    expect(loadConfig(minimal).slack.botToken).toBeUndefined();
    const c = loadConfig({ ...minimal, ...SECRETS }, { require: { slack: true } });
    const token: string = c.slack.botToken; // StartableConfig: typed as present
    expect(token).toBe(SECRETS.SLACK_BOT_TOKEN);
  });

  it("names the usual token mix-ups", () => {
    const err = problemsOf({ ...minimal, SLACK_BOT_TOKEN: "xapp-1-A1-x", SLACK_APP_TOKEN: "xoxb-1-2-x", SLACK_SIGNING_SECRET: "xoxb-3-4-y" });
    const byVar = Object.fromEntries(err.problems.map((p) => [p.variable, p.message]));
    expect(byVar.SLACK_BOT_TOKEN).toContain("holds an app-level token (xapp-, for SLACK_APP_TOKEN) instead of the Bot User OAuth Token (xoxb-)");
    expect(byVar.SLACK_APP_TOKEN).toContain("holds a bot token (xoxb-, for SLACK_BOT_TOKEN)");
    expect(byVar.SLACK_SIGNING_SECRET).toContain("holds a Slack token");
  });

  it("never puts a secret value in an error message", () => {
    const bad: Env = {
      SLACK_BOT_TOKEN: "xoxp-9999-SeCrEtUsErToKeN",
      SLACK_SIGNING_SECRET: "xoxb-8888-SeCrEtMiXuP",
      SLACK_APP_TOKEN: "wrong-SeCrEtApPtOkEn",
      DOCKET_API_URL: "https://firm:SeCrEtUrLpAsS@dockets.example.com/api/v1/",
      DOCKET_SITE_URL: "https://firm:SeCrEtSiTePaSs@dockets.example.com/",
      SLACK_API_URL: "https://x:SeCrEtSlAcKuRl@slack.test/api/?token=SeCrEtQuErY",
      DATABASE_URL: "postgres://user:SeCrEtDbPaSs@/x",
      PUSH_USERNAME: "user:SeCrEtCoLoN",
      PUSH_USERNAME_2: "SeCrEtSeCoNdUsEr",
    };
    const err = problemsOf(bad, { require: { slack: true } });
    expect(err.problems.length).toBeGreaterThanOrEqual(9);
    const text = `${err.message}\n${JSON.stringify(err.problems)}\n${err.stack}`;
    expect(text).not.toContain("SeCrEt"); // the marker is in every secret above, in this exact case
  });
});

describe("loadConfig values", () => {
  it("freezes the whole result", () => {
    const c = loadConfig(full);
    expect(Object.isFrozen(c)).toBe(true);
    for (const part of [c.http, c.slack, c.docket, c.docket.providerKeys, c.push, c.push.credentials, c.push.credentials[0], c.database, c.admins]) {
      expect(Object.isFrozen(part)).toBe(true);
    }
    expect(() => {
      (c.docket as { password: string }).password = "x";
    }).toThrow(TypeError);
  });

  it.each([
    ["https://dockets.example.com/api/v1/", "https://dockets.example.com/api/v1/", "https://dockets.example.com/"],
    ["https://dockets.example.com/api/v1", "https://dockets.example.com/api/v1/", "https://dockets.example.com/"],
    ["http://127.0.0.1:8787/api/v1/", "http://127.0.0.1:8787/api/v1/", "http://127.0.0.1:8787/"],
    ["https://gw.example.com/docket/api/v1", "https://gw.example.com/docket/api/v1/", "https://gw.example.com/"],
  ])("normalises DOCKET_API_URL %s and derives DOCKET_SITE_URL from its origin", (input, apiUrl, siteUrl) => {
    const c = loadConfig({ ...minimal, DOCKET_API_URL: input });
    expect(c.docket.apiUrl).toBe(apiUrl);
    expect(c.docket.siteUrl).toBe(siteUrl);
  });

  it.each(["https://dockets.example.com/", "https://dockets.example.com/api/v2/", "ftp://dockets.example.com/api/v1/", "dockets.example.com/api/v1/", "https://dockets.example.com/api/v1/?x=1"])(
    "rejects DOCKET_API_URL %s",
    (input) => {
      expect(problemsOf({ ...minimal, DOCKET_API_URL: input }).problems.map((p) => p.variable)).toEqual(["DOCKET_API_URL"]);
    },
  );

  it("takes an explicit DOCKET_SITE_URL and SLACK_API_URL, adding the trailing slash", () => {
    const c = loadConfig({ ...minimal, DOCKET_SITE_URL: "https://www.dockets.example.com", SLACK_API_URL: "http://127.0.0.1:9999/api" });
    expect(c.docket.siteUrl).toBe("https://www.dockets.example.com/");
    expect(c.slack.apiUrl).toBe("http://127.0.0.1:9999/api/");
  });

  it.each([
    ["true", true], ["TRUE", true], ["1", true], ["yes", true], ["Yes", true],
    ["false", false], ["False", false], ["0", false], ["no", false], ["NO", false],
  ])("reads DOCKET_TEST_MODE=%s as %s", (input, expected) => {
    expect(loadConfig({ ...minimal, DOCKET_TEST_MODE: input }).docket.testMode).toBe(expected);
  });

  it.each(["on", "y", "2", "truthy"])("rejects DOCKET_TEST_MODE=%s", (input) => {
    const err = problemsOf({ ...minimal, DOCKET_TEST_MODE: input });
    expect(err.problems).toEqual([expect.objectContaining({ variable: "DOCKET_TEST_MODE", kind: "invalid" })]);
    expect(err.message).toContain("true/false/1/0/yes/no");
  });

  it("parses PORT and rejects out-of-range ports", () => {
    expect(loadConfig({ ...minimal, PORT: "8080" }).http.port).toBe(8080);
    expect(loadConfig({ ...minimal, PORT: "0" }).http.port).toBe(0);
    for (const bad of ["65536", "80.5", "-1", "http"]) {
      expect(problemsOf({ ...minimal, PORT: bad }).problems.map((p) => p.variable)).toEqual(["PORT"]);
    }
  });

  it("parses DOCKETBOT_ADMINS separated by commas and/or spaces, without duplicates", () => {
    expect(loadConfig({ ...minimal, DOCKETBOT_ADMINS: "U0123ABCD, W0456EFGH  U0123ABCD,,U0789IJKL" }).admins).toEqual([
      "U0123ABCD", "W0456EFGH", "U0789IJKL",
    ]);
    const err = problemsOf({ ...minimal, DOCKETBOT_ADMINS: "U0123ABCD alice@firm.com C0123ABCD" });
    expect(err.problems[0]?.message).toContain('"alice@firm.com", "C0123ABCD"');
  });

  it("exposes provider keys and qaEnabled", () => {
    expect(loadConfig({ ...minimal, PROVIDERTWO_KEY: "k2-abcdef" })).toMatchObject({
      qaEnabled: true,
      docket: { providerKeys: { providertwo: "k2-abcdef" } },
    });
    expect(loadConfig({ ...minimal, PROVIDERTWO_KEY: "k2-abcdef" }).docket.providerKeys).not.toHaveProperty("providerone");
  });

  it("asks one provider by default, both only when ASK_PROVIDER says so (issue 14 item 6)", () => {
    const both = { ...minimal, PROVIDERONE_KEY: "k1-abcdef", PROVIDERTWO_KEY: "k2-abcdef" };
    expect(loadConfig(both).docket.askProviders).toEqual(["providerone"]);
    expect(loadConfig({ ...minimal, PROVIDERTWO_KEY: "k2-abcdef" }).docket.askProviders).toEqual(["providertwo"]);
    expect(loadConfig({ ...both, ASK_PROVIDER: "providertwo" }).docket.askProviders).toEqual(["providertwo"]);
    expect(loadConfig({ ...both, ASK_PROVIDER: "Both" }).docket.askProviders).toEqual(["providerone", "providertwo"]);
    expect(loadConfig(minimal).docket.askProviders).toEqual([]);
    expect(() => loadConfig({ ...minimal, PROVIDERONE_KEY: "k1-abcdef", ASK_PROVIDER: "both" })).toThrow(
      /ASK_PROVIDER names providertwo, whose key \(PROVIDERTWO_KEY\) is not set/,
    );
    expect(() => loadConfig({ ...both, ASK_PROVIDER: "gpt" })).toThrow(/ASK_PROVIDER is not providerone, providertwo or both \(got "gpt"\)/);
  });

  it("turns Socket Mode on with SLACK_APP_TOKEN", () => {
    const c = loadConfig({ ...minimal, SLACK_APP_TOKEN: SECRETS.SLACK_APP_TOKEN });
    expect(c.slack).toMatchObject({ appToken: SECRETS.SLACK_APP_TOKEN, socketMode: true });
  });
});

describe("push settings", () => {
  it("is off with no push credentials", () => {
    expect(loadConfig(minimal).push).toMatchObject({ enabled: false, credentials: [] });
  });

  it("is on with one pair, and accepts a second pair for rotation", () => {
    const one = loadConfig({ ...minimal, PUSH_USERNAME: "svc", PUSH_PASSWORD: "pw-1" });
    expect(one.push).toMatchObject({ enabled: true, credentials: [{ username: "svc", password: "pw-1" }] });
    const two = loadConfig({ ...minimal, PUSH_USERNAME: "svc", PUSH_PASSWORD: "pw-1", PUSH_USERNAME_2: "svc", PUSH_PASSWORD_2: "pw-2" });
    expect(two.push.credentials).toEqual([
      { username: "svc", password: "pw-1" },
      { username: "svc", password: "pw-2" },
    ]);
  });

  it.each([
    [{ PUSH_USERNAME: "svc" }, ["PUSH_PASSWORD"]],
    [{ PUSH_PASSWORD: "pw" }, ["PUSH_USERNAME"]],
    [{ PUSH_USERNAME_2: "svc2", PUSH_PASSWORD_2: "pw2" }, ["PUSH_USERNAME", "PUSH_PASSWORD"]],
    [{ PUSH_USERNAME: "svc", PUSH_PASSWORD: "pw", PUSH_USERNAME_2: "svc2" }, ["PUSH_PASSWORD_2"]],
    [{ PUSH_USERNAME: "svc", PUSH_PASSWORD: "pw", PUSH_PASSWORD_2: "pw2" }, ["PUSH_USERNAME_2"]],
    [{ PUSH_USERNAME: "s:vc", PUSH_PASSWORD: "pw" }, ["PUSH_USERNAME"]],
  ])("requires whole pairs: %o", (push, missing) => {
    expect(problemsOf({ ...minimal, ...push }).problems.map((p) => p.variable)).toEqual(missing);
  });

  it("validates PUSH_PATH and PUSH_MAX_BODY_BYTES", () => {
    expect(loadConfig({ ...minimal, PUSH_PATH: "/hooks/docket", PUSH_MAX_BODY_BYTES: "2048" }).push).toMatchObject({
      path: "/hooks/docket",
      maxBodyBytes: 2048,
    });
    for (const bad of ["docket", "/a b", "/push?x=1", "/healthz", "/slack/events"]) {
      expect(problemsOf({ ...minimal, PUSH_PATH: bad }).problems.map((p) => p.variable)).toEqual(["PUSH_PATH"]);
    }
    for (const bad of ["10MB", "0", "100"]) {
      expect(problemsOf({ ...minimal, PUSH_MAX_BODY_BYTES: bad }).problems.map((p) => p.variable)).toEqual(["PUSH_MAX_BODY_BYTES"]);
    }
  });
});

describe("DATABASE_URL", () => {
  it.each([
    ["sqlite:./data/docketbot.db", "./data/docketbot.db"],
    ["sqlite:/data/docketbot.db", "/data/docketbot.db"],
    ["sqlite:docketbot.db", "docketbot.db"],
    ["sqlite::memory:", ":memory:"],
    ["SQLITE:/data/x.db", "/data/x.db"],
  ])("reads %s", (input, path) => {
    expect(loadConfig({ ...minimal, DATABASE_URL: input }).database).toEqual({ kind: "sqlite", path });
  });

  it.each(["sqlite:", "sqlite:///data/x.db", "mysql://db/x", "./data/x.db", "postgres://db", "postgres:///x", "postgres://db/"])("rejects %s", (input) => {
    expect(problemsOf({ ...minimal, DATABASE_URL: input }).problems.map((p) => p.variable)).toEqual(["DATABASE_URL"]);
  });

  it.each(["postgres://docketbot:pw@db.internal:5432/docketbot", "postgresql://db/docketbot?sslmode=require"])(
    "reads %s as PostgreSQL (issue 17 item 1), keeping the URL for the driver",
    (input) => {
      expect(loadConfig({ ...minimal, DATABASE_URL: input }).database).toEqual({ kind: "postgres", url: input });
    },
  );

  it("never shows a PostgreSQL password: described without it, scrubbed from logs", () => {
    const config = loadConfig({ ...minimal, DATABASE_URL: "postgres://bot:p%40ss-SeCrEt@db.internal/docketbot" });
    const summary = describeConfig(config);
    expect(summary.database).toEqual({ kind: "postgres", host: "db.internal", port: "5432", database: "docketbot", user: "bot", password: "[set]" });
    expect(JSON.stringify(summary)).not.toContain("SeCrEt");
    expect(configSecrets(config)).toEqual(expect.arrayContaining(["p%40ss-SeCrEt", "p@ss-SeCrEt"]));
  });
});

describe("LOG_LEVEL", () => {
  it("accepts pino levels in any case", () => {
    expect(loadConfig({ ...minimal, LOG_LEVEL: "DEBUG" }).logLevel).toBe("debug");
    expect(loadConfig({ ...minimal, LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });
});

describe("METRICS_TOKEN", () => {
  it("is optional, and refused when too short to be a secret", () => {
    expect(loadConfig(minimal).http.metricsToken).toBeUndefined();
    expect(loadConfig({ ...minimal, METRICS_TOKEN: "a-long-enough-token-1" }).http.metricsToken).toBe("a-long-enough-token-1");
    expect(() => loadConfig({ ...minimal, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("describeConfig", () => {
  it("replaces every secret with [set]/[unset] and keeps the rest", () => {
    const summary = describeConfig(loadConfig(full));
    const text = JSON.stringify(summary);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(summary.slack).toMatchObject({ botToken: "[set]", signingSecret: "[set]", appToken: "[set]", socketMode: true });
    expect(summary.docket).toMatchObject({ username: "firm-bot", password: "[set]", providerKeys: { providerone: "[set]", providertwo: "[set]" } });
    expect(summary.push.credentials).toEqual([
      { username: "[set]", password: "[set]" },
      { username: "[set]", password: "[set]" },
    ]);
    expect(summary.admins).toEqual(["U0123ABCD"]);
    expect(summary.http).toEqual({ port: 3000, metricsToken: "[set]" });

    const bare = describeConfig(loadConfig(minimal));
    expect(bare.slack).toMatchObject({ botToken: "[unset]", signingSecret: "[unset]", appToken: "[unset]" });
    expect(bare.docket.providerKeys).toEqual({ providerone: "[unset]", providertwo: "[unset]" });
  });

  it("lists every secret for the logger's literal scrubbing", () => {
    const secrets = configSecrets(loadConfig(full));
    for (const name of ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "SLACK_APP_TOKEN", "DOCKET_PASSWORD", "PROVIDERONE_KEY", "PROVIDERTWO_KEY", "PUSH_PASSWORD", "PUSH_PASSWORD_2", "METRICS_TOKEN"] as const) {
      expect(secrets).toContain(SECRETS[name]);
    }
  });
});
