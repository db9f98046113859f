import { describe, expect, it } from "vitest";
import { createSession, TOKEN_LIFETIME_MS } from "../../src/docket/session.ts";
import { FakeClock } from "../helpers/fake-clock.ts";

function fakeLogin(clock: FakeClock, delayMs = 100) {
  let n = 0;
  const calls: number[] = [];
  const login = async () => {
    calls.push(clock.now());
    await clock.sleep(delayMs);
    return `token-${++n}`;
  };
  return { login, calls };
}

describe("createSession", () => {
  it("logs in lazily and once for many concurrent callers", async () => {
    const clock = new FakeClock();
    const { login, calls } = fakeLogin(clock);
    const session = createSession({ login, clock });
    expect(calls).toHaveLength(0);
    const tokens = Promise.all(Array.from({ length: 10 }, () => session.token()));
    await clock.advance(100);
    expect(await tokens).toEqual(Array(10).fill("token-1"));
    expect(calls).toHaveLength(1);
    expect(await session.token()).toBe("token-1");
    expect(calls).toHaveLength(1);
  });

  it("renews before the 90-minute lifetime ends", async () => {
    const clock = new FakeClock();
    const { login, calls } = fakeLogin(clock, 0);
    const session = createSession({ login, clock, renewAfterMs: 60 * 60_000 });
    const first = session.token();
    await clock.advance(0);
    expect(await first).toBe("token-1");
    await clock.advance(59 * 60_000);
    expect(await session.token()).toBe("token-1");
    await clock.advance(60_000);
    const renewed = session.token();
    await clock.advance(0);
    expect(await renewed).toBe("token-2");
    expect(calls).toHaveLength(2);
    expect(session.renewsAt! - clock.now()).toBeLessThan(TOKEN_LIFETIME_MS);
  });

  it("renews a rejected token once, however many calls saw it rejected", async () => {
    const clock = new FakeClock();
    const { login, calls } = fakeLogin(clock, 50);
    const session = createSession({ login, clock });
    const t1 = session.token();
    await clock.advance(50);
    const dead = await t1;
    const renewals = Promise.all(Array.from({ length: 10 }, () => session.renew(dead)));
    await clock.advance(50);
    expect(new Set(await renewals)).toEqual(new Set(["token-2"]));
    // A late caller still holding the dead token gets the new one without another login.
    expect(await session.renew(dead)).toBe("token-2");
    expect(calls).toHaveLength(2);
  });

  it("shares a failed login with every waiter and tries again on the next call", async () => {
    const clock = new FakeClock();
    let fail = true;
    let logins = 0;
    const session = createSession({
      clock,
      login: async () => {
        logins++;
        await clock.sleep(10);
        if (fail) throw new Error("bad password");
        return "ok";
      },
    });
    const waiters = Array.from({ length: 5 }, () => session.token().then(() => "ok", (e: Error) => e.message));
    await clock.advance(10);
    expect(await Promise.all(waiters)).toEqual(Array(5).fill("bad password"));
    expect(logins).toBe(1);
    fail = false;
    const again = session.token();
    await clock.advance(10);
    expect(await again).toBe("ok");
  });

  it("lets one caller give up without failing the shared login", async () => {
    const clock = new FakeClock();
    const { login } = fakeLogin(clock, 100);
    const session = createSession({ login, clock });
    const ctrl = new AbortController();
    const quitter = session.token(ctrl.signal);
    const stayer = session.token();
    ctrl.abort(new Error("cancelled"));
    await expect(quitter).rejects.toThrow("cancelled");
    await clock.advance(100);
    expect(await stayer).toBe("token-1");
  });
});
