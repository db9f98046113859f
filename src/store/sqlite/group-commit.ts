/**
 * Group commit (issue 5, Intake: "many concurrent pushes commit together rather than one fsync
 * each"). Items submitted while a batch is open are handed to `commit` together, which runs them
 * in one transaction; every submitter's promise settles only after that transaction committed.
 *
 * A batch closes at the end of the current macrotask (setImmediate: every request parsed in the
 * same event-loop turn joins it), after `maxWaitMs` when that is set, or at once at `maxBatch`
 * items. These are real timers on purpose: they pace the event loop, not the injected clock, and a
 * fake clock that never advances must not leave a push uncommitted.
 */

export type ItemResult<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitOptions<I, O> {
  /** Items per transaction at most (default 256). */
  maxBatch?: number;
  /** 0 (default): close the batch at the end of the macrotask; otherwise wait this many ms. */
  maxWaitMs?: number;
  /**
   * Commits the items in ONE transaction and returns one result per item, in order. An item that
   * failed on its own is `{ ok: false }`; throwing fails (and rolls back) the whole batch.
   */
  commit(items: readonly I[]): ItemResult<O>[];
}

export interface GroupCommitter<I, O> {
  submit(item: I): Promise<O>;
  /** Commits everything still queued now, synchronously (used by close()). */
  flush(): void;
  readonly queued: number;
}

interface Waiter<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createGroupCommitter<I, O>(options: GroupCommitOptions<I, O>): GroupCommitter<I, O> {
  const maxBatch = Math.max(1, options.maxBatch ?? 256);
  const maxWaitMs = Math.max(0, options.maxWaitMs ?? 0);
  const queue: Waiter<I, O>[] = [];
  let cancelTimer: (() => void) | undefined;

  const commitOne = () => {
    const batch = queue.splice(0, maxBatch);
    if (batch.length === 0) return;
    let results: ItemResult<O>[];
    try {
      results = options.commit(batch.map((w) => w.item));
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    batch.forEach((w, i) => {
      const r = results[i];
      if (r === undefined) w.reject(new Error("group commit returned no result for an item"));
      else if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  };

  const schedule = () => {
    if (cancelTimer !== undefined || queue.length === 0) return;
    const fire = () => {
      cancelTimer = undefined;
      commitOne();
      schedule(); // whatever arrived meanwhile, or was past maxBatch, gets the next batch
    };
    if (maxWaitMs === 0) {
      const handle = setImmediate(fire);
      cancelTimer = () => clearImmediate(handle);
    } else {
      const handle = setTimeout(fire, maxWaitMs);
      cancelTimer = () => clearTimeout(handle);
    }
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length >= maxBatch) {
          cancelTimer?.();
          cancelTimer = undefined;
          commitOne();
        }
        schedule();
      });
    },
    flush() {
      cancelTimer?.();
      cancelTimer = undefined;
      while (queue.length > 0) commitOne();
    },
    get queued() {
      return queue.length;
    },
  };
}
