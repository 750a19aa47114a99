import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as pipes from 'aws-cdk-lib/aws-pipes';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { InfraConfig } from './config.js';
import { appFunction } from './lambda.js';
import { acknowledgeNag } from './nag.js';
import { grantDataKey, grantSendMail } from './permissions.js';

/**
 * The worker's timeout: a batch's sends run concurrently, each at most 10 s, and none starts in the last
 * 20 s (functions/webhooks/queue-handler.ts `STOP_STARTING_MS`); what is left the minute sweep sends.
 */
export const WEBHOOK_WORKER_TIMEOUT = Duration.seconds(120);
/** Messages per invocation: fanned out together, then sent fairly across their tenants (R-SET-12). */
export const WEBHOOK_BATCH_SIZE = 10;
/**
 * Worker invocations at once (the event source's maximum concurrency, R-SET-12): several batches run in
 * parallel, so one held by a tenant's slow receivers does not stop the queue, and a flood of webhooks
 * cannot take the account's Lambda concurrency from the API.
 */
export const WEBHOOK_MAX_CONCURRENCY = 20;
/** A message that failed this many times lands in the dead-letter queue (and the alarm fires). */
export const WEBHOOK_MAX_RECEIVES = 5;

/**
 * The stream filter: INSERTs of webhook outbox rows only (functions/lib/webhook-rows.ts, sort key
 * `WHOUT#…`), so the pipe forwards nothing else the table writes.
 */
export const OUTBOX_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { sk: { S: [{ prefix: 'WHOUT#' }] } } },
};

export interface WebhooksProps {
  config: InfraConfig;
  environment: Record<string, string>;
  table: dynamodb.Table;
  dataKey: secretsmanager.ISecret;
  sesIdentityArns: string[];
  /** The webhook-retries sweep (functions/lib/sweep-schedules.ts): it sends, so it opens the secrets too. */
  retrySweep: lambda.Function;
}

/**
 * Webhook delivery on AWS (docs/decisions/0231-webhooks.md, docs/requirements/settings.md R-SET-10): the
 * table's stream (new images) → an EventBridge Pipe that keeps only outbox INSERTs → an SQS queue (with
 * its dead-letter queue, alarmed by infra/alarms.ts) → the worker Lambda (functions/webhooks/queue-handler.ts,
 * fair across tenants under the delivery scheduler, R-SET-12).
 * Retries that are due are sent by the webhook-retries sweep (every minute).
 */
export class Webhooks extends Construct {
  readonly queue: sqs.Queue;
  readonly dlq: sqs.Queue;
  readonly worker: lambda.Function;
  readonly pipe: pipes.CfnPipe;

  constructor(scope: Construct, id: string, props: WebhooksProps) {
    super(scope, id);
    const cfg = props.config;
    if (!props.table.tableStreamArn) throw new Error('Webhooks need the table stream (infra/data.ts)');
    this.dlq = new sqs.Queue(this, 'WebhookDlq', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: cfg.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.queue = new sqs.Queue(this, 'WebhookQueue', {
      // Lambda's advice: six times the function's timeout, so a slow batch is not handed out twice.
      visibilityTimeout: Duration.seconds(WEBHOOK_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.dlq, maxReceiveCount: WEBHOOK_MAX_RECEIVES },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const role = new iam.Role(this, 'PipeRole', { assumedBy: new iam.ServicePrincipal('pipes.amazonaws.com') });
    props.table.grantStreamRead(role);
    this.queue.grantSendMessages(role);
    this.dlq.grantSendMessages(role);
    acknowledgeNag(
      role,
      'IAM5',
      'grantStreamRead adds dynamodb:ListStreams, which has no resource-level permissions (it must be *)',
      'Resource::*',
    );
    this.pipe = new pipes.CfnPipe(this, 'OutboxPipe', {
      description: 'Webhook outbox rows from the table stream to the webhook queue (R-SET-10)',
      roleArn: role.roleArn,
      source: props.table.tableStreamArn,
      sourceParameters: {
        filterCriteria: { filters: [{ pattern: JSON.stringify(OUTBOX_FILTER) }] },
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: 10,
          maximumBatchingWindowInSeconds: 0,
          maximumRetryAttempts: 10,
          // Records the pipe could not hand over; the outbox rows stay, and the sweep fans them out.
          deadLetterConfig: { arn: this.dlq.queueArn },
        },
      },
      target: this.queue.queueArn,
    });

    this.worker = appFunction(
      this,
      'WebhookWorkerFunction',
      {
        entry: 'functions/webhooks/queue-handler.ts',
        description: 'Fans webhook outbox rows out to endpoints and sends them, signed (Standard Webhooks)',
        environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: 'webhook-worker' },
        timeout: WEBHOOK_WORKER_TIMEOUT,
        readsSecrets: true,
      },
      cfg,
    );
    this.worker.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: WEBHOOK_BATCH_SIZE,
        maxConcurrency: WEBHOOK_MAX_CONCURRENCY,
        // Only the messages whose fan-out or sends threw come back; a receiver's failure is a retry in the table.
        reportBatchItemFailures: true,
      }),
    );
    props.table.grantReadWriteData(this.worker);
    grantSendMail(this.worker, props.sesIdentityArns);
    // The sweep has its table and mail grants with every sweep's (infra/schedules.ts, MAIL_SENDING_SWEEPS);
    // it signs too (DATA_KEY_SWEEPS).
    for (const fn of [this.worker, props.retrySweep]) grantDataKey(fn, props.dataKey);
  }
}
