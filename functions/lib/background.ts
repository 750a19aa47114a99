import { logger } from './logger.js';

/**
 * Work a request starts and does not wait for (docs/decisions/0252-mail-log-per-tenant.md): the e-mail
 * send log's counts, so a booking or any other request that sends mail is answered whatever that
 * write takes or whether it succeeds. A failure is logged, never thrown.
 */
const inFlight = new Set<Promise<void>>();

export function inBackground(what: string, work: () => Promise<unknown>): void {
  const p: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (e: unknown) => logger.warn(`${what} failed`, { error: e as Error }),
    )
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}

/**
 * Waits for this process's background work still under way. Readers of what it writes call it
 * first, so a process reads its own writes (the local runtime, tests); on AWS the reader is
 * another function with nothing pending.
 */
export async function settleBackground(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
