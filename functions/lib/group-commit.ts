/**
 * Group commit for hot rows (docs/decisions/0238-booking-rush.md): what callers ask of one row while a
 * write to it is under way waits for that write, then goes out together in one write. A lone request
 * writes at once, as before; a failed write fails the requests it carried.
 *
 * In one process serving many requests (the local runtime) a rush's winners then cost about two
 * writes to their tenant's counter instead of one each; on AWS an instance serves one request at a
 * time, so every request writes alone.
 */
interface Waiter<T, R> {
  item: T;
  write: (items: T[]) => Promise<R[]>;
  resolve: (value: R) => void;
  reject: (e: unknown) => void;
}

interface Queue {
  busy: boolean;
  waiting: Waiter<unknown, unknown>[];
}

const queues = new Map<string, Queue>();

/** `item`'s answer from `write`, which gets every item asked for `key` meanwhile (in order) and answers one result each. */
function groupCommit<T, R>(key: string, item: T, write: (items: T[]) => Promise<R[]>): Promise<R> {
  let queue = queues.get(key);
  if (!queue) {
    queue = { busy: false, waiting: [] };
    queues.set(key, queue);
  }
  const q = queue;
  const answer = new Promise<R>((resolve, reject) =>
    q.waiting.push({ item, write, resolve, reject } as Waiter<unknown, unknown>),
  );
  if (!q.busy) void flush(key, q);
  return answer;
}

async function flush(key: string, q: Queue): Promise<void> {
  q.busy = true;
  while (q.waiting.length) {
    const batch = q.waiting.splice(0);
    try {
      const results = await batch[0]!.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (e) {
      for (const w of batch) w.reject(e);
    }
  }
  q.busy = false;
  if (queues.get(key) === q) queues.delete(key);
}

/**
 * The next value of a sequence: `add(n)` adds n to the stored sequence and answers its new value;
 * draws grouped into one write get consecutive values in the order they asked.
 */
export function drawFrom(key: string, add: (n: number) => Promise<number>): Promise<number> {
  return groupCommit(key, null, async (items) => {
    const last = await add(items.length);
    return items.map((_, i) => last - items.length + 1 + i);
  });
}

/** Increments of one counter row, summed per attribute with those grouped into the same write. */
export function addTo(
  key: string,
  increments: Record<string, number>,
  write: (sum: Record<string, number>) => Promise<void>,
): Promise<void> {
  return groupCommit(key, increments, async (items) => {
    const sum: Record<string, number> = {};
    for (const inc of items) for (const [name, n] of Object.entries(inc)) sum[name] = (sum[name] ?? 0) + n;
    await write(sum);
    return items.map(() => undefined);
  });
}
