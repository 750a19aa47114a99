import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger, withJobContext } from '../lib/logger.js';
import { outboxRef, processOutbox } from './worker.js';

/**
 * The webhook worker Lambda on AWS (R-SET-10): each SQS message is one DynamoDB Streams record of an
 * outbox row (INSERT, new image; the EventBridge Pipe filters out every other row, infra/webhooks.ts).
 * A message that fails is reported alone (partial batch response) and comes back after the queue's
 * visibility timeout; after 5 receives it lands in the dead-letter queue, whose alarm pages someone.
 * The outbox row itself stays until it is fanned out, so the minute sweep would take it too.
 */
export async function handler(event: SQSEvent, context?: { awsRequestId?: string }): Promise<SQSBatchResponse> {
  return withJobContext('webhook-worker', context, async () => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      try {
        const body = JSON.parse(record.body) as { dynamodb?: { Keys?: { pk?: { S?: string }; sk?: { S?: string } } } };
        const ref = outboxRef(body.dynamodb?.Keys?.pk?.S ?? '', body.dynamodb?.Keys?.sk?.S ?? '');
        if (!ref) {
          logger.warn('webhook worker: not an outbox record', { messageId: record.messageId });
          continue;
        }
        await processOutbox(ref.tenant, ref.orderKey);
      } catch (e) {
        logger.error('webhook worker: message failed', { error: e as Error, messageId: record.messageId });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  });
}
