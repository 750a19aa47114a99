import { pollWebhooks } from '../webhooks/worker.js';

/**
 * The local runtime's stand-in for DynamoDB Streams → SQS (docs/decisions/webhooks.md): the same worker
 * code, polled every `intervalMs` (1 s by default): outbox rows and due retries, both read by key from
 * gsi1. One pass at a time; errors are reported and never stop the runtime.
 */
export function pollWebhooksLocally(opts: { intervalMs?: number; onError: (e: unknown) => void }): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await pollWebhooks({ budgetMs: 30_000 });
    } catch (e) {
      opts.onError(e);
    } finally {
      running = false;
    }
  }, opts.intervalMs ?? 1_000);
  timer.unref();
  return () => clearInterval(timer);
}
