/**
 * KNOWN_BROKEN: the promises the bot breaks today (issue 22). Their checks still run after every
 * step and are reported (the test prints each violation it saw, with the run that showed it), but
 * do not fail `npm test`. Empty this list as the fixes land: a name here whose bug is fixed prints
 * "held in every run". Never weaken a check instead. Each entry names what breaks and the
 * counterexample (after the PRELUDE of actions.ts) that showed it; `PROMISE_SHRINK=<name>` asserts
 * that one promise so fast-check shrinks a fresh counterexample.
 */
import type { InvariantName } from "./invariants.ts";

export const KNOWN_BROKEN: Partial<Record<InvariantName, string>> = {
  "no-re-alert":
    "a re-sent push whose entry differs only in whitespace is a new headline: " +
    '[{"t":"push","kase":0,"entries":[{"kind":"order","text":"plain"}],"dupKeyWith":null,"resend":true}] → C0ACME alerted twice to QZ0001K (SQLite and PostgreSQL)',
};
