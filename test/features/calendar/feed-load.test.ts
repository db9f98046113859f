/**
 * Issue 22 item 12 over real HTTP: a feed URL holder cannot stall the bot. Ten calendar clients
 * fetch the largest feeds (more dates than FEED_MAX_EVENTS, so capped) in a loop, two per matter,
 * while slash commands are sent: their acks stay quick, because each feed is
 * rendered once per change, in slices that yield to the event loop, served from cache, 304 for an
 * unchanged ETag without rendering, and past its burst a feed answers 429 with Retry-After.
 *
 * "Quick" is judged against the same machine in the same run: acks while the feeds are fetched
 * stay within 250 ms at p95, or within twice the p99 of acks with no feed traffic (+100 ms) when
 * the machine is slower than that on its own (a loaded CI box), and none takes a second.
 * Before the feed was cached and sliced, one ack in this loop took up to 7 s. The 250 ms figure
 * on a quiet machine is `npm run bench`'s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { FEED_MAX_EVENTS } from "../../../src/features/calendar/feed.ts";
import { newFeedToken } from "../../../src/features/calendar/tokens.ts";
import { ACME_CHANNEL, ADMIN, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

const MATTERS = ["LOAD-1", "LOAD-2", "LOAD-3", "LOAD-4", "LOAD-5"];
const DATES = FEED_MAX_EVENTS + 500;
let h: BotHarness;
const urls: string[] = [];

function dates(): CourtDate[] {
  const day = 86_400_000;
  const start = Date.now() - 300 * day;
  return Array.from({ length: DATES }, (_, i) => ({
    key: `hearing:load-${i}`,
    kind: "hearing",
    title: `Status Conference number ${i} on the pending motions, with counsel for every party to attend in person`,
    date: new Date(start + (i % 900) * day).toISOString().slice(0, 10),
    time: "10:00",
    place: "Courtroom 12A",
    source: { entryNumber: String(i + 1), entryDate: "2026-01-10", entryIndex: i },
    confidence: 0.9,
    status: "scheduled",
    history: [],
  }));
}

beforeAll(async () => {
  h = await startBotHarness();
  for (const m of MATTERS) await h.linkMatter(ACME_CHANNEL, m);
  await h.store.recordCourtDates({ court: "New York Southern District Court", docket: "1:23-cv-09999", caseTitle: "Load v. Test", matters: MATTERS, dates: dates() });
  for (const m of MATTERS) {
    const { token, hash } = newFeedToken();
    await h.store.createCalendarFeed({ teamId: TEAM, clientMatter: m, tokenHash: hash, userId: ADMIN });
    urls.push(`${h.bot.url}/calendar/${token}.ics`);
  }
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)]!;
const p99 = (xs: number[]) => pct(xs, 0.99);

describe("the calendar feed under load", () => {
  it("a capped feed says so; an unchanged ETag gets 304; past the burst, 429 with Retry-After", async () => {
    const first = await fetch(urls[0]!);
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(FEED_MAX_EVENTS);
    expect(body.replace(/\r\n /g, "")).toContain(`This feed shows ${FEED_MAX_EVENTS} of its ${DATES} dates`);
    const etag = first.headers.get("etag")!;
    const again = await fetch(urls[0]!, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(again.status).toBe(304);
    let limited: Response | undefined;
    for (let i = 0; i < 20 && !limited; i++) {
      const r = await fetch(urls[0]!, { method: "HEAD" });
      if (r.status === 429) limited = r;
    }
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("acks stay quick while 10 clients fetch the largest feeds in a loop", async () => {
    let stop = false;
    const statuses = new Map<number, number>();
    const client = async (url: string) => {
      while (!stop) {
        const r = await fetch(url);
        await r.arrayBuffer();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    };
    const ackFor = async (ms: number): Promise<number[]> => {
      const acks: number[] = [];
      const until = performance.now() + ms;
      while (performance.now() < until) {
        const d = await h.slack.sendCommand({ text: "help", user: MEMBER, channel: ACME_CHANNEL });
        acks.push(d.ackMs);
        await new Promise((r) => setTimeout(r, 5));
      }
      return acks;
    };
    const quiet = await ackFor(3_000);
    const clients = Array.from({ length: 10 }, (_, i) => client(urls[i % urls.length]!));
    let acks: number[];
    try {
      acks = await ackFor(6_000);
    } finally {
      stop = true;
      await Promise.all(clients);
    }
    const detail = JSON.stringify({ quiet: quiet.map(Math.round), acks: acks.map(Math.round), statuses: [...statuses] });
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(acks.length, detail).toBeGreaterThanOrEqual(20);
    expect(pct(acks, 0.95), detail).toBeLessThanOrEqual(Math.max(250, 2 * p99(quiet) + 100));
    expect(Math.max(...acks), detail).toBeLessThanOrEqual(1_000);
  }, 20_000);
});
