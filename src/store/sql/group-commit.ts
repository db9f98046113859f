/**
 * Group commit (issue 5, Intake: "many concurrent pushes commit together rather than one fsync
 * each"), once for both databases. Items submitted while a batch is open are handed to `commit`
 * together, which runs them in one transaction; every submitter's promise settles only after that
 * transaction committed.
 *
 * A batch closes at the end of the current macrotask (setImmediate: every request parsed in the
 * same event-loop turn joins it), after `maxWaitMs` when that is set, or at once at `maxBatch`
 * items. Batches run one after another, never side by side: while one commits, the next one fills.
 * That keeps ids in arrival order (FIFO per channel follows the order pushes were received) and is
 * what makes the batches large under load. On SQLite a commit is over within the microtasks of the
 * turn that started it, so nothing waits behind it across turns. These are real timers on purpose:
 * they pace the event loop, not the injected clock, and a fake clock that never advances must not
 * leave a push uncommitted.
 */

export type ItemResult<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface AsyncGroupCommitOptions<I, O> {
  /** Items per transaction at most (default 256). */
  maxBatch?: number | undefined;
  /** 0 (default): close the batch at the end of the macrotask; otherwise wait this many ms. */
  maxWaitMs?: number | undefined;
  /**
   * Commits the items in ONE transaction and returns one result per item, in order. An item that
   * failed on its own is `{ ok: false }`; throwing fails (and rolls back) the whole batch.
   */
  commit(items: readonly I[]): Promise<ItemResult<O>[]> | ItemResult<O>[];
}

export interface AsyncGroupCommitter<I, O> {
  submit(item: I): Promise<O>;
  /**
   * Commits everything still queued, then resolves (used by close()). The first batch starts at
   * once: a `commit` that is synchronous has run by the time flush() returns.
   */
  flush(): Promise<void>;
  readonly queued: number;
}

interface Waiter<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createAsyncGroupCommitter<I, O>(options: AsyncGroupCommitOptions<I, O>): AsyncGroupCommitter<I, O> {
  const maxBatch = Math.max(1, options.maxBatch ?? 256);
  const maxWaitMs = Math.max(0, options.maxWaitMs ?? 0);
  const queue: Waiter<I, O>[] = [];
  let cancelTimer: (() => void) | undefined;
  let running: Promise<void> | undefined;

  const commitBatch = async (batch: Waiter<I, O>[]) => {
    let results: ItemResult<O>[];
    try {
      results = await options.commit(batch.map((w) => w.item));
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

  const start = () => {
    cancelTimer?.();
    cancelTimer = undefined;
    const batch = queue.splice(0, maxBatch);
    if (batch.length === 0) return;
    running = commitBatch(batch).finally(() => {
      running = undefined;
      // A full batch waiting goes at once; a partial one gets its window to fill.
      if (queue.length >= maxBatch) start();
      else schedule();
    });
  };

  const schedule = () => {
    if (cancelTimer !== undefined || running !== undefined || queue.length === 0) return;
    if (maxWaitMs === 0) {
      const handle = setImmediate(start);
      cancelTimer = () => clearImmediate(handle);
    } else {
      const handle = setTimeout(start, maxWaitMs);
      cancelTimer = () => clearTimeout(handle);
    }
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length >= maxBatch && running === undefined) start();
        else schedule();
      });
    },
    async flush() {
      while (running !== undefined || queue.length > 0) {
        if (running !== undefined) await running;
        else start();
      }
    },
    get queued() {
      return queue.length;
    },
  };
}
