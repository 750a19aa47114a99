import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger, withJobContext } from '../lib/logger.js';
import { fanOut } from './fan-out.js';
import { DELIVERY_LIMITS, DeliveryScheduler, STOP_STARTING_MS } from './scheduler.js';
import { outboxRef, partitionJob } from './worker.js';

/**
 * The webhook worker Lambda on AWS (R-SET-10, R-SET-12): each SQS message is one DynamoDB Streams record
 * of an outbox row (INSERT, new image; the EventBridge Pipe filters out every other row, infra/webhooks.ts).
 * All the batch's rows are fanned out first; then their sends run under one delivery scheduler
 * (scheduler.ts): concurrently, tenants in turn, at most 8 at once for one tenant and 2 for one endpoint,
 * so one tenant's hanging endpoints neither delay another tenant's messages in the batch nor hold the
 * invocation past the send timeout of the steps already started.
 * A message whose fan-out or sends throw is reported alone (partial batch response) and comes back after
 * the queue's visibility timeout; after 5 receives it lands in the dead-letter queue, whose alarm pages
 * someone. A receiver's failure is no such error: its retry is scheduled in the table.
 */
export async function handler(
  event: SQSEvent,
  context?: { awsRequestId?: string; getRemainingTimeInMillis?: () => number },
): Promise<SQSBatchResponse> {
  return withJobContext('webhook-worker', context, async () => {
    const failures = new Set<string>();
    /** Which messages fed each partition: a partition whose send throws fails them. */
    const feeders = new Map<string, string[]>();
    const fanOuts = new Map<string, ReturnType<typeof fanOut>>();
    const scheduler = new DeliveryScheduler(DELIVERY_LIMITS, {
      mayStart: () => (context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY) > STOP_STARTING_MS,
      onError: (job, e) => {
        logger.error('webhook worker: delivery failed', { error: e as Error, partition: job.key });
        for (const id of feeders.get(job.key) ?? []) failures.add(id);
      },
    });
    await Promise.all(
      event.Records.map(async (record) => {
        try {
          const body = JSON.parse(record.body) as {
            dynamodb?: { Keys?: { pk?: { S?: string }; sk?: { S?: string } } };
          };
          const ref = outboxRef(body.dynamodb?.Keys?.pk?.S ?? '', body.dynamodb?.Keys?.sk?.S ?? '');
          if (!ref) {
            logger.warn('webhook worker: not an outbox record', { messageId: record.messageId });
            return;
          }
          // One fan-out per (tenant, order key): it takes all of that key's outbox rows, in order.
          const refKey = `${ref.tenant}#${ref.orderKey}`;
          let fed = fanOuts.get(refKey);
          if (!fed) {
            fed = fanOut(ref.tenant, ref.orderKey);
            fanOuts.set(refKey, fed);
          }
          const { partitions } = await fed;
          for (const p of partitions) {
            const job = partitionJob(ref.tenant, p);
            feeders.set(job.key, [...(feeders.get(job.key) ?? []), record.messageId]);
            scheduler.add(job);
          }
        } catch (e) {
          logger.error('webhook worker: message failed', { error: e as Error, messageId: record.messageId });
          failures.add(record.messageId);
        }
      }),
    );
    await scheduler.idle();
    return { batchItemFailures: [...failures].map((itemIdentifier) => ({ itemIdentifier })) };
  });
}
