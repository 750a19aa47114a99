/**
 * Optimistic writes: read, decide, write conditionally on what was read; a writer that lost the race
 * (its condition failed, or DynamoDB cancelled for a concurrent transaction) reads again and is judged
 * again. How many times, and how long to wait in between, is decided here only
 * (docs/decisions/0018-optimistic-retry.md).
 *
 *   return optimistic(
 *     async () => {
 *       const row = await read();
 *       try { await conditionalWrite(row); return answer; }
 *       catch (e) { return retryWhen(e, isConditionFailure(e)); }   // lost: RETRY; anything else: thrown
 *     },
 *     () => { throw conflict('... changed at the same time; please try again'); },
 *   );
 */

/** What an attempt returns when it lost the race and wants another read. */
export const RETRY: unique symbol = Symbol('optimistic retry');
export type Attempt<T> = T | typeof RETRY;

/**
 * Enough for 50 simultaneous public bookings of one slot (services.int.test.ts) to end in an answer
 * for each rather than a give-up; a lone writer never reaches the second attempt.
 */
export const OPTIMISTIC_ATTEMPTS = 12;
const PAUSE = { baseMs: 10, stepMs: 25, capMs: 400 };

/**
 * The pause before attempt `attempt + 1`: random (so racing writers spread out) and growing with the
 * attempt up to a cap.
 */
function retryPause(attempt: number, random: () => number = Math.random): Promise<void> {
  return new Promise((r) => setTimeout(r, pauseMs(attempt, random)));
}

export function pauseMs(attempt: number, random: () => number = Math.random): number {
  return PAUSE.baseMs + random() * Math.min(PAUSE.capMs, PAUSE.stepMs * 2 ** attempt);
}

/** RETRY when `lost` (the error is a lost race), else `e` is thrown on. */
export function retryWhen(e: unknown, lost: boolean): typeof RETRY {
  if (!lost) throw e;
  return RETRY;
}

/**
 * Runs `attempt` until it answers something other than RETRY, at most OPTIMISTIC_ATTEMPTS times with
 * a pause between; then `exhausted()` answers (usually a thrown 409 asking to try again).
 * An error thrown by an attempt ends the loop at once.
 */
export async function optimistic<T>(
  attempt: (n: number) => Promise<Attempt<T>>,
  exhausted: () => T,
  opts: { pause?: (n: number) => Promise<void> } = {},
): Promise<T> {
  const pause = opts.pause ?? retryPause;
  for (let n = 0; n < OPTIMISTIC_ATTEMPTS; n++) {
    if (n) await pause(n - 1);
    const out = await attempt(n);
    if (out !== RETRY) return out;
  }
  return exhausted();
}
