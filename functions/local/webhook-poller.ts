import { DELIVERY_LIMITS, DeliveryScheduler } from '../webhooks/scheduler.js';
import { pollWebhooks } from '../webhooks/worker.js';

/**
 * The local runtime's stand-in for DynamoDB Streams → SQS (docs/decisions/0231-webhooks.md): the same worker
 * code, polled every `intervalMs` (1 s by default): outbox rows and due retries, both read by key from
 * gsi1. One read pass at a time, but the sends belong to one delivery scheduler for the process
 * (functions/webhooks/scheduler.ts, R-SET-12) that keeps sending while the next passes read: a send
 * hanging until its timeout delays no other tenant's delivery, nor the next pass. Errors are reported
 * and never stop the runtime; once stopped, no new send starts.
 */
export function pollWebhooksLocally(opts: { intervalMs?: number; onError: (e: unknown) => void }): () => void {
  let running = false;
  let stopped = false;
  const scheduler = new DeliveryScheduler(DELIVERY_LIMITS, {
    mayStart: () => !stopped,
    onError: (_job, e) => opts.onError(e),
  });
  const timer = setInterval(async () => {
    if (running || stopped) return;
    running = true;
    try {
      await pollWebhooks({ scheduler });
    } catch (e) {
      opts.onError(e);
    } finally {
      running = false;
    }
  }, opts.intervalMs ?? 1_000);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
