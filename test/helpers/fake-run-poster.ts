import type { RunPoster } from "../../src/slack/run-poster.ts";
import type { MessagePayload } from "../../src/slack/blockkit/blocks.ts";

export interface PostedRun {
  channel: string;
  message: MessagePayload;
  runId: number;
  ts: string;
}

/**
 * A RunPoster over an in-memory channel history: what was posted stays "in Slack" across a
 * scheduler's restart (pass the same `posted` list to the next one). `failNext` makes the next post
 * fail; `postedThenFail` posts and then fails (Slack got it, we never heard back).
 */
export class FakeRunPoster implements RunPoster {
  readonly posted: PostedRun[];
  failNext: Error | undefined;
  postedThenFail: Error | undefined;
  lookups = 0;
  #seq = 0;

  constructor(posted: PostedRun[] = []) {
    this.posted = posted;
    this.#seq = posted.length;
  }

  async post(input: { channel: string; message: MessagePayload; runId: number }): Promise<{ ts: string }> {
    if (this.failNext) {
      const e = this.failNext;
      this.failNext = undefined;
      throw e;
    }
    const ts = `1800000000.${String(++this.#seq).padStart(6, "0")}`;
    this.posted.push({ ...input, ts });
    if (this.postedThenFail) {
      const e = this.postedThenFail;
      this.postedThenFail = undefined;
      throw e;
    }
    return { ts };
  }

  async findPosted(input: { channel: string; runId: number; oldestMs: number }): Promise<string | undefined> {
    this.lookups++;
    return this.posted.find((p) => p.channel === input.channel && p.runId === input.runId)?.ts;
  }
}
